import { and, eq, gt, lt, ne, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client.ts";
import { preparedPerDatabase } from "../../db/prepared-queries.ts";
import { alias } from "drizzle-orm/pg-core";
import { accounts, advisors, memberships, sessions, users } from "../../db/schema/index.ts";
import { newestContractFields, newestContractOf, type MembershipWithAccount } from "../modules/user/user.repository.ts";
import { newestNotificationsOf, notificationRowsFromJson, type NotificationRow } from "../modules/notifications/notifications.repository.ts";
import { bookmarksOf, type BookmarkOfBrand } from "../modules/catalogue/catalogue.repository.ts";

export type SessionRow = typeof sessions.$inferSelect;

export type LiveSession = {
  session: SessionRow;
  user: typeof users.$inferSelect;
  accountBrand: string | null;
  memberships: MembershipWithAccount[];
  notifications: { rows: NotificationRow[]; unread: number };
  /** The user's bookmarks of every brand, newest first. */
  bookmarks: BookmarkOfBrand[];
  pageVersions: PageDataVersions;
  /** The catalogue's data version (migration 0002), as `readCatalogueVersion` reads it. */
  catalogueVersion: string;
};

/**
 * An unexpired session by its id's hash, with its user's row, its account's brand (the brands decide its platform: its
 * account's, else its user's) and its user's memberships (each account with its newest contract and its advisor, as
 * `listMemberships` reads them) and its user's newest notifications with the unread count (as
 * `listUserNotificationsWithUnread` reads them), in one statement: every logged-in page needs them all (ADRs 0145
 * and 0146). The user's bookmarks and the catalogue's data version, which the catalogue and the course pages read,
 * and the page data versions, for the session page cache of a page that renders, come with it too (ADR 0146).
 */
export async function findLiveSession(db: Db, idHash: string, now: Date): Promise<LiveSession | undefined> {
  const rows = await liveSessionQuery(db).execute({ idHash, now: now.toISOString() });
  const [first] = rows;
  if (!first) return undefined;
  const memberships = rows.flatMap(({ membership, memberAccount, accountContract, accountAdvisor }) =>
    membership && memberAccount ? [{ role: membership.role, isActive: membership.isActive, account: memberAccount, accountContract, accountAdvisor }] : [],
  );
  const notifications = { rows: notificationRowsFromJson(first.notifications.newest), unread: Number(first.notifications.unread) };
  return {
    session: first.session,
    user: first.user,
    accountBrand: first.accountBrand,
    memberships,
    notifications,
    bookmarks: first.bookmarks,
    pageVersions: first.pageVersions,
    catalogueVersion: first.catalogueVersion,
  };
}

/** One row per membership of the session's user (one row without any), ordered as `listMemberships` orders them. */
const liveSessionQuery = preparedPerDatabase((db) => {
  const memberAccount = alias(accounts, "member_account");
  const newestContract = newestContractOf(db, memberAccount.id);
  const newestNotifications = newestNotificationsOf(db, sessions.userId);
  const userBookmarks = bookmarksOf(db, sessions.userId);
  return db
    .select({
      session: sessions,
      user: users,
      accountBrand: accounts.brand,
      membership: { role: memberships.role, isActive: memberships.isActive },
      memberAccount,
      accountContract: newestContractFields(newestContract),
      accountAdvisor: advisors,
      notifications: { newest: newestNotifications.newest, unread: newestNotifications.unread },
      bookmarks: userBookmarks.list,
      catalogueVersion: sql<string>`coalesce(catalogue_data.version, 0)::text`,
      pageVersions: {
        all: sql<string>`coalesce(page_data.version, 0)::text`,
        shared: sql<string>`coalesce(page_data.shared_version, 0)::text`,
        own: sql<string>`coalesce(user_page_data.version, 0)::text`,
      },
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoinLateral(newestNotifications, sql`true`)
    .leftJoinLateral(userBookmarks, sql`true`)
    .leftJoin(sql`page_data_state page_data`, sql`page_data.id = 1`)
    .leftJoin(sql`catalogue_state catalogue_data`, sql`catalogue_data.id = 1`)
    .leftJoin(sql`user_page_data_state user_page_data`, sql`user_page_data.user_id = ${sessions.userId}`)
    .leftJoin(accounts, eq(accounts.id, sessions.accountId))
    .leftJoin(memberships, eq(memberships.userId, sessions.userId))
    .leftJoin(memberAccount, eq(memberAccount.id, memberships.accountId))
    .leftJoinLateral(newestContract, sql`true`)
    .leftJoin(advisors, eq(advisors.id, memberAccount.advisorId))
    .where(and(eq(sessions.idHash, sql.placeholder("idHash")), gt(sessions.expiresAt, sql.placeholder("now"))))
    .orderBy(memberAccount.name)
    .prepare("live_session");
});

export async function touchSession(db: Db, idHash: string, lastSeenAt: Date, expiresAt: Date): Promise<void> {
  await db.update(sessions).set({ lastSeenAt, expiresAt }).where(eq(sessions.idHash, idHash));
}

export async function insertSession(db: Db, values: typeof sessions.$inferInsert): Promise<void> {
  await db.insert(sessions).values(values);
}

export async function deleteSession(db: Db, idHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.idHash, idHash));
}

/** Opportunistic clean-up of the sessions that have expired. */
export async function deleteExpiredSessions(db: Db, now: Date): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
}

