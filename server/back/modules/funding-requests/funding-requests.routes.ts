/** The funding-request calls (spec 7, Referent), under /back/api/referent/. ADR 0055-0058. */
import { Hono } from "hono";
import { fundingRequestsEndpoints as endpoints } from "#core/contract/endpoints/funding-requests.ts";
import { FUNDAE_REPORT_COLUMNS, fundaeReportCsv } from "#core/domain/fundae-report.ts";
import type { FundingState } from "#core/domain/funding-requests.ts";
import type { BackEnv } from "../../context.ts";
import { ok, register } from "../../http/register.ts";
import { fundingScope } from "./referent-scope.ts";
import * as fundae from "./fundae.service.ts";
import * as service from "./funding-requests.service.ts";

export const fundingRequestsRoutes = new Hono<BackEnv>();

register(fundingRequestsRoutes, endpoints.list, async (c, { ctx, caller, query }) =>
  ok(await service.listFundingRequests(ctx, fundingScope(c, caller), query.state)),
);

register(fundingRequestsRoutes, endpoints.options, async (c, { ctx, caller }) => ok(await service.getFundingOptions(ctx, fundingScope(c, caller))));

register(fundingRequestsRoutes, endpoints.fundaeGroups, async (c, { ctx, caller }) => ok(await fundae.listFundaeGroups(ctx, fundingScope(c, caller))));

register(fundingRequestsRoutes, endpoints.fundaeReport, async (c, { ctx, caller, query }) => {
  const rows = await fundae.fundaeReport(ctx, fundingScope(c, caller));
  if (query.format !== "csv") return ok(rows);
  const t = c.get("t");
  const headers = Object.fromEntries(FUNDAE_REPORT_COLUMNS.map((col) => [col, t(`fundaeCsv_${col}`)])) as Record<
    (typeof FUNDAE_REPORT_COLUMNS)[number],
    string
  >;
  const csv = fundaeReportCsv(rows, headers, (state) => t(`fundingState_${state as FundingState}`));
  return c.body(csv, 200, {
    "content-type": "text/csv; charset=utf-8",
    "content-disposition": `attachment; filename="fundae-informe.csv"`,
  });
});

register(fundingRequestsRoutes, endpoints.detail, async (c, { ctx, caller, params }) =>
  ok(await service.getFundingRequest(ctx, fundingScope(c, caller), params.id)),
);

register(fundingRequestsRoutes, endpoints.add, async (c, { ctx, caller, body }) =>
  ok(await service.addFundingRequest(ctx, fundingScope(c, caller), body), c.get("t")("fundingCreated"), 201),
);

register(fundingRequestsRoutes, endpoints.act, async (c, { ctx, caller, body }) => {
  const { request, message } = await service.actOnFundingRequest(ctx, fundingScope(c, caller), body);
  return ok(request, message);
});

register(fundingRequestsRoutes, endpoints.changeSession, async (c, { ctx, caller, body }) =>
  ok(await service.changeFundingSession(ctx, fundingScope(c, caller), body), c.get("t")("fundingSessionChanged")),
);

register(fundingRequestsRoutes, endpoints.invoice, async (c, { ctx, caller, body }) => {
  const { bytes, filename } = await service.fundingInvoicePdf(ctx, fundingScope(c, caller), body);
  return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
    "content-type": "application/pdf",
    "content-disposition": `attachment; filename="${filename}"`,
    "content-length": String(bytes.byteLength),
  });
});
