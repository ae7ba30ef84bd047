/**
 * The team's compliance status (issue 33, ADR 0126): the list and one member's detail for a holder or referent of
 * the account in use, the list as CSV and xlsx, and the traceability document (PDF) of a member's record or of the
 * caller's own. All reads: a read-only contract may use them too.
 */
import { endpoint } from "../endpoint.ts";
import { IdParams } from "../fields.ts";
import { MemberComplianceSchema, TeamComplianceQuerySchema, TeamComplianceSchema } from "../compliance-team.ts";

export const complianceTeamEndpoints = {
  team: endpoint({ method: "GET", path: "/referent/compliance", query: TeamComplianceQuerySchema, reply: TeamComplianceSchema, access: "referent" }),
  member: endpoint({ method: "GET", path: "/referent/compliance/members/:id", params: IdParams, reply: MemberComplianceSchema, access: "referent" }),
  exportCsv: endpoint({ method: "GET", path: "/referent/compliance/export.csv", reply: "file", access: "referent" }),
  exportXlsx: endpoint({ method: "GET", path: "/referent/compliance/export.xlsx", reply: "file", access: "referent" }),
  memberTraceability: endpoint({
    method: "GET",
    path: "/referent/compliance/members/:id/traceability.pdf",
    params: IdParams,
    reply: "file",
    access: "referent",
  }),
  /** The caller's own traceability document. */
  ownTraceability: endpoint({ method: "GET", path: "/user/compliance/traceability.pdf", reply: "file", access: "session" }),
};
