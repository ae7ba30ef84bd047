// The session's statement brings its user's newest notifications and unread count (ADR 0146): they must be exactly
// what the notifications' own statement reads (GET /user/notification outside a page render), whatever the ties,
// the read ones, the count past the list's length and the user's number of memberships.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { findLiveSession, insertSession } from "../../server/back/http/session.repository.ts";
import { listUserNotificationsWithUnread, NOTIFICATIONS_SHOWN } from "../../server/back/modules/notifications/notifications.repository.ts";
import { memberships, notifications, users } from "../../server/db/schema/index.ts";
import type { Db } from "../../server/db/client.ts";
import { backends, createTestDatabase, type TestDatabase } from "./support/database.ts";

const NOW = new Date("2026-12-02T10:00:00Z");

describe.each(backends())("notifications read with the session (%s)", (backend) => {
  let database: TestDatabase;
  let db: Db;
  beforeAll(async () => {
    database = await createTestDatabase(backend);
    db = database.database.db;
  }, 240_000);
  afterAll(async () => database?.dispose());

  async function userId(email: string): Promise<number> {
    const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
    return row.id;
  }

  async function sessionOf(id: number): Promise<string> {
    const idHash = `test-${id}-${Math.random()}`;
    await insertSession(db, {
      idHash,
      userId: id,
      accountId: null,
      persistent: false,
      createdAt: NOW,
      lastSeenAt: NOW,
      expiresAt: new Date(NOW.getTime() + 3600_000),
    });
    return idHash;
  }

  async function expectSameAsOwnStatement(id: number) {
    const loaded = await findLiveSession(db, await sessionOf(id), NOW);
    expect(loaded).toBeDefined();
    const own = await listUserNotificationsWithUnread(db, id, NOTIFICATIONS_SHOWN);
    expect(loaded!.notifications).toEqual(own);
    return own;
  }

  test("a user without notifications: none, none unread", async () => {
    const id = await userId("admin@demo.test");
    await db.delete(notifications).where(eq(notifications.userId, id));
    expect(await expectSameAsOwnStatement(id)).toEqual({ rows: [], unread: 0 });
  });

  test("more than the list holds, read and unread, equal times and microseconds: the same rows, order and count", async () => {
    const id = await userId("holder@demo.test");
    // The referent belongs to a pharmacy: the statement's rows per membership must not change the notifications.
    expect((await db.select().from(memberships).where(eq(memberships.userId, id))).length).toBeGreaterThan(0);
    await db.delete(notifications).where(eq(notifications.userId, id));
    await db.insert(notifications).values(
      Array.from({ length: 27 }, (_, i) => ({
        userId: id,
        title: `Avis ${i}`,
        body: i % 2 ? "" : `Texte « ${i} » avec "guillemets" et \\ barre`,
        link: i % 3 ? null : `/catalogue?page=${i}`,
        // Three by three at the same microsecond: the id breaks the tie.
        createdAt: sql`timestamptz '2026-11-20 08:00:00.123456+00' + ${Math.floor(i / 3)} * interval '1 minute'`,
        readedDate: i % 4 === 0 ? sql`timestamptz '2026-11-25 09:30:00.987654+00'` : null,
      })),
    );
    const own = await expectSameAsOwnStatement(id);
    expect(own.rows).toHaveLength(NOTIFICATIONS_SHOWN);
    expect(own.unread).toBe(27 - 7);
    expect(own.rows[0]).toMatchObject({ title: "Avis 26", createdAt: new Date("2026-11-20T08:08:00.123Z") });
    expect(own.rows.find((row) => row.title === "Avis 24")?.readedDate).toEqual(new Date("2026-11-25T09:30:00.987Z"));
  });

  test("another user's notifications are not the session user's", async () => {
    const learner = await userId("learner@demo.test");
    const holder = await userId("holder@demo.test");
    await db.delete(notifications).where(eq(notifications.userId, learner));
    await db.insert(notifications).values({ userId: learner, title: "Pour l'apprenant" });
    const loaded = await findLiveSession(db, await sessionOf(learner), NOW);
    expect(loaded!.notifications.rows.map((row) => row.title)).toEqual(["Pour l'apprenant"]);
    expect(loaded!.notifications.rows.every((row) => row.userId === learner)).toBe(true);
    expect((await findLiveSession(db, await sessionOf(holder), NOW))!.notifications.rows.some((row) => row.userId !== holder)).toBe(false);
  });
});
