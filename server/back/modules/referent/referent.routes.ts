/**
 * The referent calls (spec section 7, Referent), mounted under /back/api/referent/: thin, each resolves the
 * referent's scope (referent-scope.ts: the holder-or-referent guard and the account in use, the endpoint's access
 * rule) and hands it to a service.
 */
import { Hono, type Context } from "hono";
import { referentEndpoints as endpoints } from "#core/contract/endpoints/referent.ts";
import {
  AccountDataSchema,
  AccountInvoiceDetailSchema,
  AccountInvoicesSchema,
  AttributionOptionsSchema,
  AttributionResultSchema,
  ContractOfferSchema,
  ContractPaymentSchema,
  ContractViewSchema,
  DashboardSchema,
  HistoryExportJobSchema,
  TeamAttestationsSchema,
  TeamSchema,
} from "#core/contract/referent.ts";
import { OrderSchema } from "#core/contract/shop.ts";
import type { BackEnv } from "../../context.ts";
import { fixedT } from "../../../i18n/i18n.ts";
import { publicOriginFor } from "../../http/request-host.ts";
import { ok, register } from "../../http/register.ts";
import type { ServiceContext } from "../../service-context.ts";
import * as attribution from "./attribution.service.ts";
import * as contract from "./contract.service.ts";
import * as invoices from "./invoices.service.ts";
import * as dashboard from "./dashboard.service.ts";
import * as historyExport from "./history-export.service.ts";
import type { ReferentScope } from "./referent-scope.ts";
import * as team from "./team.service.ts";
import { getAccountOrder, getLastAccountOrder } from "../shop/orders.service.ts";

export const referentRoutes = new Hono<BackEnv>();

type C = Context<BackEnv>;

const originOf = (c: C, scope: ReferentScope) => publicOriginFor(c, scope.account.brand) ?? publicOriginFor(c, c.get("brand").key) ?? "";

// ------------------------------------------------------------------ team

register(referentRoutes, endpoints.team, async (c, { ctx, caller }) => ok(TeamSchema.parse(await team.listTeam(ctx, caller))));

register(referentRoutes, endpoints.addApprenant, async (c, { ctx, caller, body }) => {
  const result = await team.addApprenant(ctx, caller, body, originOf(c, caller));
  return ok(result, c.get("t")("teamInvitationSent", { email: result.email }), 201);
});

register(referentRoutes, endpoints.resendInvitation, async (c, { ctx, caller, body }) => {
  const result = await team.resendInvitation(ctx, caller, body.id, originOf(c, caller));
  return ok(result, c.get("t")("teamInvitationSent", { email: result.email }));
});

register(referentRoutes, endpoints.toggleApprenantActive, async (c, { ctx, caller, body }) => {
  const result = await team.toggleApprenantActive(ctx, caller, body.contactId, body.isActive);
  return ok(result, c.get("t")(result.isActive ? "teamMemberActivated" : "teamMemberDeactivated", { name: result.name }));
});

register(referentRoutes, endpoints.editAccountDatas, async (c, { ctx, caller, body }) =>
  ok(AccountDataSchema.parse(await team.editAccountDatas(ctx, caller, body)), c.get("t")("accountDataSaved")),
);

// ------------------------------------------------------------------ attribution of bought trainings (ADR 0070)

/** The products the pharmacy bought and the members who may get one (the attribution form's data). */
register(referentRoutes, endpoints.attributionOptions, async (c, { ctx, caller }) =>
  ok(AttributionOptionsSchema.parse(await attribution.attributionOptions(ctx, caller))),
);

register(referentRoutes, endpoints.attribute, async (c, { ctx, caller, body }) => {
  const { trainingName: training, ...result } = await attribution.attributeApprenants(ctx, caller, body);
  const message =
    result.attributed.length > 0
      ? c.get("t")("attributionDone", { count: result.attributed.length, training })
      : c.get("t")("attributionNothingToDo", { training });
  return ok(AttributionResultSchema.parse(result), message);
});

// ------------------------------------------------------------------ contract

register(referentRoutes, endpoints.contract, async (c, { ctx, caller }) => ok(ContractViewSchema.parse(await contract.getContract(ctx, caller))));

// The spec's GETs that change state: the CSRF header like a POST (419 otherwise), then the write scope.
register(referentRoutes, endpoints.offerNextProduct, async (c, { ctx, caller }) => {
  const offer = await contract.offerNextProduct(ctx, caller);
  return ok(ContractOfferSchema.parse(offer), c.get("t")("contractOfferCreated", { product: offer.productName }));
});

register(referentRoutes, endpoints.signOffer, async (c, { ctx, caller, params }) => {
  const offer = await contract.signOffer(ctx, caller, params.id);
  return ok(ContractOfferSchema.parse(offer), c.get("t")("contractSigned", { product: offer.productName }));
});

/**
 * Signing with payment (ADR 0071): a pending contract order for the offer's amount and the provider's payment start
 * (the sandbox page, or SystemPay's hosted form to post). The provider's notification signs the contract.
 */
