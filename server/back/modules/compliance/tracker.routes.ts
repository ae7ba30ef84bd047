/**
 * The compliance tracker's endpoints (issue 33, ADR 0125), mounted under /back/api: the professional's standing and
 * declared actions, the proof through its authorised route, and the referent's review.
 */
import { Hono } from "hono";
import { DeclaredActionSchema } from "#core/contract/compliance.ts";
import { complianceEndpoints as endpoints } from "#core/contract/endpoints/compliance.ts";
import type { BackEnv } from "../../context.ts";
import { AppError } from "../../http/app-error.ts";
import { ok, register } from "../../http/register.ts";
import { parseInput } from "../../http/validate.ts";
import * as declared from "./declared-actions.service.ts";

export const trackerRoutes = new Hono<BackEnv>();

/** The list fields of the declaration form: a form repeats the name once per checked box. */
const LIST_FIELDS = new Set(["dpcActionTypes", "certificationAxes"]);

register(trackerRoutes, endpoints.tracker, async (c, { ctx, caller }) => ok(await declared.trackerOf(ctx, caller.userId)));

/** Multipart: the form's fields (DeclaredActionSchema) and the file `proof`; the fields are checked before the file. */
register(trackerRoutes, endpoints.declare, async (c, { ctx, caller }) => {
  const type = c.req.header("content-type") ?? "";
  if (!type.startsWith("multipart/form-data")) throw new AppError("UNSUPPORTED_MEDIA_TYPE", "unsupportedMediaType");
  const form = await c.req.formData().catch(() => {
    throw new AppError("VALIDATION", "complianceProofMissing", { fields: { proof: ["complianceProofMissing"] } });
  });
  const fields: Record<string, unknown> = Object.create(null);
  for (const [name, value] of form) {
    if (name === "proof" || typeof value !== "string") continue;
    fields[name] = LIST_FIELDS.has(name) ? [...((fields[name] as string[] | undefined) ?? []), value] : value;
  }
  const input = parseInput(DeclaredActionSchema, fields, c.get("t"));
  const row = await declared.declareAction(ctx, caller.userId, input, form.get("proof"));
  return ok({ id: row.id, state: "declared" as const }, c.get("t")("complianceDeclared"), 201);
});

register(trackerRoutes, endpoints.deleteDeclared, async (c, { ctx, caller, params }) => {
  const row = await declared.deleteDeclaredAction(ctx, caller.userId, params.id);
  return ok({ id: row.id, state: row.state as "declared" | "rejected" }, c.get("t")("complianceDeleted"));
});

/** Private: never kept by a cache on the way; the name its owner gave it, in ASCII and UTF-8. */
register(trackerRoutes, endpoints.proof, async (c, { ctx, caller, params }) => {
  const file = await declared.readProof(ctx, caller.userId, params.id);
  const asciiName = file.name.replace(/[^\x20-\x7e]|["\\]/g, "_");
  return c.body(file.bytes as Uint8Array<ArrayBuffer>, 200, {
    "content-type": file.contentType,
    "content-disposition": `attachment; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
    "content-length": String(file.bytes.byteLength),
    "cache-control": "private, no-store",
  });
});

register(trackerRoutes, endpoints.pending, async (c, { ctx, caller, query }) => ok(await declared.listPending(ctx, caller, query.page)));

register(trackerRoutes, endpoints.review, async (c, { ctx, caller, params, body }) => {
  const result = await declared.reviewAction(ctx, caller, params.id, body.decision, body.note);
  return ok(result, c.get("t")(result.state === "confirmed" ? "complianceConfirmed" : "complianceRejected"));
});
