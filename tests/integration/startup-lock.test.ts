// Instances started together on one PostgreSQL database migrate and seed one after the other (ADR 0122): both
// start, the migrations run once, the demo data is loaded once.
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../../server/db/client.ts";
import { isDatabaseEmpty, seedDemo } from "../../server/db/seed/demo.ts";
import { backends } from "./support/database.ts";
import { createDatabase, dropWhenClosed, withDatabaseName } from "./support/postgres-admin.ts";

const server = process.env.DATABASE_URL_TEST;

describe.skipIf(!backends().includes("postgres") || !server)("start-up lock (PostgreSQL)", () => {
  const name = `${process.env.IT_DB_PREFIX ?? "it"}_${randomBytes(6).toString("hex")}`;
  const opened: Database[] = [];
  afterAll(async () => {
    for (const database of opened) await database.close();
    await dropWhenClosed(server!, name);
  });

  it("two instances starting at once on an empty database: both start, one migrates and seeds", async () => {
    await createDatabase(server!, name);
    const url = withDatabaseName(server!, name);
    for (let i = 0; i < 2; i++) opened.push(await openDatabase({ databaseUrl: url }));
    const startUp = (database: Database) =>
      database.withStartupLock(async () => {
        await database.migrate();
        if (await isDatabaseEmpty(database.db)) return (await seedDemo(database.db)).seeded;
        return false;
      });
    const seeded = await Promise.all(opened.map(startUp));
    expect(seeded.filter(Boolean)).toHaveLength(1);
    const count = async (database: Database, query: ReturnType<typeof sql>) =>
      ((await database.db.execute(query)) as unknown as { rows: Array<{ n: number }> }).rows[0].n;
    const n = await count(opened[0], sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    const again = await count(opened[1], sql`select count(distinct hash)::int as n from drizzle.__drizzle_migrations`);
    expect(n).toBeGreaterThan(20);
    expect(again).toBe(n);
  }, 120_000);
});
