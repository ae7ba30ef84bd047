/**
 * The referent calls (spec section 7, Referent), mounted under /back/api/referent/: thin, each resolves the
 * referent's scope (referent-scope.ts: the holder-or-referent guard and the account in use) and hands it to a service.
 */
import { Hono, type Context } from "hono";
import {
  AccountDataSchema,
  AccountInvoiceDetailSchema,
  AccountInvoicesSchema,
  AddApprenantSchema,
  AttributeApprenantsSchema,
  AttributionOptionsSchema,
  AttributionResultSchema,
  ContractPaymentSchema,
  DashboardSchema,
  HistoryExportIdParamsSchema,
  HistoryExportJobSchema,
  TeamAttestationsSchema,
  InvoiceIdParamsSchema,
  InvoicesZipSchema,
  ContractOfferSchema,
  ContractViewSchema,
  OfferIdParamsSchema,
  EditAccountDatasSchema,
  SendEmailToApprenantSchema,
  TeamSchema,
  ToggleApprenantActiveSchema,
} from "#core/contract/referent.ts";
import { OrderIdParamsSchema, OrderSchema } from "#core/contract/shop.ts";
import type { BackEnv } from "../../context.ts";
import { fixedT } from "../../../i18n/i18n.ts";
import { success } from "../../http/envelope.ts";
import { publicOriginFor } from "../../http/request-host.ts";
import { requireCsrfOnGet } from "../../http/guards.ts";
import { parseBody, parseInput } from "../../http/validate.ts";
import * as attribution from "./attribution.service.ts";
import * as contract from "./contract.service.ts";
import * as invoices from "./invoices.service.ts";
import * as dashboard from "./dashboard.service.ts";
import * as historyExport from "./history-export.service.ts";
import { EmptyBody } from "#core/contract/ids.ts";
import { requireReferent, type ReferentScope } from "./referent-scope.ts";
import * as team from "./team.service.ts";
import { getAccountOrder, getLastAccountOrder } from "../shop/orders.service.ts";

export const referentRoutes = new Hono<BackEnv>();

const originOf = (c: Context<BackEnv>, scope: ReferentScope) => publicOriginFor(c, scope.account.brand) ?? publicOriginFor(c, c.var.brand.key) ?? "";

// ------------------------------------------------------------------ team

referentRoutes.get("/referent/dpec/allApprenants", async (c) => {
  const scope = await requireReferent(c);
  return success(c, TeamSchema.parse(await team.listTeam(c.var.deps, scope)));
});

referentRoutes.post("/referent/addApprenant", async (c) => {
  const scope = await requireReferent(c, { write: true });
  const input = await parseBody(c, AddApprenantSchema);
  const result = await team.addApprenant(c.var.deps, scope, input, originOf(c, scope));
  return success(c, result, c.var.t("teamInvitationSent", { email: result.email }), 201);
});

referentRoutes.post("/referent/sendEmailToApprenant", async (c) => {
  const scope = await requireReferent(c, { write: true });
  const { id } = await parseBody(c, SendEmailToApprenantSchema);
  const result = await team.resendInvitation(c.var.deps, scope, id, originOf(c, scope));
  return success(c, result, c.var.t("teamInvitationSent", { email: result.email }));
});

referentRoutes.post("/referent/toggleApprenantActive", async (c) => {
  const scope = await requireReferent(c, { write: true });
  const { contactId, isActive } = await parseBody(c, ToggleApprenantActiveSchema);
  const result = await team.toggleApprenantActive(c.var.deps, scope, contactId, isActive);
  return success(c, result, c.var.t(result.isActive ? "teamMemberActivated" : "teamMemberDeactivated", { name: result.name }));
});

referentRoutes.post("/referent/editAccountDatas", async (c) => {
  const scope = await requireReferent(c, { write: true });
  const input = await parseBody(c, EditAccountDatasSchema);
  return success(c, AccountDataSchema.parse(await team.editAccountDatas(c.var.deps, scope, input)), c.var.t("accountDataSaved"));
});

// ------------------------------------------------------------------ attribution of bought trainings (ADR 0070)

