// The queries every logged-in render runs are built once per database handle (server/db/prepared-queries.ts,
// ADR 0137). A query built once must still take each call's own values: these tests call each one for two users, or
// for a live and an expired session, on the same handle, and check that every answer is that call's own (the page
// data version, which reads the same session table, is checked beside the session it answers for).
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { findLiveSession, insertSession, readPageDataVersion } from "../../server/back/http/session.repository.ts";
import { addBookmark, listBookmarkIds } from "../../server/back/modules/catalogue/catalogue.repository.ts";
import { listUserNotificationsWithUnread } from "../../server/back/modules/notifications/notifications.repository.ts";
import { findUserByEmail, listMemberships } from "../../server/back/modules/user/user.repository.ts";
import type { Db } from "../../server/db/client.ts";
import { preparedPerDatabase } from "../../server/db/prepared-queries.ts";
import { bookmarks, notifications } from "../../server/db/schema/index.ts";
import { backends, createTestDatabase, queryRows, type TestDatabase } from "./support/database.ts";

test("a prepared query is built once per database handle, and again for another handle", () => {
  let builds = 0;
  const query = preparedPerDatabase((db) => ({ db, build: ++builds }));
  const first = {} as Db;
  const second = {} as Db;
  expect(query(first)).toBe(query(first));
  expect(builds).toBe(1);
  expect(query(second).db).toBe(second);
  expect(builds).toBe(2);
});

describe.each(backends())("queries built once, values of each call (%s)", (backend) => {
  let database: TestDatabase;
  let db: Db;
  let learnerId: number;
  let holderId: number;

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    db = database.database.db;
    learnerId = (await findUserByEmail(db, "learner@demo.test"))!.id;
    holderId = (await findUserByEmail(db, "holder@demo.test"))!.id;
  }, 120_000);
  afterAll(() => database?.dispose());

  test("sessions: a live one is found with its own user, an expired or unknown one is not; the page data version says which", async () => {
    const now = new Date();
    const later = new Date(now.getTime() + 3_600_000);
    const earlier = new Date(now.getTime() - 3_600_000);
    await insertSession(db, { idHash: "prepared-live", userId: learnerId, expiresAt: later });
    await insertSession(db, { idHash: "prepared-holder", userId: holderId, expiresAt: later });
    await insertSession(db, { idHash: "prepared-expired", userId: learnerId, expiresAt: earlier });

    expect((await findLiveSession(db, "prepared-live", now))?.user.email).toBe("learner@demo.test");
    expect((await findLiveSession(db, "prepared-holder", now))?.user.email).toBe("holder@demo.test");
    expect(await findLiveSession(db, "prepared-expired", now)).toBeUndefined();
    expect(await findLiveSession(db, "prepared-unknown", now)).toBeUndefined();
    // The same session, asked about after it has expired.
    expect(await findLiveSession(db, "prepared-live", new Date(later.getTime() + 1000))).toBeUndefined();

    const [{ version, shared }] = await queryRows<{ version: string; shared: string }>(
      db,
      sql`select version::text as version, shared_version::text as shared from page_data_state where id = 1`,
    );
    const own = async (userId: number) =>
      (await queryRows<{ own: string }>(db, sql`select coalesce((select version from user_page_data_state where user_id = ${userId}), 0)::text as own`))[0].own;
    expect(await readPageDataVersion(db, "prepared-live", now, "all")).toEqual({ version: `all:${version}`, live: true });
    expect(await readPageDataVersion(db, "prepared-live", now, "own")).toEqual({ version: `own:${shared}.${await own(learnerId)}`, live: true });
    expect(await readPageDataVersion(db, "prepared-holder", now, "own")).toEqual({ version: `own:${shared}.${await own(holderId)}`, live: true });
    expect(await readPageDataVersion(db, "prepared-expired", now, "all")).toEqual({ version: `all:${version}`, live: false });
    expect(await readPageDataVersion(db, "prepared-unknown", now, "own")).toEqual({ version: `own:${shared}.0`, live: false });
  });

  test("memberships: each user gets their own", async () => {
    const holder = await listMemberships(db, holderId);
    const learner = await listMemberships(db, learnerId);
    const [{ count: holderCount }] = await queryRows<{ count: number }>(db, sql`select count(*)::int as count from memberships where user_id = ${holderId}`);
    const [{ count: learnerCount }] = await queryRows<{ count: number }>(db, sql`select count(*)::int as count from memberships where user_id = ${learnerId}`);
    expect(holder.length).toBe(holderCount);
    expect(learner.length).toBe(learnerCount);
    expect(holder.length).toBeGreaterThan(0);
    const holderAccounts = await queryRows<{ account_id: number }>(db, sql`select account_id from memberships where user_id = ${holderId}`);
    expect(holder.map((m) => m.account.id).sort()).toEqual(holderAccounts.map((row) => row.account_id).sort());
  });

  test("notifications: each user's newest, the limit of each call, and each user's unread count", async () => {
    await db.delete(notifications).where(sql`${notifications.userId} in (${learnerId}, ${holderId})`);
    const at = (minutes: number) => new Date(Date.UTC(2026, 10, 30, 12, minutes));
    await db.insert(notifications).values([
      { userId: learnerId, title: "L1", createdAt: at(1) },
      { userId: learnerId, title: "L2", createdAt: at(2), readedDate: at(3) },
      { userId: learnerId, title: "L3", createdAt: at(4) },
      { userId: holderId, title: "H1", createdAt: at(5) },
    ]);
    const learnerTwo = await listUserNotificationsWithUnread(db, learnerId, 2);
    expect(learnerTwo.rows.map((row) => row.title)).toEqual(["L3", "L2"]);
    expect(learnerTwo.unread).toBe(2);
    const learnerAll = await listUserNotificationsWithUnread(db, learnerId, 10);
    expect(learnerAll.rows.map((row) => row.title)).toEqual(["L3", "L2", "L1"]);
    const holder = await listUserNotificationsWithUnread(db, holderId, 10);
    expect(holder.rows.map((row) => row.title)).toEqual(["H1"]);
    expect(holder.unread).toBe(1);
  });

  test("bookmarks: each user's own, of the brand asked", async () => {
    const trainings = await queryRows<{ id: number; brand: string }>(db, sql`select id, brand from trainings where brand = 'fr' order by id limit 2`);
    expect(trainings).toHaveLength(2);
    await db.delete(bookmarks).where(sql`${bookmarks.userId} in (${learnerId}, ${holderId})`);
    await addBookmark(db, learnerId, trainings[0].id, new Date(Date.UTC(2026, 10, 30, 12, 0)));
    await addBookmark(db, holderId, trainings[1].id, new Date(Date.UTC(2026, 10, 30, 12, 1)));
    await addBookmark(db, learnerId, trainings[1].id, new Date(Date.UTC(2026, 10, 30, 12, 2)));
    expect(await listBookmarkIds(db, learnerId, "fr")).toEqual([trainings[1].id, trainings[0].id]);
    expect(await listBookmarkIds(db, holderId, "fr")).toEqual([trainings[1].id]);
    expect(await listBookmarkIds(db, learnerId, "es")).toEqual([]);
  });
});
