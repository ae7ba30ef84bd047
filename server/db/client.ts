import fs from "node:fs";
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
import * as schema from "./schema/index.ts";
import type { StatementCounter } from "./statement-counter.ts";

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
};

/** PostgreSQL when a URL is given, else embedded PGlite in a directory ("memory://" for tests). */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.statementCounter);
  return openPglite(options.pgliteDir ?? "data/pglite", options.pgliteDataDir, options.statementCounter);
}

async function openPostgres(url: string, statementCounter?: StatementCounter): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: Number(process.env.PG_POOL_SIZE ?? 10) });
  // An idle connection dropped by the server (restart, failover, admin termination) must not crash the
  // process with an unhandled 'error' event: the pool discards it and opens a new one on the next query.
  pool.on("error", (error) => process.emitWarning(`PostgreSQL connection lost: ${error.message}`, "DatabaseWarning"));
  const db = drizzlePg(pool, { schema, logger: statementCounter }) as unknown as Db;
  return {
    db,
    kind: "postgres",
    migrate: async () => {
      await migratePg(drizzlePg(pool), { migrationsFolder: MIGRATIONS_FOLDER });
      await pool.query(WATCH_NEW_TABLES);
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

/**
 * PGlite keeps one process per data directory: a second one would corrupt it.
 * An exclusive lock file holds the owner's pid; a stale lock (dead pid) is taken over.
 */
export function takeDirectoryLock(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const lockPath = path.join(path.resolve(dir), "..", `${path.basename(dir)}.lock`);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: "wx" });
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        try {
          if (fs.readFileSync(lockPath, "utf8") === String(process.pid)) fs.unlinkSync(lockPath);
        } catch {
          // already gone
        }
      };
      process.once("exit", release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = Number(fs.readFileSync(lockPath, "utf8"));
      if (owner && owner !== process.pid && isProcessAlive(owner)) {
        throw new Error(
          `The embedded database in ${dir} is already used by process ${owner}. ` +
            `Only one process may open it (two would destroy it): stop the other one, ` +
            `or set PGLITE_DIR to another directory, or use PostgreSQL with DATABASE_URL.`,
        );
      }
      fs.unlinkSync(lockPath);
    }
  }
  throw new Error(`Could not lock the embedded database directory ${dir}.`);
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
