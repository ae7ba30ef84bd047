/**
 * Audit evidence packs (issue 33, ADR 0127): an administrator's, of every learner, and a referent's, of the learners
 * the pharmacy in use enrolled. Starting one answers at once (202 while it is built); the pack is read until done,
 * then its ZIP is downloaded (each download written to the audit log).
 */
import { endpoint } from "../endpoint.ts";
import {
  EvidencePackChoicesSchema,
  EvidencePackListQuerySchema,
  EvidencePackListSchema,
  EvidencePackSchema,
  StartEvidencePackSchema,
} from "../evidence-packs.ts";
import { IdParams } from "../fields.ts";

export const evidencePacksEndpoints = {
  adminStart: endpoint({ method: "POST", path: "/admin/evidence-packs", body: StartEvidencePackSchema, reply: EvidencePackSchema, access: "admin" }),
  adminList: endpoint({ method: "GET", path: "/admin/evidence-packs", query: EvidencePackListQuerySchema, reply: EvidencePackListSchema, access: "admin" }),
  adminPack: endpoint({ method: "GET", path: "/admin/evidence-packs/:id", params: IdParams, reply: EvidencePackSchema, access: "admin" }),
  adminFile: endpoint({ method: "GET", path: "/admin/evidence-packs/:id/file", params: IdParams, reply: "file", access: "admin" }),

  // a referent's: reads, so a read-only contract may build one too
  referentChoices: endpoint({ method: "GET", path: "/referent/evidence-pack-choices", reply: EvidencePackChoicesSchema, access: "referent" }),
  referentStart: endpoint({ method: "POST", path: "/referent/evidence-packs", body: StartEvidencePackSchema, reply: EvidencePackSchema, access: "referent" }),
  referentList: endpoint({
    method: "GET",
    path: "/referent/evidence-packs",
    query: EvidencePackListQuerySchema,
    reply: EvidencePackListSchema,
    access: "referent",
  }),
  referentPack: endpoint({ method: "GET", path: "/referent/evidence-packs/:id", params: IdParams, reply: EvidencePackSchema, access: "referent" }),
  referentFile: endpoint({ method: "GET", path: "/referent/evidence-packs/:id/file", params: IdParams, reply: "file", access: "referent" }),
};
