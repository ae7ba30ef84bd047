import { Hono } from "hono";
import { platformEndpoints } from "#core/contract/endpoints/platform.ts";
import type { BackEnv } from "../../context.ts";
import { ok, register } from "../../http/register.ts";
import { listNotifications, markNotificationsRead } from "./notifications.service.ts";

export const notificationsRoutes = new Hono<BackEnv>();

register(notificationsRoutes, platformEndpoints.notifications, async (c, { ctx, caller }) => ok(await listNotifications(ctx, caller.userId)));

register(notificationsRoutes, platformEndpoints.markNotificationsRead, async (c, { ctx, caller, body }) =>
  ok({ marked: await markNotificationsRead(ctx, caller.userId, body.ids) }),
);
