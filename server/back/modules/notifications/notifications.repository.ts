import { and, desc, eq, inArray, isNull, sql, type AnyColumn } from "drizzle-orm";
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

/** How many of the newest notifications a user is shown (the header's list, GET /user/notification). */
export const NOTIFICATIONS_SHOWN = 20;

/** A notification as `newestNotificationsOf` spells it in JSON: its times in milliseconds since 1970. */
type NotificationJson = { id: number; userId: number; title: string; body: string; link: string | null; readedMs: number | null; createdMs: number };

/**
 * The user's `NOTIFICATIONS_SHOWN` newest notifications (as JSON) and how many of all theirs are unread, as a subquery
 * of `userId` (a column of the outer statement), for a lateral join: the session statement reads them with the
 * session, since every logged-in page shows them (ADR 0146). The same rows and order as `listUserNotificationsWithUnread`.
 */
export function newestNotificationsOf(db: Db, userId: AnyColumn) {
  const shown = sql.raw(String(NOTIFICATIONS_SHOWN));
  // One line of SQL: the statement's text is what the tests and the benchmark's statement counter read.
  const fields = sql.raw(
    [
      "'id', ranked.id, 'userId', ranked.user_id, 'title', ranked.title, 'body', ranked.body, 'link', ranked.link",
      "'readedMs', floor(extract(epoch from ranked.readed_date) * 1000)::bigint",
      "'createdMs', floor(extract(epoch from ranked.created_at) * 1000)::bigint",
    ].join(", "),
  );
  return db
    .select({
      newest: sql<
        NotificationJson[]
      >`coalesce(json_agg(json_build_object(${fields}) order by ranked.rank) filter (where ranked.rank <= ${shown}), '[]'::json)`.as("newest_notifications"),
      unread: sql<number>`(count(*) filter (where ranked.readed_date is null))::int`.as("unread_notifications"),
    })
    .from(sql`(select n.*, row_number() over (order by n.created_at desc, n.id desc) as rank from ${notifications} n where n.user_id = ${userId}) ranked`)
    .as("session_notifications");
}

/** The rows of `newestNotificationsOf`'s JSON, as the table's rows. */
export function notificationRowsFromJson(newest: NotificationJson[]): NotificationRow[] {
  return newest.map(({ readedMs, createdMs, ...fields }) => ({
    ...fields,
    readedDate: readedMs === null ? null : new Date(Number(readedMs)),
    createdAt: new Date(Number(createdMs)),
  }));
}

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
