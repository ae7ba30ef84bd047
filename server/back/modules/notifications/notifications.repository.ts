import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../../db/client.ts";
import { preparedPerDatabase } from "../../../db/prepared-queries.ts";
import { notifications, users } from "../../../db/schema/index.ts";

export type NotificationRow = typeof notifications.$inferSelect;

/**
 * The user's newest notifications and how many of all theirs are unread, in one statement: the window count runs
 * over every row the WHERE keeps, before the LIMIT.
 */
export async function listUserNotificationsWithUnread(db: Db, userId: number, limit: number): Promise<{ rows: NotificationRow[]; unread: number }> {
  const rows = await newestNotificationsQuery(db).execute({ userId, limit: Math.max(1, limit) });
  return { rows: rows.slice(0, limit).map((row) => row.notification), unread: Number(rows[0]?.unread ?? 0) };
}

const newestNotificationsQuery = preparedPerDatabase((db) =>
  db
    .select({ notification: notifications, unread: sql<number>`(count(*) filter (where ${notifications.readedDate} is null) over ())::int` })
    .from(notifications)
    .where(eq(notifications.userId, sql.placeholder("userId")))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(sql.placeholder("limit"))
    .prepare("newest_notifications"),
);

/** Marks the user's own unread notifications among the ids; returns the ids changed. */
export async function markUserNotificationsRead(db: Db, userId: number, ids: number[], now: Date): Promise<{ id: number }[]> {
  return db
    .update(notifications)
    .set({ readedDate: now })
    .where(and(eq(notifications.userId, userId), inArray(notifications.id, ids), isNull(notifications.readedDate)))
    .returning({ id: notifications.id });
}

export async function userExists(db: DbOrTx, userId: number): Promise<boolean> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
  return Boolean(user);
}

export async function insertUserNotification(
  db: DbOrTx,
  userId: number,
  values: { title: string; body: string; link: string | null; createdAt: Date },
): Promise<NotificationRow> {
  const [row] = await db
    .insert(notifications)
    .values({ userId, ...values })
    .returning();
  return row;
}
