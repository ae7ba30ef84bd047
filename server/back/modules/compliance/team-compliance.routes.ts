/**
 * The team compliance calls (ADR 0126): the referent's list, member detail, exports and member traceability
 * document under /back/api/referent/compliance, and the professional's own document under /back/api/user/compliance.
 * All reads: files are sent as downloads, never kept by a cache.
 */
import { Hono, type Context } from "hono";
import { complianceTeamEndpoints as endpoints } from "#core/contract/endpoints/compliance-team.ts";
import { MemberComplianceSchema, TeamComplianceSchema } from "#core/contract/compliance-team.ts";
import type { BackEnv } from "../../context.ts";
import { publicOriginFor } from "../../http/request-host.ts";
import { ok, register } from "../../http/register.ts";
import { XLSX_CONTENT_TYPE } from "../../../spreadsheet/xlsx.ts";
import * as team from "./team-compliance.service.ts";
import { teamExportCsv, teamExportXlsx } from "./team-export.ts";
import { memberTraceabilityPdf, ownTraceabilityPdf } from "./traceability.service.ts";

export const teamComplianceRoutes = new Hono<BackEnv>();

type C = Context<BackEnv>;

function fileReply(c: C, file: { bytes: Uint8Array; filename: string }, type: string) {
  return c.body(file.bytes as Uint8Array<ArrayBuffer>, 200, {
    "content-type": type,
    "content-disposition": `attachment; filename="${file.filename}"`,
    "content-length": String(file.bytes.byteLength),
    "cache-control": "private, no-store",
  });
}

/** The professional's brand's public origin (else the request's), for the verification address on the document. */
const originOf = (c: C) => (brand: string) => publicOriginFor(c, brand) ?? publicOriginFor(c, c.get("brand").key) ?? "";

register(teamComplianceRoutes, endpoints.team, async (c, { ctx, caller, query }) =>
  ok(TeamComplianceSchema.parse(await team.teamCompliance(ctx, caller, query))),
);

register(teamComplianceRoutes, endpoints.member, async (c, { ctx, caller, params }) =>
  ok(MemberComplianceSchema.parse(await team.memberCompliance(ctx, caller, params.id))),
);

register(teamComplianceRoutes, endpoints.exportCsv, async (c, { ctx, caller }) =>
  fileReply(c, await teamExportCsv(ctx, caller, c.get("locale")), "text/csv; charset=utf-8"),
);

register(teamComplianceRoutes, endpoints.exportXlsx, async (c, { ctx, caller }) =>
  fileReply(c, await teamExportXlsx(ctx, caller, c.get("locale")), XLSX_CONTENT_TYPE),
);

register(teamComplianceRoutes, endpoints.memberTraceability, async (c, { ctx, caller, params }) =>
  fileReply(c, await memberTraceabilityPdf(ctx, caller, params.id, originOf(c)), "application/pdf"),
);

register(teamComplianceRoutes, endpoints.ownTraceability, async (c, { ctx, caller }) =>
  fileReply(c, await ownTraceabilityPdf(ctx, caller.userId, originOf(c)), "application/pdf"),
);
