// `npm run db:backup`: dumps the database to data/backups/<timestamp>.
//  - PGlite (default): the whole data directory as data/backups/<timestamp>.tar.gz (PGlite's dumpDataDir).
//    Run it while the server is stopped: PGlite allows one process per data directory, and the
//    backup refuses politely when the server holds the lock.
//  - PostgreSQL (DATABASE_URL set): pg_dump in custom format, data/backups/<timestamp>.dump
//    (restore with pg_restore); the server may keep running.
// `npm run db:backup -- --restore <file.tar.gz>` loads a PGlite backup into an empty PGLITE_DIR.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { readEnv } from "../env.ts";
import { takeDirectoryLock } from "./client.ts";

const env = readEnv();
const backupDir = path.resolve(env.DATA_DIR, "backups");
const stamp = new Date().toISOString().replace(/[:.]/g, "-");

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

function lockOrExplain(dir: string): () => void {
  try {
    return takeDirectoryLock(dir);
  } catch (error) {
    fail(
      `${error instanceof Error ? error.message : String(error)}\n` +
        `The backup must run while the server is stopped: stop it (Ctrl+C or SIGTERM), run npm run db:backup, then start it again.`,
    );
  }
}

async function backupPglite(): Promise<void> {
  const dir = path.resolve(env.PGLITE_DIR);
  if (!fs.existsSync(path.join(dir, "PG_VERSION"))) fail(`No embedded database in ${dir}: nothing to back up.`);
  const release = lockOrExplain(dir);
  try {
    const client = await PGlite.create(dir, { extensions: { pg_trgm, unaccent } });
    const dump = await client.dumpDataDir("gzip");
    await client.close();
    fs.mkdirSync(backupDir, { recursive: true });
    const file = path.join(backupDir, `${stamp}.tar.gz`);
    fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    process.stdout.write(`Backup written: ${path.relative(process.cwd(), file)} (${fs.statSync(file).size} bytes)\n`);
  } finally {
    release();
  }
}

async function restorePglite(source: string): Promise<void> {
  const dir = path.resolve(env.PGLITE_DIR);
  if (!fs.existsSync(source)) fail(`No such backup: ${source}`);
  if (fs.existsSync(dir) && fs.readdirSync(dir).length > 0) {
    fail(`${dir} is not empty: move it aside (or set PGLITE_DIR to a new directory) before restoring.`);
  }
  const release = lockOrExplain(dir);
  try {
    const blob = new Blob([fs.readFileSync(source)]);
    const client = await PGlite.create(dir, { loadDataDir: blob, extensions: { pg_trgm, unaccent } });
    await client.query("select 1");
    await client.close();
    process.stdout.write(`Restored ${source} into ${dir}.\n`);
  } finally {
    release();
  }
}

function backupPostgres(url: string): void {
  fs.mkdirSync(backupDir, { recursive: true });
  const file = path.join(backupDir, `${stamp}.dump`);
  const result = spawnSync("pg_dump", ["--format=custom", "--no-owner", `--file=${file}`, url], { stdio: "inherit" });
  if (result.error) fail(`Could not run pg_dump (${result.error.message}): install the PostgreSQL client tools.`);
  if (result.status !== 0) fail(`pg_dump failed with exit code ${result.status}.`);
  process.stdout.write(`Backup written: ${path.relative(process.cwd(), file)} (restore with pg_restore)\n`);
}

const restoreIndex = process.argv.indexOf("--restore");
if (restoreIndex >= 0) {
  if (env.DATABASE_URL) fail("--restore is for the embedded database; for PostgreSQL use pg_restore.");
  const source = process.argv[restoreIndex + 1];
  if (!source) fail("Usage: npm run db:backup -- --restore data/backups/<timestamp>.tar.gz");
  await restorePglite(path.resolve(source));
} else if (env.DATABASE_URL) {
  backupPostgres(env.DATABASE_URL);
} else {
  await backupPglite();
}
