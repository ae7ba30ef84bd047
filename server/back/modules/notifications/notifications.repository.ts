import { and, count, desc, eq, inArray, isNull } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { notifications, users } from "../../../db/schema/index.ts";

export type NotificationRow = typeof notifications.$inferSelect;

/** The user's newest notifications. */
export async function listUserNotifications(db: Db, userId: number, limit: number): Promise<NotificationRow[]> {
  return db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit);
}

export async function countUnreadNotifications(db: Db, userId: number): Promise<number> {
  const [{ unread }] = await db
    .select({ unread: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readedDate)));
  return unread;
}

/** Marks the user's own unread notifications among the ids; returns the ids changed. */
export async function markUserNotificationsRead(db: Db, userId: number, ids: number[], now: Date): Promise<{ id: number }[]> {
  return db
    .update(notifications)
    .set({ readedDate: now })
    .where(and(eq(notifications.userId, userId), inArray(notifications.id, ids), isNull(notifications.readedDate)))
    .returning({ id: notifications.id });
}

export async function userExists(db: Db, userId: number): Promise<boolean> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
  return Boolean(user);
}

export async function insertUserNotification(
  db: Db,
  userId: number,
  values: { title: string; body: string; link: string | null; createdAt: Date },
): Promise<NotificationRow> {
  const [row] = await db
    .insert(notifications)
    .values({ userId, ...values })
    .returning();
  return row;
}
