/**
 * The referent calls (spec section 7, Referent): the team, attribution, contract, invoices and orders, dashboard,
 * attestations and history export of the account in use; a holder's or referent's (the second rule with a writable
 * contract for what changes the account).
 */
import { endpoint } from "../endpoint.ts";
import { IdParams } from "../fields.ts";
import { EmptyBody } from "../ids.ts";
import {
  AccountDataSchema,
  AccountInvoiceDetailSchema,
  AccountInvoicesSchema,
  AddApprenantSchema,
  ApprenantActivitySchema,
  AttributeApprenantsSchema,
  AttributionOptionsSchema,
  AttributionResultSchema,
  ContractOfferSchema,
  ContractPaymentSchema,
  ContractViewSchema,
  DashboardSchema,
  EditAccountDatasSchema,
  HistoryExportJobSchema,
  InvitationResentSchema,
  InvitationSentSchema,
  InvoicesZipSchema,
  SendEmailToApprenantSchema,
  TeamAttestationsSchema,
  TeamSchema,
  ToggleApprenantActiveSchema,
} from "../referent.ts";
import { OrderSchema } from "../shop.ts";

export const referentEndpoints = {
  // team
  team: endpoint({ method: "GET", path: "/referent/dpec/allApprenants", reply: TeamSchema, access: "referent" }),
  addApprenant: endpoint({ method: "POST", path: "/referent/addApprenant", body: AddApprenantSchema, reply: InvitationSentSchema, access: "referentWrite" }),
  resendInvitation: endpoint({
    method: "POST",
    path: "/referent/sendEmailToApprenant",
    body: SendEmailToApprenantSchema,
    reply: InvitationResentSchema,
    access: "referentWrite",
  }),
  toggleApprenantActive: endpoint({
    method: "POST",
    path: "/referent/toggleApprenantActive",
    body: ToggleApprenantActiveSchema,
    reply: ApprenantActivitySchema,
    access: "referentWrite",
  }),
  editAccountDatas: endpoint({
    method: "POST",
    path: "/referent/editAccountDatas",
    body: EditAccountDatasSchema,
    reply: AccountDataSchema,
    access: "referentWrite",
  }),

  // attribution of bought trainings (ADR 0070)
  attributionOptions: endpoint({ method: "GET", path: "/referent/attributeApprenants/options", reply: AttributionOptionsSchema, access: "referent" }),
  attribute: endpoint({
    method: "POST",
    path: "/referent/attributeApprenants",
    body: AttributeApprenantsSchema,
    reply: AttributionResultSchema,
    access: "referentWrite",
  }),

  // contract (the spec's GETs that change state: the CSRF header like a POST)
  contract: endpoint({ method: "GET", path: "/referent/getContract", reply: ContractViewSchema, access: "referent" }),
  offerNextProduct: endpoint({
    method: "GET",
    path: "/referent/updateToNextContractProduct",
    reply: ContractOfferSchema,
    access: "referentWrite",
    changesState: true,
  }),
  signOffer: endpoint({
    method: "GET",
    path: "/referent/contract/sign/:id",
    params: IdParams,
    reply: ContractOfferSchema,
    access: "referentWrite",
    changesState: true,
  }),
  /** Signing with payment (ADR 0071): the pending contract order and the provider's payment start. */
  startContractPayment: endpoint({
    method: "GET",
    path: "/referent/contract/signContractSystemPay/:id",
    params: IdParams,
    reply: ContractPaymentSchema,
    access: "referentWrite",
    changesState: true,
  }),

  // invoices and orders (ADR 0053); reading only: a read-only contract may
  invoices: endpoint({ method: "GET", path: "/referent/invoices", reply: AccountInvoicesSchema, access: "referent" }),
  bonificacionInvoices: endpoint({ method: "GET", path: "/referent/bonificacionesInvoices", reply: AccountInvoicesSchema, access: "referent" }),
  lastOrder: endpoint({ method: "GET", path: "/referent/getLastCommand", reply: OrderSchema.nullable(), access: "referent" }),
  order: endpoint({ method: "GET", path: "/referent/getCommand/:id", params: IdParams, reply: OrderSchema, access: "referent" }),
  invoice: endpoint({ method: "GET", path: "/referent/invoice/:id", params: IdParams, reply: AccountInvoiceDetailSchema, access: "referent" }),
  invoicePdf: endpoint({ method: "GET", path: "/referent/invoice/:id/pdf", params: IdParams, reply: "file", access: "referent" }),
  /** Several invoices as one ZIP (the spec names both paths). */
  invoicesZip: endpoint({ method: "POST", path: "/referent/invoices", body: InvoicesZipSchema, reply: "file", access: "referent" }),
  invoicesZipSpec: endpoint({ method: "POST", path: "/referent/mFactures", body: InvoicesZipSchema, reply: "file", access: "referent" }),

  // dashboard, attestations, history export (reads: a read-only contract may export too)
  dashboard: endpoint({ method: "GET", path: "/referent/dashboard", reply: DashboardSchema, access: "referent" }),
  attestations: endpoint({ method: "GET", path: "/referent/attestations", reply: TeamAttestationsSchema, access: "referent" }),
  historyExport: endpoint({ method: "POST", path: "/referent/history/export", body: EmptyBody, reply: "file", access: "referent" }),
  /** The export as a job with its progress (ADR 0076): 202 while being written. */
  startHistoryExport: endpoint({ method: "POST", path: "/referent/history/exports", body: EmptyBody, reply: HistoryExportJobSchema, access: "referent" }),
  historyExportJob: endpoint({ method: "GET", path: "/referent/history/exports/:id", params: IdParams, reply: HistoryExportJobSchema, access: "referent" }),
  historyExportFile: endpoint({ method: "GET", path: "/referent/history/exports/:id/file", params: IdParams, reply: "file", access: "referent" }),
};