register(referentRoutes, endpoints.startContractPayment, async (c, { ctx, caller, params }) => {
  const payment = await contract.startContractPayment(ctx, caller, params.id, { origin: originOf(c, caller), locale: c.get("locale") });
  return ok(ContractPaymentSchema.parse(payment.reply), c.get("t")("contractPaymentReady", { product: payment.productName }));
});

// ------------------------------------------------------------------ invoices

function fileReply(c: C, file: { bytes: Uint8Array; filename: string }, type: string) {
  return c.body(file.bytes as Uint8Array<ArrayBuffer>, 200, {
    "content-type": type,
    "content-disposition": `attachment; filename="${file.filename}"`,
    "content-length": String(file.bytes.byteLength),
  });
}

register(referentRoutes, endpoints.invoices, async (c, { ctx, caller }) => ok(AccountInvoicesSchema.parse(await invoices.listInvoices(ctx, caller))));

register(referentRoutes, endpoints.bonificacionInvoices, async (c, { ctx, caller }) =>
  ok(AccountInvoicesSchema.parse(await invoices.listBonificacionInvoices(ctx, caller))),
);

/**
 * The pharmacy's orders (spec getLastCommand, getCommand/{id}; ADR 0053): the holder-or-referent guard, scoped to the
 * account in use. Another pharmacy's order, or a personal one, is not found (404). The buyer's own order is the shop's
 * `/shop/command/{id}`.
 */
register(referentRoutes, endpoints.lastOrder, async (c, { ctx, caller }) => ok(OrderSchema.nullable().parse(await getLastAccountOrder(ctx, caller.accountId))));

register(referentRoutes, endpoints.order, async (c, { ctx, caller, params }) => ok(OrderSchema.parse(await getAccountOrder(ctx, caller.accountId, params.id))));

register(referentRoutes, endpoints.invoice, async (c, { ctx, caller, params }) =>
  ok(AccountInvoiceDetailSchema.parse(await invoices.getInvoice(ctx, caller, params.id))),
);

register(referentRoutes, endpoints.invoicePdf, async (c, { ctx, caller, params }) =>
  fileReply(c, await invoices.invoicePdf(ctx, caller, params.id), "application/pdf"),
);

/** Several invoices as one ZIP (the spec names both paths). Reading only: no write scope, a read-only contract may. */
async function zipReply(c: C, ctx: ServiceContext, scope: ReferentScope, factures: number[]) {
  const archive = await invoices.invoicesZip(ctx, scope, factures);
  // Streamed as it is written: no content-length.
  return c.body(archive.body, 200, { "content-type": "application/zip", "content-disposition": `attachment; filename="${archive.filename}"` });
}
register(referentRoutes, endpoints.invoicesZip, async (c, { ctx, caller, body }) => zipReply(c, ctx, caller, body.factures));
register(referentRoutes, endpoints.invoicesZipSpec, async (c, { ctx, caller, body }) => zipReply(c, ctx, caller, body.factures));

// ------------------------------------------------------------------ dashboard, attestations, history export

register(referentRoutes, endpoints.dashboard, async (c, { ctx, caller }) => ok(DashboardSchema.parse(await dashboard.getDashboard(ctx, caller))));

register(referentRoutes, endpoints.attestations, async (c, { ctx, caller }) =>
  ok(TeamAttestationsSchema.parse(await dashboard.listTeamAttestations(ctx, caller))),
);

/** The team history's column titles and outcome words in the caller's language. */
function historyTexts(c: C): dashboard.HistoryTexts {
  return {
    headers: c.get("t")("historyColumns").split(";"),
    outcomes: {
      achieved: c.get("t")("historyOutcomeAchieved"),
      participated: c.get("t")("historyOutcomeParticipated"),
      failed: c.get("t")("historyOutcomeFailed"),
    },
    // The pages' own words for types and statuses (catalogue, records), so the file reads like the dashboard.
    type: (trainingType) => fixedT(c.get("locale"), "catalogue")(`types.${trainingType}`),
    status: (status) => fixedT(c.get("locale"), "records")(`status.${status}`),
    filename: (date) => c.get("t")("historyFilename", { date }),
  };
}

/** A read: a read-only contract may export too. */
register(referentRoutes, endpoints.historyExport, async (c, { ctx, caller }) =>
  fileReply(c, await dashboard.exportHistory(ctx, caller, historyTexts(c)), "text/csv; charset=utf-8"),
);

/** The export as a job with its progress (ADR 0076): a read, so a read-only contract may too. 202: being written. */
register(referentRoutes, endpoints.startHistoryExport, async (c, { ctx, caller }) => {
  const job = await historyExport.startHistoryExport(ctx, caller, historyTexts(c));
  return ok(HistoryExportJobSchema.parse(job), "OK", job.state === "done" ? 200 : 202);
});

register(referentRoutes, endpoints.historyExportJob, async (c, { ctx, caller, params }) =>
  ok(HistoryExportJobSchema.parse(await historyExport.getHistoryExport(ctx, caller, params.id))),
);

register(referentRoutes, endpoints.historyExportFile, async (c, { ctx, caller, params }) =>
  fileReply(c, await historyExport.historyExportFile(ctx, caller, params.id), "text/csv; charset=utf-8"),
);
