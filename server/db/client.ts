import { fork } from "node:child_process";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import pg from "pg";
import { prepareStatementsOnConnect } from "./prepared-statements.ts";
import * as schema from "./schema/index.ts";
import type { StatementCounter } from "./statement-counter.ts";
import type { PgliteProcessMessage } from "./pglite-process.ts";
import { takeDirectoryLock } from "./pglite-lock.ts";

export { takeDirectoryLock };

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** The transaction handle drizzle passes to db.transaction callbacks: services own transactions, repositories take either. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
/** What a repository function runs on: the database or a transaction the service opened. */
export type DbOrTx = Db | Tx;

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  migrate(): Promise<void>;
  /**
   * Runs `work` holding the start-up lock: instances starting together on one PostgreSQL migrate and seed one after
   * the other (a session advisory lock; ADR 0122). One process owns an embedded database, so there it just runs.
   */
  withStartupLock<T>(work: () => Promise<T>): Promise<T>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
  /** PGlite only: the data directory as an uncompressed tarball, for `pgliteDataDir` (tests copy a seeded template). */
  dumpDataDir?(): Promise<Blob>;
};

const MIGRATIONS_FOLDER = path.resolve(import.meta.dirname, "migrations");
/** After the migrations: a table they added gets the page data version's triggers (migration 0016, ADR 0091). */
const WATCH_NEW_TABLES = "select watch_page_data()";

export type DatabaseOptions = {
  databaseUrl?: string;
  pgliteDir?: string;
  /** A tarball from `dumpDataDir` to start the (empty) PGlite directory from. */
  pgliteDataDir?: Blob;
  /** Benchmarks only: sees every statement Drizzle sends. */
  statementCounter?: StatementCounter;
  /**
   * PGlite in its own process behind the PostgreSQL wire protocol (ADR 0093), as the platform runs it; otherwise in
   * this process (tests, command-line tools, a tarball to start from).
   */
  pgliteProcess?: boolean;
};

/** PostgreSQL when a URL is given, else embedded PGlite in a directory ("memory://" for tests). */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    return openPostgres(new pg.Pool({ connectionString: options.databaseUrl, max: Number(process.env.PG_POOL_SIZE ?? 10) }), options.statementCounter);
  }
  const dir = options.pgliteDir ?? "data/pglite";
  if (options.pgliteProcess && !options.pgliteDataDir) return openPgliteProcess(dir, options.statementCounter);
  return openPglite(dir, options.pgliteDataDir, options.statementCounter);
}

/** The key of the start-up advisory lock: any number no other lock of this database uses. */
const STARTUP_LOCK_KEY = 7_340_001;

function openPostgres(pool: pg.Pool, statementCounter?: StatementCounter, options: { advisoryLock: boolean } = { advisoryLock: true }): Database {
  // An idle connection dropped by the server (restart, failover, admin termination) must not crash the
  // process with an unhandled 'error' event: the pool discards it and opens a new one on the next query.
  pool.on("error", (error) => process.emitWarning(`PostgreSQL connection lost: ${error.message}`, "DatabaseWarning"));
  if (process.env.DATABASE_PREPARED_STATEMENTS !== "off") prepareStatementsOnConnect(pool);
  const db = drizzlePg(pool, { schema, logger: statementCounter }) as unknown as Db;
  return {
    db,
    kind: "postgres",
    migrate: async () => {
      await migratePg(drizzlePg(pool), { migrationsFolder: MIGRATIONS_FOLDER });
      await pool.query(WATCH_NEW_TABLES);
    },
    withStartupLock: async (work) => {
      if (!options.advisoryLock) return work();
      // A connection of its own holds the lock, while `work` uses the pool's other connections.
      const holder = await pool.connect();
      try {
        await holder.query("select pg_advisory_lock($1)", [STARTUP_LOCK_KEY]);
        try {
          return await work();
        } finally {
          await holder.query("select pg_advisory_unlock($1)", [STARTUP_LOCK_KEY]);
        }
      } finally {
        holder.release();
      }
    },
    ping: async () => {
      try {
        await pool.query("select 1");
        return true;
      } catch {
        return false;
      }
    },
    close: () => pool.end(),
  };
}

const PGLITE_PROCESS_SCRIPT = path.resolve(import.meta.dirname, "pglite-process.ts");

/**
 * PGlite in a child process that serves it on a Unix socket (server/db/pglite-process.ts), reached through `pg` with
 * a pool of ONE connection: PGlite is a single session, so two connections would interleave their transactions.
 * The web process then runs the PostgreSQL code path, and the database's CPU is on the machine's other core.
 */
async function openPgliteProcess(dir: string, statementCounter?: StatementCounter): Promise<Database> {
  const child = fork(PGLITE_PROCESS_SCRIPT, [dir], {
    // The child is TypeScript like this process; a CPU profile of this process (the bench) profiles it too.
    execArgv: ["--import", "tsx", ...process.execArgv.filter((arg) => arg.startsWith("--cpu-prof"))],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const socketDir = await new Promise<string>((resolve, reject) => {
    child.once("message", (message: PgliteProcessMessage) => {
      if (message.type === "ready") resolve(message.socketDir);
      else reject(new Error(message.message));
    });
    child.once("exit", (code) => reject(new Error(`The embedded database process stopped (exit code ${code}) before it was ready.`)));
  });
  let closing = false;
  child.once("exit", (code, signal) => {
    if (closing) return;
    // Nothing can be served without the database: stop rather than answer every request with an error.
    console.error(`The embedded database process stopped unexpectedly (exit code ${code}, signal ${signal}): stopping.`);
    process.exit(1);
  });
  const pool = new pg.Pool({ host: socketDir, port: 5432, user: "postgres", database: "postgres", max: 1, idleTimeoutMillis: 0 });
  // Its pool has one connection: a lock holder would leave none for the work.
  const database = openPostgres(pool, statementCounter, { advisoryLock: false });
  return {
    ...database,
    kind: "pglite",
    close: async () => {
      closing = true;
      await pool.end();
      const exited = new Promise<void>((resolve) => (child.exitCode !== null ? resolve() : child.once("exit", () => resolve())));
      if (child.connected) child.disconnect();
      await exited;
    },
  };
}

async function openPglite(dir: string, loadDataDir?: Blob, statementCounter?: StatementCounter): Promise<Database> {
  const inMemory = dir.startsWith("memory://");
  const releaseLock = inMemory ? () => {} : takeDirectoryLock(dir);
  let client: PGlite;
  try {
    client = await PGlite.create(inMemory ? dir : path.resolve(dir), { extensions: { pg_trgm, unaccent }, loadDataDir });
  } catch (error) {
    releaseLock();
    throw error;
  }
  const db = drizzlePglite(client, { schema, logger: statementCounter }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    migrate: async () => {
      await migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_FOLDER });
      await client.query(WATCH_NEW_TABLES);
    },
    withStartupLock: (work) => work(),
    ping: async () => {
      try {
        await client.query("select 1");
        return true;
      } catch {
        return false;
      }
    },
    close: async () => {
      await client.close();
      releaseLock();
    },
    dumpDataDir: () => client.dumpDataDir("none"),
  };
}