/** The products the pharmacy bought and the members who may get one (the attribution form's data). */
referentRoutes.get("/referent/attributeApprenants/options", async (c) => {
  const scope = await requireReferent(c);
  return success(c, AttributionOptionsSchema.parse(await attribution.attributionOptions(c.var.deps, scope)));
});

referentRoutes.post("/referent/attributeApprenants", async (c) => {
  const scope = await requireReferent(c, { write: true });
  const input = await parseBody(c, AttributeApprenantsSchema);
  const { trainingName: training, ...result } = await attribution.attributeApprenants(c.var.deps, scope, input);
  const message =
    result.attributed.length > 0 ? c.var.t("attributionDone", { count: result.attributed.length, training }) : c.var.t("attributionNothingToDo", { training });
  return success(c, AttributionResultSchema.parse(result), message);
});

// ------------------------------------------------------------------ contract

referentRoutes.get("/referent/getContract", async (c) => {
  const scope = await requireReferent(c);
  return success(c, ContractViewSchema.parse(await contract.getContract(c.var.deps, scope)));
});

// The spec's GETs that change state: the CSRF header like a POST (419 otherwise), then the write scope.
referentRoutes.get("/referent/updateToNextContractProduct", async (c) => {
  requireCsrfOnGet(c);
  const scope = await requireReferent(c, { write: true });
  const offer = await contract.offerNextProduct(c.var.deps, scope);
  return success(c, ContractOfferSchema.parse(offer), c.var.t("contractOfferCreated", { product: offer.productName }));
});

referentRoutes.get("/referent/contract/sign/:id", async (c) => {
  requireCsrfOnGet(c);
  const scope = await requireReferent(c, { write: true });
  const { id } = parseInput(OfferIdParamsSchema, { id: c.req.param("id") }, c.var.t);
  const offer = await contract.signOffer(c.var.deps, scope, id);
  return success(c, ContractOfferSchema.parse(offer), c.var.t("contractSigned", { product: offer.productName }));
});

/**
 * Signing with payment (ADR 0071): a pending contract order for the offer's amount and the provider's payment start
 * (the sandbox page, or SystemPay's hosted form to post). The provider's notification signs the contract.
 */
referentRoutes.get("/referent/contract/signContractSystemPay/:id", async (c) => {
  requireCsrfOnGet(c);
  const scope = await requireReferent(c, { write: true });
  const { id } = parseInput(OfferIdParamsSchema, { id: c.req.param("id") }, c.var.t);
  const payment = await contract.startContractPayment(c.var.deps, scope, id, { origin: originOf(c, scope), locale: c.var.locale });
  return success(c, ContractPaymentSchema.parse(payment.reply), c.var.t("contractPaymentReady", { product: payment.productName }));
});

// ------------------------------------------------------------------ invoices

type C = Context<BackEnv>;

function fileReply(c: C, file: { bytes: Uint8Array; filename: string }, type: string) {
  return c.body(file.bytes as Uint8Array<ArrayBuffer>, 200, {
    "content-type": type,
    "content-disposition": `attachment; filename="${file.filename}"`,
    "content-length": String(file.bytes.byteLength),
  });
}

referentRoutes.get("/referent/invoices", async (c) => {
  const scope = await requireReferent(c);
  return success(c, AccountInvoicesSchema.parse(await invoices.listInvoices(c.var.deps, scope)));
});

referentRoutes.get("/referent/bonificacionesInvoices", async (c) => {
  const scope = await requireReferent(c);
  return success(c, AccountInvoicesSchema.parse(await invoices.listBonificacionInvoices(c.var.deps, scope)));
});

/**
 * The pharmacy's orders (spec getLastCommand, getCommand/{id}; ADR 0053): the holder-or-referent guard, scoped to the
 * account in use. Another pharmacy's order, or a personal one, is not found (404). The buyer's own order is the shop's
 * `/shop/command/{id}`.
 */
referentRoutes.get("/referent/getLastCommand", async (c) => {
  const scope = await requireReferent(c);
  return success(c, OrderSchema.nullable().parse(await getLastAccountOrder(c.var.ctx, scope.accountId)));
});

referentRoutes.get("/referent/getCommand/:id", async (c) => {
  const scope = await requireReferent(c);
  const { id } = parseInput(OrderIdParamsSchema, { id: c.req.param("id") }, c.var.t);
  return success(c, OrderSchema.parse(await getAccountOrder(c.var.ctx, scope.accountId, id)));
});

