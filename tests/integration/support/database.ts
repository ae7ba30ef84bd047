import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { sql } from "drizzle-orm";
import { openDatabase, type Database, type Db } from "../../../server/db/client.ts";
import { seedDemo } from "../../../server/db/seed/demo.ts";
import { createDatabase, dropWhenClosed, withDatabaseName } from "./postgres-admin.ts";
import { TEST_PASSWORD_HASH_COST } from "./platform.ts";
import { templateBlob, templatesFor } from "./templates.ts";

export type Backend = "pglite" | "postgres";

/**
 * The engines to test: IT_BACKEND=pglite|postgres picks one; unset, PGlite always and
 * PostgreSQL too when DATABASE_URL_TEST is set.
 */
export function backends(): Backend[] {
  const forced = process.env.IT_BACKEND;
  if (forced === "pglite") return ["pglite"];
  if (forced === "postgres") {
    if (!process.env.DATABASE_URL_TEST) throw new Error("IT_BACKEND=postgres needs DATABASE_URL_TEST (a PostgreSQL URL).");
    return ["postgres"];
  }
  if (forced) throw new Error(`IT_BACKEND must be pglite or postgres, not ${forced}`);
  return process.env.DATABASE_URL_TEST ? ["pglite", "postgres"] : ["pglite"];
}

export type TestDatabase = { backend: Backend; database: Database; url?: string; dispose(): Promise<void> };

/**
 * A database for one test file: PGlite in memory, or a new `it_<random>` database on the DATABASE_URL_TEST
 * server (dropped by dispose). Migrated, and seeded with the demo data unless seed is false: a copy of the
 * run's template (templates.ts), or migrated and seeded here when there is none (outside a vitest run).
 */
export async function createTestDatabase(backend: Backend, options: { seed?: boolean } = {}): Promise<TestDatabase> {
  const started = performance.now();
  const seeded = options.seed !== false;
  const templates = await templatesFor(backend);
  const templatesMs = performance.now() - started;
  const template = templates && (seeded ? templates.seeded : templates.migrated);
  let database: Database;
  let url: string | undefined;
  let drop = async () => {};
  if (backend === "postgres") {
    const server = process.env.DATABASE_URL_TEST;
    if (!server) throw new Error("DATABASE_URL_TEST is not set");
    // test-all sets IT_DB_PREFIX per run, and drops whatever a crashed file left behind with that prefix.
    const name = `${process.env.IT_DB_PREFIX ?? "it"}_${randomBytes(6).toString("hex")}`;
    await createDatabase(server, name, template);
    url = withDatabaseName(server, name);
    drop = () => dropWhenClosed(server, name);
    try {
      database = await openDatabase({ databaseUrl: url });
    } catch (error) {
      await drop();
      throw error;
    }
  } else {
    const pgliteDataDir = template ? templateBlob(template) : undefined;
    database = await openDatabase({ pgliteDir: "memory://", pgliteDataDir });
  }
  if (!template) {
    try {
      await database.migrate();
      if (seeded) await seedDemo(database.db, { passwordHashCost: TEST_PASSWORD_HASH_COST });
    } catch (error) {
      await database.close().catch(() => {});
      await drop().catch(() => {});
      throw error;
    }
  }
  logSetupTime(`${backend} ${seeded ? "seeded" : "migrated"} ${template ? "copy" : "fresh"} ${ms(started)} (templates ${Math.round(templatesMs)})`);
  let disposed = false;
  return {
    backend,
    database,
    url,
    async dispose() {
      if (disposed) return;
      disposed = true;
      await database.close().catch(() => {});
      await drop();
    },
  };
}

const ms = (since: number) => Math.round(performance.now() - since);

/** IT_SETUP_LOG=<file>: one line per test database made, with the milliseconds it took, to measure setup alone. */
function logSetupTime(line: string): void {
  const file = process.env.IT_SETUP_LOG;
  if (file) fs.appendFileSync(file, `${line}\n`);
}

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** Row count of every table of the public schema: equal before and after means "nothing written". */
export async function tableCounts(db: Db): Promise<Record<string, number>> {
  const tables = await rows<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  if (tables.length === 0) return {};
  // One round trip: select (select count(*) from "a") as "a", (select count(*) from "b") as "b", ...
  const columns = sql.join(
    tables.map(({ name }) => sql`(select count(*)::int from ${sql.identifier(name)}) as ${sql.identifier(name)}`),
    sql`, `,
  );
  const [row] = await rows<Record<string, number | string>>(db, sql`select ${columns}`);
  return Object.fromEntries(tables.map(({ name }) => [name, Number(row?.[name] ?? 0)]));
}

export async function countRows(db: Db, table: string): Promise<number> {
  const [row] = await rows<{ n: number | string }>(db, sql`select count(*)::int as n from ${sql.identifier(table)}`);
  return Number(row?.n ?? 0);
}

export { rows as queryRows };
