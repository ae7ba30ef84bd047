import { Hono } from "hono";
import { z } from "zod";
import type { BackEnv } from "../../context.ts";
import { Id } from "#core/contract/ids.ts";
import { success } from "../../http/envelope.ts";
import { requireSession } from "../../http/guards.ts";
import { parseBody } from "../../http/validate.ts";
import { listNotifications, markNotificationsRead } from "./notifications.service.ts";

export const notificationsRoutes = new Hono<BackEnv>();

notificationsRoutes.get("/user/notification", async (c) => {
  const session = requireSession(c);
  return success(c, await listNotifications(c.var.deps.db, session.userId));
});

const ReadSchema = z.strictObject({ ids: z.array(Id).max(500) });

// A read-only contract may mark its own notifications read: it records what was read (ADR 0104).
notificationsRoutes.post("/user/notification/read", async (c) => {
  const session = requireSession(c);
  const { ids } = await parseBody(c, ReadSchema);
  const marked = await markNotificationsRead(c.var.deps.db, session.userId, ids, c.var.deps.now());
  return success(c, { marked });
});
