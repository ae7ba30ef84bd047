import { Hono } from "hono";
import type { BackEnv } from "../../context.ts";
import { success } from "../../http/envelope.ts";
import { parseBody } from "../../http/validate.ts";
import { destroySession, startSession } from "../../http/session.ts";
import { clientIp } from "../../http/client-ip.ts";
import { getUserPayload, pickCurrentAccount } from "../user/user.service.ts";
import { listMemberships } from "../user/user.repository.ts";
import { LoginSchema } from "./auth.schemas.ts";
import { authenticate } from "./auth.service.ts";

export const authRoutes = new Hono<BackEnv>();

authRoutes.post("/login", async (c) => {
  const { db, now } = c.var.deps;
  const input = await parseBody(c, LoginSchema);
  const user = await authenticate(db, input, clientIp(c), now());
  const current = pickCurrentAccount(await listMemberships(db, user.id), user.currentAccountId);
  const session = await startSession(c, user.id, current?.account.id ?? null);
  return success(c, await getUserPayload(db, user.id, session.accountId), c.var.t("loggedIn"));
});

authRoutes.post("/logout", async (c) => {
  await destroySession(c);
  return success(c, { loggedIn: false }, c.var.t("loggedOut"));
});
