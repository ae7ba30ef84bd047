import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import pg from "pg";
import { openDatabase, type Database, type Db } from "../../../server/db/client.ts";
import { seedDemo } from "../../../server/db/seed/demo.ts";

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

function withDatabaseName(url: string, name: string): string {
  const next = new URL(url);
  next.pathname = `/${name}`;
  return next.toString();
}

async function adminQuery(serverUrl: string, query: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

/**
 * Drops a test database once its connections are gone; FORCE only as a last resort, so that a
 * connection still saying goodbye is not killed mid-way (its client would raise an uncaught error).
 */
async function dropWhenClosed(serverUrl: string, name: string): Promise<void> {
  for (let attempt = 0; attempt < 20; attempt++) {
    try {
      await adminQuery(serverUrl, `DROP DATABASE IF EXISTS "${name}"`);
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== "55006") throw error; // 55006: still being accessed
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  await adminQuery(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
}

/**
 * A fresh database for one test file: PGlite in memory, or a new `it_<random>` database on the
 * DATABASE_URL_TEST server (dropped by dispose). Migrated, and seeded with the demo data unless seed is false.
 */
export async function createTestDatabase(backend: Backend, options: { seed?: boolean } = {}): Promise<TestDatabase> {
  let database: Database;
  let url: string | undefined;
  let drop = async () => {};
  if (backend === "postgres") {
    const server = process.env.DATABASE_URL_TEST;
    if (!server) throw new Error("DATABASE_URL_TEST is not set");
    // test-all sets IT_DB_PREFIX per run, and drops whatever a crashed file left behind with that prefix.
    const name = `${process.env.IT_DB_PREFIX ?? "it"}_${randomBytes(6).toString("hex")}`;
    await adminQuery(server, `CREATE DATABASE "${name}"`);
    url = withDatabaseName(server, name);
    drop = () => dropWhenClosed(server, name);
    try {
      database = await openDatabase({ databaseUrl: url });
    } catch (error) {
      await drop();
      throw error;
    }
  } else {
    database = await openDatabase({ pgliteDir: "memory://" });
  }
  try {
    await database.migrate();
    if (options.seed !== false) await seedDemo(database.db);
  } catch (error) {
    await database.close().catch(() => {});
    await drop().catch(() => {});
    throw error;
  }
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
