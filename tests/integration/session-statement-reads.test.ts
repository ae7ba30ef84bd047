// The session's statement brings its user's newest notifications and unread count, bookmarks and the catalogue's
// data version (ADR 0146): they must be exactly what their own statements read (outside a page render), whatever the
// ties, the read ones, the count past the list's length, the brands and the user's number of memberships.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { findLiveSession, insertSession } from "../../server/back/http/session.repository.ts";
import { listUserNotificationsWithUnread, NOTIFICATIONS_SHOWN } from "../../server/back/modules/notifications/notifications.repository.ts";
import { listBookmarkIds, listBookmarksOfEveryBrand, readCatalogueVersion } from "../../server/back/modules/catalogue/catalogue.repository.ts";
import { bookmarks, memberships, notifications, trainings, users } from "../../server/db/schema/index.ts";
import type { Db } from "../../server/db/client.ts";
import { backends, createTestDatabase, type TestDatabase } from "./support/database.ts";

const NOW = new Date("2026-12-02T10:00:00Z");

describe.each(backends())("reads that come with the session (%s)", (backend) => {
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

  test("bookmarks of several brands, at equal times: the same ids per brand and order as their own statement", async () => {
    const id = await userId("learner@demo.test");
    await db.delete(bookmarks).where(eq(bookmarks.userId, id));
    const byBrand = await db.select({ id: trainings.id, brand: trainings.brand }).from(trainings).orderBy(trainings.id);
    const brands = [...new Set(byBrand.map((training) => training.brand))];
    expect(brands.length).toBeGreaterThan(1);
    const chosen = brands.flatMap((brand) => byBrand.filter((training) => training.brand === brand).slice(0, 4));
    await db.insert(bookmarks).values(
      // Two by two at the same microsecond: the training's id breaks the tie.
      chosen.map((training, i) => ({
        userId: id,
        trainingId: training.id,
        createdAt: sql`timestamptz '2026-11-28 12:00:00.654321+00' + ${Math.floor(i / 2)} * interval '1 second'`,
      })),
    );
    const loaded = await findLiveSession(db, await sessionOf(id), NOW);
    expect(loaded!.bookmarks).toEqual(await listBookmarksOfEveryBrand(db, id));
    for (const brand of brands) {
      const own = await listBookmarkIds(db, id, brand as never);
      expect(own.length).toBeGreaterThan(0);
      expect(loaded!.bookmarks.filter((bookmark) => bookmark.brand === brand).map((bookmark) => bookmark.id)).toEqual(own);
    }
    // Another user's bookmarks never come with this session.
    const holder = await userId("holder@demo.test");
    await db.delete(bookmarks).where(eq(bookmarks.userId, holder));
    expect((await findLiveSession(db, await sessionOf(holder), NOW))!.bookmarks).toEqual([]);
  });

  test("the catalogue's data version is the one its own statement reads, and moves with a catalogue write", async () => {
    const loaded = await findLiveSession(db, await sessionOf(await userId("learner@demo.test")), NOW);
    const before = await readCatalogueVersion(db);
    expect(loaded!.catalogueVersion).toBe(before);
    const [training] = await db.select({ id: trainings.id, name: trainings.name }).from(trainings).limit(1);
    await db
      .update(trainings)
      .set({ name: `${training.name} ` })
      .where(eq(trainings.id, training.id));
    const after = await readCatalogueVersion(db);
    expect(after).not.toBe(before);
    expect((await findLiveSession(db, await sessionOf(await userId("learner@demo.test")), NOW))!.catalogueVersion).toBe(after);
  });
});
