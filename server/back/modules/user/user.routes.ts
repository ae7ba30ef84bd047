import { Hono } from "hono";
import type { BackEnv } from "../../context.ts";
import { success } from "../../http/envelope.ts";
import { getUserPayload } from "./user.service.ts";

export const userRoutes = new Hono<BackEnv>();

userRoutes.get("/user", async (c) => {
  const session = c.var.session;
  if (!session) return success(c, { loggedIn: false });
  return success(c, await getUserPayload(c.var.deps.db, session.userId, session.accountId));
});

userRoutes.get("/user/isLogged", (c) => success(c, { loggedIn: c.var.session !== null }));
