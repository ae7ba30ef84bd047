import type { ServiceContext } from "../../service-context.ts";
import { userChannelName } from "../../../realtime/app-channels.ts";
import { AppError } from "../../http/app-error.ts";
import { sessionRead, SESSION_NOTIFICATIONS_READ } from "../../http/read-scope.ts";
import {
  insertUserNotification,
  listUserNotificationsWithUnread,
  markUserNotificationsRead,
  NOTIFICATIONS_SHOWN,
  userExists,
  type NotificationRow,
} from "./notifications.repository.ts";
import type { NotificationPayload } from "#core/contract/notifications.ts";

function toPayload(row: NotificationRow): NotificationPayload {
  return {
    id: row.id,
    title: row.title,
    body: row.body,
    link: row.link,
    readedDate: row.readedDate?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The user's newest notifications and unread count. The session user's were read with their session (ADR 0146): within
 * a web request's read scope they are that read's, otherwise they are read now.
 */
export async function listNotifications(ctx: ServiceContext, userId: number) {
  const session = ctx.user;
  const load = () => listUserNotificationsWithUnread(ctx.db, userId, NOTIFICATIONS_SHOWN);
  const { rows, unread } = await (session?.userId === userId ? sessionRead(session, SESSION_NOTIFICATIONS_READ, load) : load());
  return { notifications: rows.map(toPayload), unread };
}

/** Sets readedDate to now on the user's own unread notifications among the ids; others' ids are ignored. */
export async function markNotificationsRead(ctx: ServiceContext, userId: number, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const updated = await markUserNotificationsRead(ctx.db, userId, ids, ctx.now());
  return updated.length;
}

/**
 * Stores a notification and pushes it live to the user's open pages (NotificationUpdate). `inTransaction` runs in
 * the transaction that stores it (its context's db) (an administrator's message writes its audit row there, ADR 0060); the push comes
 * after the commit.
 */
export async function notifyUser(
  ctx: ServiceContext,
  input: { userId: number; title: string; body?: string; link?: string | null },
  options: { inTransaction?: (ctx: ServiceContext, stored: NotificationPayload) => Promise<void> } = {},
): Promise<NotificationPayload> {
  const now = ctx.now();
  const payload = await ctx.db.transaction(async (tx) => {
    if (!(await userExists(tx, input.userId))) throw new AppError("NOT_FOUND", "notFound");
    const row = await insertUserNotification(tx, input.userId, { title: input.title, body: input.body ?? "", link: input.link ?? null, createdAt: now });
    const stored = toPayload(row);
    if (options.inTransaction) await options.inTransaction({ ...ctx, db: tx }, stored);
    return stored;
  });
  await ctx.broadcaster.broadcast(userChannelName(input.userId), "NotificationUpdate", { notification: payload });
  return payload;
}
