/**
 * The compliance tracker (issue 33, ADR 0125): the professional's own standing and declared actions (a session; a
 * writable contract to declare or delete), the proof through its authorised route, and the referent's review of the
 * account's members' declared actions.
 */
import { endpoint } from "../endpoint.ts";
import { IdParams } from "../fields.ts";
import { EmptyBody } from "../ids.ts";
import {
  DeclaredActionSavedSchema,
  PendingDeclaredActionsSchema,
  PendingQuerySchema,
  ReviewDeclaredActionSchema,
  ReviewedSchema,
  TrackerSchema,
} from "../compliance.ts";

export const complianceEndpoints = {
  tracker: endpoint({ method: "GET", path: "/user/compliance", reply: TrackerSchema, access: "session" }),
  /** Multipart: the DeclaredActionSchema fields and the file `proof` (PDF, JPEG or PNG, 5 MB at most). */
  declare: endpoint({ method: "POST", path: "/user/compliance/declared-actions", body: "multipart", reply: DeclaredActionSavedSchema, access: "writable" }),
  /** One of the caller's declared actions not yet confirmed; another's is a 404. */
  deleteDeclared: endpoint({
    method: "POST",
    path: "/user/compliance/declared-actions/:id/delete",
    params: IdParams,
    body: EmptyBody,
    reply: DeclaredActionSavedSchema,
    access: "writable",
  }),
  /** The proof: to its owner, a referent of one of the owner's pharmacies, an administrator; 404 to anyone else. */
  proof: endpoint({ method: "GET", path: "/user/compliance/declared-actions/:id/proof", params: IdParams, reply: "file", access: "session" }),
  pending: endpoint({
    method: "GET",
    path: "/referent/compliance/declared-actions",
    query: PendingQuerySchema,
    reply: PendingDeclaredActionsSchema,
    access: "referent",
  }),
  /** Confirm or reject: once; the same decision again answers the same, the other one is a 409. */
  review: endpoint({
    method: "POST",
    path: "/referent/compliance/declared-actions/:id/review",
    params: IdParams,
    body: ReviewDeclaredActionSchema,
    reply: ReviewedSchema,
    access: "referentWrite",
  }),
};
