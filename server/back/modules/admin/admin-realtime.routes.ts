import { Hono } from "hono";
import { z } from "zod";
import type { BackEnv } from "../../context.ts";
import { Id } from "#core/contract/ids.ts";
import { success } from "../../http/envelope.ts";
import { requireAdmin } from "../../http/guards.ts";
import { parseBody } from "../../http/validate.ts";
import { recordAdminChange } from "../audit/audit.service.ts";
import { notifyUser } from "../notifications/notifications.service.ts";
import { reloadOpenPages } from "./admin-realtime.service.ts";

export const adminRealtimeRoutes = new Hono<BackEnv>();

const ReloadSchema = z.strictObject({
  scope: z.enum(["platform", "user"]),
  userId: Id.optional(),
});

/** Asks open pages to reload (after a deployment or a content fix): everyone, or one user; audited. */
adminRealtimeRoutes.post("/admin/realtime/reload", async (c) => {
  const session = await requireAdmin(c);
  const input = await parseBody(c, ReloadSchema);
  return success(c, await reloadOpenPages(c.var.deps, session.userId, input));
});

const NotifySchema = z.strictObject({
  userId: Id,
  title: z.string().trim().min(1).max(200),
  body: z.string().trim().max(2000).optional(),
  link: z.string().trim().max(500).startsWith("/").optional(),
});

/**
 * An administrator's message to one user, delivered live to their open pages. The notification and its audit row
 * (`notification.sent`, ADR 0060) are written in one transaction.
 */
adminRealtimeRoutes.post("/admin/notifications", async (c) => {
  const session = await requireAdmin(c);
  const input = await parseBody(c, NotifySchema);
  const { db, broadcaster, now } = c.var.deps;
  const at = now();
  const sent = await notifyUser(db, broadcaster, input, at, {
    inTransaction: (tx, stored) =>
      recordAdminChange(tx, { actorId: session.userId, action: "notification.sent", entityType: "notification", entityId: stored.id, before: null, after: { userId: input.userId, title: stored.title, body: stored.body, link: stored.link } }, at),
  });
  return success(c, sent, "OK", 201);
});
