/**
 * Audit evidence packs (issue 33, ADR 0127), mounted under /back/api: an administrator's under /admin (the admin guard
 * of app.ts has run), a referent's under /referent, limited to the pharmacy in use.
 */
import { Hono, type Context } from "hono";
import { evidencePacksEndpoints as endpoints } from "#core/contract/endpoints/evidence-packs.ts";
import { pagePath } from "#core/page-links.ts";
import type { BackEnv } from "../../context.ts";
import { publicOriginFor } from "../../http/request-host.ts";
import { ok, register } from "../../http/register.ts";
import * as packs from "./evidence-packs.service.ts";

export const evidencePacksRoutes = new Hono<BackEnv>();

type C = Context<BackEnv>;

/** The public verification page of an attestation's code, printed on the attestation as its QR code. */
function verificationUrl(c: C) {
  const lang = c.get("locale").startsWith("es") ? "es" : "fr";
  return (brand: string, code: string) => `${publicOriginFor(c, brand) ?? ""}${pagePath("attestation-verify", lang, { code })}`;
}

/** The ZIP: private, never kept by a cache on the way. */
function zipReply(c: C, file: { bytes: Uint8Array; filename: string }) {
  return c.body(file.bytes as Uint8Array<ArrayBuffer>, 200, {
    "content-type": "application/zip",
    "content-disposition": `attachment; filename="${file.filename}"`,
    "content-length": String(file.bytes.byteLength),
    "cache-control": "private, no-store",
  });
}

// ------------------------------------------------------------------ administrators: every learner

register(evidencePacksRoutes, endpoints.adminStart, async (c, { ctx, caller, body }) => {
  const pack = await packs.startPack(ctx, { userId: caller.userId, accountId: null }, body, verificationUrl(c));
  return ok(pack, c.get("t")("evidencePackStarted"), 202);
});

register(evidencePacksRoutes, endpoints.adminList, async (_c, { ctx, caller, query }) =>
  ok(await packs.listPacks(ctx, { userId: caller.userId, accountId: null }, query)),
);

register(evidencePacksRoutes, endpoints.adminPack, async (_c, { ctx, caller, params }) =>
  ok(await packs.getPack(ctx, { userId: caller.userId, accountId: null }, params.id)),
);

register(evidencePacksRoutes, endpoints.adminFile, async (c, { ctx, caller, params }) =>
  zipReply(c, await packs.downloadPack(ctx, { userId: caller.userId, accountId: null }, params.id)),
);

// ------------------------------------------------------------------ referents: the pharmacy's learners only

register(evidencePacksRoutes, endpoints.referentChoices, async (_c, { ctx, caller }) => ok(await packs.referentChoices(ctx, caller.accountId)));

register(evidencePacksRoutes, endpoints.referentStart, async (c, { ctx, caller, body }) => {
  const pack = await packs.startPack(ctx, { userId: caller.userId, accountId: caller.accountId }, body, verificationUrl(c));
  return ok(pack, c.get("t")("evidencePackStarted"), 202);
});

register(evidencePacksRoutes, endpoints.referentList, async (_c, { ctx, caller, query }) =>
  ok(await packs.listPacks(ctx, { userId: caller.userId, accountId: caller.accountId }, query)),
);

register(evidencePacksRoutes, endpoints.referentPack, async (_c, { ctx, caller, params }) =>
  ok(await packs.getPack(ctx, { userId: caller.userId, accountId: caller.accountId }, params.id)),
);

register(evidencePacksRoutes, endpoints.referentFile, async (c, { ctx, caller, params }) =>
  zipReply(c, await packs.downloadPack(ctx, { userId: caller.userId, accountId: caller.accountId }, params.id)),
);
