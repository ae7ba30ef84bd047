import { Hono } from "hono";
import { platformEndpoints } from "#core/contract/endpoints/platform.ts";
import type { BackEnv } from "../../context.ts";
import { ok, register } from "../../http/register.ts";
import { listNotifications, markNotificationsRead } from "./notifications.service.ts";

export const notificationsRoutes = new Hono<BackEnv>();

register(notificationsRoutes, platformEndpoints.notifications, async (c, { caller }) => ok(await listNotifications(c.var.deps.db, caller.userId)));

register(notificationsRoutes, platformEndpoints.markNotificationsRead, async (c, { caller, body }) =>
  ok({ marked: await markNotificationsRead(c.var.deps.db, caller.userId, body.ids, c.var.deps.now()) }),
);