referentRoutes.get("/referent/invoice/:id", async (c) => {
  const scope = await requireReferent(c);
  const { id } = parseInput(InvoiceIdParamsSchema, { id: c.req.param("id") }, c.var.t);
  return success(c, AccountInvoiceDetailSchema.parse(await invoices.getInvoice(c.var.deps, scope, id)));
});

referentRoutes.get("/referent/invoice/:id/pdf", async (c) => {
  const scope = await requireReferent(c);
  const { id } = parseInput(InvoiceIdParamsSchema, { id: c.req.param("id") }, c.var.t);
  return fileReply(c, await invoices.invoicePdf(c.var.deps, scope, id), "application/pdf");
});

/** Several invoices as one ZIP (the spec names both paths). Reading only: no write scope, a read-only contract may. */
async function zipReply(c: C) {
  const scope = await requireReferent(c);
  const { factures } = await parseBody(c, InvoicesZipSchema);
  const archive = await invoices.invoicesZip(c.var.deps, scope, factures);
  // Streamed as it is written: no content-length.
  return c.body(archive.body, 200, { "content-type": "application/zip", "content-disposition": `attachment; filename="${archive.filename}"` });
}
referentRoutes.post("/referent/invoices", zipReply);
referentRoutes.post("/referent/mFactures", zipReply);

// ------------------------------------------------------------------ dashboard, attestations, history export

referentRoutes.get("/referent/dashboard", async (c) => {
  const scope = await requireReferent(c);
  return success(c, DashboardSchema.parse(await dashboard.getDashboard(c.var.deps, scope)));
});

referentRoutes.get("/referent/attestations", async (c) => {
  const scope = await requireReferent(c);
  return success(c, TeamAttestationsSchema.parse(await dashboard.listTeamAttestations(c.var.deps, scope)));
});

/** The team history's column titles and outcome words in the caller's language. */
function historyTexts(c: Context<BackEnv>): dashboard.HistoryTexts {
  return {
    headers: c.var.t("historyColumns").split(";"),
    outcomes: { achieved: c.var.t("historyOutcomeAchieved"), participated: c.var.t("historyOutcomeParticipated"), failed: c.var.t("historyOutcomeFailed") },
    // The pages' own words for types and statuses (catalogue, records), so the file reads like the dashboard.
    type: (trainingType) => fixedT(c.var.locale, "catalogue")(`types.${trainingType}`),
    status: (status) => fixedT(c.var.locale, "records")(`status.${status}`),
    filename: (date) => c.var.t("historyFilename", { date }),
  };
}

/** A read: a read-only contract may export too. */
referentRoutes.post("/referent/history/export", async (c) => {
  const scope = await requireReferent(c);
  await parseBody(c, EmptyBody);
  const file = await dashboard.exportHistory(c.var.deps, scope, historyTexts(c));
  return fileReply(c, file, "text/csv; charset=utf-8");
});

/** The export as a job with its progress (ADR 0076): a read, so a read-only contract may too. 202: being written. */
referentRoutes.post("/referent/history/exports", async (c) => {
  const scope = await requireReferent(c);
  await parseBody(c, EmptyBody);
  const job = await historyExport.startHistoryExport(c.var.deps, scope, historyTexts(c));
  return success(c, HistoryExportJobSchema.parse(job), "OK", job.state === "done" ? 200 : 202);
});

referentRoutes.get("/referent/history/exports/:id", async (c) => {
  const scope = await requireReferent(c);
  const { id } = parseInput(HistoryExportIdParamsSchema, { id: c.req.param("id") }, c.var.t);
  return success(c, HistoryExportJobSchema.parse(await historyExport.getHistoryExport(c.var.deps, scope, id)));
});

referentRoutes.get("/referent/history/exports/:id/file", async (c) => {
  const scope = await requireReferent(c);
  const { id } = parseInput(HistoryExportIdParamsSchema, { id: c.req.param("id") }, c.var.t);
  return fileReply(c, await historyExport.historyExportFile(c.var.deps, scope, id), "text/csv; charset=utf-8");
});
