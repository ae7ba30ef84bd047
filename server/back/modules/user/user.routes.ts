import { Hono } from "hono";
import type { BackEnv } from "../../context.ts";
import { success } from "../../http/envelope.ts";
import { sessionUserPayload } from "./user.service.ts";

export const userRoutes = new Hono<BackEnv>();

userRoutes.get("/user", async (c) => {
  const session = c.var.session;
  if (!session) return success(c, { loggedIn: false });
  return success(c, await sessionUserPayload(c.var.deps.db, session));
});

userRoutes.get("/user/isLogged", (c) => success(c, { loggedIn: c.var.session !== null }));
