import { Hono } from "hono";
import { adminEndpoints } from "#core/contract/endpoints/admin.ts";
import type { BackEnv } from "../../context.ts";
import { ok, register } from "../../http/register.ts";
import { recordAdminChange } from "../audit/audit.service.ts";
import { notifyUser } from "../notifications/notifications.service.ts";
import { reloadOpenPages } from "./admin-realtime.service.ts";

export const adminRealtimeRoutes = new Hono<BackEnv>();

register(adminRealtimeRoutes, adminEndpoints.reloadPages, async (_c, { ctx, caller, body }) => ok(await reloadOpenPages(ctx, caller.userId, body)));

/** The notification and its audit row (`notification.sent`, ADR 0060) are written in one transaction. */
register(adminRealtimeRoutes, adminEndpoints.notifyUser, async (_c, { ctx, caller, body: input }) => {
  const sent = await notifyUser(ctx, input, {
    inTransaction: (txCtx, stored) =>
      recordAdminChange(txCtx, {
        actorId: caller.userId,
        action: "notification.sent",
        entityType: "notification",
        entityId: stored.id,
        before: null,
        after: { userId: input.userId, title: stored.title, body: stored.body, link: stored.link },
      }),
  });
  return ok(sent, "OK", 201);
});
