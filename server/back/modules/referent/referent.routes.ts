/**
 * The referent calls (spec section 7, Referent), mounted under /back/api/referent/: thin, each resolves the
 * referent's scope (referent-scope.ts: the holder-or-referent guard and the account in use) and hands it to a service.
 */
import { Hono } from "hono";
import { TeamSchema } from "#core/contract/referent.ts";
import type { BackEnv } from "../../context.ts";
import { success } from "../../http/envelope.ts";
import { requireReferent } from "./referent-scope.ts";
import * as team from "./team.service.ts";

export const referentRoutes = new Hono<BackEnv>();

referentRoutes.get("/referent/dpec/allApprenants", async (c) => {
  const scope = await requireReferent(c);
  return success(c, TeamSchema.parse(await team.listTeam(c.var.deps, scope)));
});
