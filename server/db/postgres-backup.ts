// PostgreSQL's side of `npm run db:backup` (ADR 0123): pg_dump in custom format, and its restore with pg_restore into
// the DATABASE_URL database, which must be empty unless the caller asked to replace what it holds.
import { spawnSync } from "node:child_process";
import pg from "pg";

/** The database's name, for messages (never the URL: it may hold a password). */
export function databaseNameOf(url: string): string {
  try {
    return decodeURIComponent(new URL(url).pathname.slice(1)) || "(default database)";
  } catch {
    return "(DATABASE_URL)";
  }
}

function run(program: "pg_dump" | "pg_restore", args: string[], what: string): void {
  const result = spawnSync(program, args, { stdio: ["ignore", "inherit", "inherit"] });
  if (result.error) throw new Error(`Could not run ${program} (${result.error.message}): install the PostgreSQL client tools.`);
  if (result.status !== 0) throw new Error(`${what}: ${program} failed with exit code ${result.status} (its message is above).`);
}

/** pg_dump in custom format, without owners: restorable by any role that may create tables. */
export function dumpPostgres(url: string, file: string): void {
  run("pg_dump", ["--format=custom", "--no-owner", `--file=${file}`, url], "The backup failed");
}

/** Reads the dump's table of contents: a file that is not a pg_dump custom-format archive is refused before anything changes. */
export function checkDump(file: string): void {
  const result = spawnSync("pg_restore", ["--list", file], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  if (result.error) throw new Error(`Could not run pg_restore (${result.error.message}): install the PostgreSQL client tools.`);
  if (result.status !== 0) {
    throw new Error(`${file} is not a backup pg_restore can read (${result.stderr.trim() || `exit code ${result.status}`}).`);
  }
}

export type DatabaseState = { name: string; tables: number; otherConnections: number };

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
  } catch (error) {
    const name = databaseNameOf(url);
    if ((error as { code?: string }).code === "3D000")
      throw new Error(`The database ${name} does not exist: create it (createdb ${name}), then restore again.`);
    throw new Error(`Could not connect to the database ${name} of DATABASE_URL: ${error instanceof Error ? error.message : String(error)}`);
  }
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => {});
  }
}

const USER_SCHEMAS = "nspname !~ '^pg_' and nspname <> 'information_schema'";

/** The tables of the database outside PostgreSQL's own schemas, and the other sessions connected to it. */
export function databaseState(url: string): Promise<DatabaseState> {
  return withClient(url, async (client) => {
    const { rows } = await client.query<{ name: string; tables: number; others: number }>(
      `select current_database() as name,
        (select count(*)::int from pg_class c join pg_namespace n on n.oid = c.relnamespace where c.relkind in ('r', 'p') and ${USER_SCHEMAS}) as tables,
        (select count(*)::int from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()) as others`,
    );
    const row = rows[0]!;
    return { name: row.name, tables: row.tables, otherConnections: row.others };
  });
}

/**
 * Drops every schema but PostgreSQL's own, with all they hold (tables, the migrations' record, extensions), in one
 * transaction. `public` is made again with its owner and privileges, as the server had created it.
 */
export function emptyDatabase(url: string): Promise<void> {
  return withClient(url, async (client) => {
    await client.query("begin");
    try {
      const schemas = await client.query<{ name: string }>(`select nspname as name from pg_namespace where ${USER_SCHEMAS}`);
      const publicSchema = await client.query<{ owner: string; grants: string[] }>(
        `select pg_get_userbyid(nspowner) as owner,
          array(select format('grant %s on schema public to %s', a.privilege_type, case when a.grantee = 0 then 'public' else quote_ident(pg_get_userbyid(a.grantee)) end)
                from aclexplode(nspacl) a) as grants
         from pg_namespace where nspname = 'public'`,
      );
      for (const { name } of schemas.rows) await client.query(`drop schema ${pg.escapeIdentifier(name)} cascade`);
      const kept = publicSchema.rows[0];
      await client.query(`create schema public authorization ${pg.escapeIdentifier(kept?.owner ?? "pg_database_owner")}`);
      for (const grant of kept?.grants ?? []) await client.query(grant);
      await client.query("commit");
    } catch (error) {
      await client.query("rollback").catch(() => {});
      throw new Error(`Could not empty the database ${databaseNameOf(url)}: ${error instanceof Error ? error.message : String(error)}`);
    }
  });
}

/** pg_restore in one transaction, stopping at the first error: the database ends restored whole, or as it was. */
export function restoreDump(url: string, file: string): void {
  run("pg_restore", ["--no-owner", "--exit-on-error", "--single-transaction", `--dbname=${url}`, file], "The restore failed, nothing was restored");
}
