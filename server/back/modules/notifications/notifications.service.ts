import { and, count, desc, eq, inArray, isNull } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { notifications, users } from "../../../db/schema/index.ts";
import { userChannelName } from "../../../realtime/app-channels.ts";
import type { Broadcaster } from "../../context.ts";
import { AppError } from "../../http/app-error.ts";
import type { NotificationPayload } from "#core/contract/notifications.ts";


function toPayload(row: typeof notifications.$inferSelect): NotificationPayload {
  return {
    id: row.id,
    title: row.title,
    body: row.body,
    link: row.link,
    readedDate: row.readedDate?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listNotifications(db: Db, userId: number, limit = 20) {
  const [rows, [{ unread }]] = await Promise.all([
    db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(desc(notifications.createdAt), desc(notifications.id)).limit(limit),
    db.select({ unread: count() }).from(notifications).where(and(eq(notifications.userId, userId), isNull(notifications.readedDate))),
  ]);
  return { notifications: rows.map(toPayload), unread };
}

/** Sets readedDate to now on the user's own unread notifications among the ids; others' ids are ignored. */
export async function markNotificationsRead(db: Db, userId: number, ids: number[], now: Date): Promise<number> {
  if (ids.length === 0) return 0;
  const updated = await db
    .update(notifications)
    .set({ readedDate: now })
    .where(and(eq(notifications.userId, userId), inArray(notifications.id, ids), isNull(notifications.readedDate)))
    .returning({ id: notifications.id });
  return updated.length;
}

/** Stores a notification and pushes it live to the user's open pages (NotificationUpdate). */
export async function notifyUser(
  db: Db,
  broadcaster: Broadcaster,
  input: { userId: number; title: string; body?: string; link?: string | null },
  now: Date,
): Promise<NotificationPayload> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, input.userId)).limit(1);
  if (!user) throw new AppError("NOT_FOUND", "notFound");
  const [row] = await db
    .insert(notifications)
    .values({ userId: input.userId, title: input.title, body: input.body ?? "", link: input.link ?? null, createdAt: now })
    .returning();
  const payload = toPayload(row);
  await broadcaster.broadcast(userChannelName(input.userId), "NotificationUpdate", { notification: payload });
  return payload;
}
