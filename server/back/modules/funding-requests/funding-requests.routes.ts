/** The funding-request calls (spec 7, Referent), under /back/api/referent/. ADR 0055-0058. */
import { Hono } from "hono";
import {
  FundaeReportQuerySchema,
  FundingIdParamsSchema,
  FundingInvoiceRequestSchema,
  FundingListQuerySchema,
  FundingRequestActionSchema,
  FundingRequestAddSchema,
  FundingRequestSessionSchema,
} from "#core/contract/funding-requests.ts";
import { FUNDAE_REPORT_COLUMNS, fundaeReportCsv } from "#core/domain/fundae-report.ts";
import type { FundingState } from "#core/domain/funding-requests.ts";
import type { BackEnv } from "../../context.ts";
import { success } from "../../http/envelope.ts";
import { parseBody, parseInput } from "../../http/validate.ts";
import { requireReferentScope } from "./referent-scope.ts";
import * as service from "./funding-requests.service.ts";

export const fundingRequestsRoutes = new Hono<BackEnv>();

const query = (c: { req: { queries(): Record<string, string[]> } }) =>
  Object.fromEntries(Object.entries(c.req.queries()).map(([k, v]) => [k, v.length === 1 ? v[0] : v]));

fundingRequestsRoutes.get("/referent/dpec", async (c) => {
  const scope = await requireReferentScope(c, { write: false });
  const { state } = parseInput(FundingListQuerySchema, query(c), c.var.t);
  return success(c, await service.listFundingRequests(c.var.deps, scope, state));
});

fundingRequestsRoutes.get("/referent/dpec/options", async (c) => {
  const scope = await requireReferentScope(c, { write: false });
  return success(c, await service.getFundingOptions(c.var.deps, scope));
});

fundingRequestsRoutes.get("/referent/dpec/fundae", async (c) => {
  const scope = await requireReferentScope(c, { write: false });
  return success(c, await service.listFundaeGroups(c.var.deps, scope));
});

fundingRequestsRoutes.get("/referent/dpec/informes", async (c) => {
  const scope = await requireReferentScope(c, { write: false });
  const { format } = parseInput(FundaeReportQuerySchema, query(c), c.var.t);
  const rows = await service.fundaeReport(c.var.deps, scope);
  if (format !== "csv") return success(c, rows);
  const t = c.var.t;
  const headers = Object.fromEntries(FUNDAE_REPORT_COLUMNS.map((col) => [col, t(`fundaeCsv_${col}`)])) as Record<(typeof FUNDAE_REPORT_COLUMNS)[number], string>;
  const csv = fundaeReportCsv(rows, headers, (state) => t(`fundingState_${state as FundingState}`));
  return c.body(csv, 200, {
    "content-type": "text/csv; charset=utf-8",
    "content-disposition": `attachment; filename="fundae-informe.csv"`,
  });
});

fundingRequestsRoutes.get("/referent/dpec/:id", async (c) => {
  const scope = await requireReferentScope(c, { write: false });
  const { id } = parseInput(FundingIdParamsSchema, { id: c.req.param("id") }, c.var.t);
  return success(c, await service.getFundingRequest(c.var.deps, scope, id));
});

fundingRequestsRoutes.post("/referent/dpec/add", async (c) => {
  const scope = await requireReferentScope(c, { write: true });
  const input = await parseBody(c, FundingRequestAddSchema);
  return success(c, await service.addFundingRequest(c.var.deps, scope, input), c.var.t("fundingCreated"), 201);
});

fundingRequestsRoutes.post("/referent/dpec/action", async (c) => {
  const scope = await requireReferentScope(c, { write: true });
  const input = await parseBody(c, FundingRequestActionSchema);
  const { request, message } = await service.actOnFundingRequest(c.var.deps, c.var.t, scope, input);
  return success(c, request, message);
});

fundingRequestsRoutes.put("/referent/dpec/action", async (c) => {
  const scope = await requireReferentScope(c, { write: true });
  const input = await parseBody(c, FundingRequestSessionSchema);
  return success(c, await service.changeFundingSession(c.var.deps, scope, input), c.var.t("fundingSessionChanged"));
});

fundingRequestsRoutes.post("/referent/dpec/invoice", async (c) => {
  const scope = await requireReferentScope(c, { write: false });
  const input = await parseBody(c, FundingInvoiceRequestSchema);
  const { bytes, filename } = await service.fundingInvoicePdf(c.var.deps, scope, input);
  return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
    "content-type": "application/pdf",
    "content-disposition": `attachment; filename="${filename}"`,
    "content-length": String(bytes.byteLength),
  });
});