export async function updateSessionAccount(db: Db, idHash: string, accountId: number): Promise<void> {
  await db.update(sessions).set({ accountId }).where(eq(sessions.idHash, idHash));
}

/** Closes every session of the user, or every one but the current one. */
export async function deleteUserSessions(db: DbOrTx, userId: number, exceptIdHash?: string): Promise<void> {
  if (exceptIdHash === undefined) await db.delete(sessions).where(eq(sessions.userId, userId));
  else await db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.idHash, exceptIdHash)));
}

/**
 * Which writes a kept page must see (ADR 0141): "own" for a page that shows other users' data only through shared
 * tables (a learner-area page), "all" for one that shows other users' own-data rows (a pharmacy or back-office page).
 */
export type PageDataScope = "own" | "all";

/**
 * For the session page cache (ADR 0091), in one statement: the page data version of the scope (migrations 0016 and
 * 0028) and whether the session is live. "own" is the shared version with the session user's own version.
 */
export async function readPageDataVersion(db: Db, idHash: string, now: Date, scope: PageDataScope): Promise<{ version: string; live: boolean }> {
  const result = (await db.execute(
    sql`select p.version::text as all_version,
               p.shared_version::text || '.' || coalesce(u.version, 0)::text as own_version,
               s.user_id is not null as live
          from page_data_state p
          left join sessions s on s.id_hash = ${idHash} and s.expires_at > ${now.toISOString()}
          left join user_page_data_state u on u.user_id = s.user_id
         where p.id = 1`,
  )) as unknown as { rows: { all_version: string; own_version: string; live: boolean }[] };
  const [row] = result.rows;
  const version = scope === "own" ? `own:${row?.own_version ?? "0.0"}` : `all:${row?.all_version ?? "0"}`;
  return { version, live: row?.live === true };
}

/** The page data versions as the session's statement reads them (migrations 0016 and 0028). */
export type PageDataVersions = { all: string; shared: string; own: string };

/** The version of a scope, spelled as `readPageDataVersion` spells it. */
export function pageDataVersionOf(versions: PageDataVersions, scope: PageDataScope): string {
  return scope === "own" ? `own:${versions.shared}.${versions.own}` : `all:${versions.all}`;
}

/** The shared page data version alone (migration 0028): the guest page cache reads it after a write (ADR 0141). */
export async function readSharedPageDataVersion(db: Db): Promise<string> {
  const result = (await db.execute(sql`select shared_version::text as version from page_data_state where id = 1`)) as unknown as {
    rows: { version: string }[];
  };
  return result.rows[0]?.version ?? "0";
}
