// `npm run db:backup`: dumps the database to data/backups/<timestamp> (ADR 0123).
//  - PGlite (default): the whole data directory as data/backups/<timestamp>.tar.gz (PGlite's dumpDataDir).
//    Run it while the server is stopped: PGlite allows one process per data directory, and the
//    backup refuses politely when the server holds the lock.
//  - PostgreSQL (DATABASE_URL set): pg_dump in custom format, data/backups/<timestamp>.dump; the server may keep
//    running. With FILE_STORE=local or s3, the uploaded files too: data/backups/<timestamp>.files.tar.gz beside it (with
//    the database store they are rows of the dump).
// `npm run db:backup -- --restore <file>` puts a backup back:
//  - PGlite: a .tar.gz into an empty PGLITE_DIR.
//  - PostgreSQL: a .dump into the DATABASE_URL database with pg_restore, and with FILE_STORE=local or s3 the files
//    archive beside it into DATA_DIR or the bucket. The database must have no table and the store no file, unless
//    --replace is given: then what they hold is dropped first. Stop the servers before restoring.
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { readEnv } from "../env.ts";
import { restoreBucketArchive, writeBucketArchive } from "../storage/bucket-archive.ts";
import { fileStoreKind } from "../storage/file-store.ts";
import { checkFilesArchive, countStoredFiles, extractFilesArchive, filesArchiveOf, writeFilesArchive } from "../storage/files-archive.ts";
import { createS3FileStore, parseS3Url, type S3FileStore } from "../storage/s3-file-store.ts";
import { takeDirectoryLock } from "./client.ts";
import { checkDump, databaseNameOf, databaseState, dumpPostgres, emptyDatabase, restoreDump } from "./postgres-backup.ts";

const USAGE =
  "Usage: npm run db:backup                                      back up the database (and, with DATABASE_URL and FILE_STORE=local or s3, the files)\n" +
  "       npm run db:backup -- --restore <backup> [--replace]    restore a backup (--replace: drop what the database and the file store hold first)";

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

function parseArguments(args: string[]): { restore: string | null; replace: boolean } {
  let restore: string | null = null;
  let replace = false;
  for (let i = 0; i < args.length; i++) {
    if (args[i] === "--restore") {
      restore = args[++i] ?? fail(`--restore needs the backup file to restore.\n${USAGE}`);
    } else if (args[i] === "--replace") {
      replace = true;
    } else {
      fail(`Unknown argument: ${args[i]}\n${USAGE}`);
    }
  }
  if (replace && restore === null) fail(`--replace goes with --restore <backup>.\n${USAGE}`);
  return { restore, replace };
}

const options = parseArguments(process.argv.slice(2));
const env = readEnv();
const backupDir = path.resolve(env.DATA_DIR, "backups");
const stamp = new Date().toISOString().replace(/[:.]/g, "-");
/** A path as typed from here when it lies under the current directory, else in full. */
const relative = (file: string) => {
  const shown = path.relative(process.cwd(), file);
  return shown === "" || shown.startsWith("..") || path.isAbsolute(shown) ? file : shown;
};
const counted = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

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
    process.stdout.write(`Backup written: ${relative(file)} (${fs.statSync(file).size} bytes)\n`);
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

/** The bucket of S3_URL (FILE_STORE=s3). */
function bucket(): S3FileStore {
  if (!env.S3_URL) fail("FILE_STORE=s3 needs S3_URL (http(s)://ACCESS_KEY:SECRET@host[:port]/bucket).");
  return createS3FileStore(parseS3Url(env.S3_URL));
}

async function backupPostgres(url: string): Promise<void> {
  const started = performance.now();
  fs.mkdirSync(backupDir, { recursive: true });
  const file = path.join(backupDir, `${stamp}.dump`);
  dumpPostgres(url, file);
  process.stdout.write(`Backup written: ${relative(file)} (${fs.statSync(file).size} bytes)\n`);
  const kind = fileStoreKind(env);
  if (kind === "local" || kind === "s3") {
    const archive = filesArchiveOf(file);
    const count = kind === "local" ? writeFilesArchive(path.resolve(env.DATA_DIR), archive) : await writeBucketArchive(bucket(), archive);
    const from = kind === "local" ? relative(path.resolve(env.DATA_DIR)) : "the S3 bucket";
    process.stdout.write(`Files written: ${relative(archive)} (${counted(count, "file")} from ${from}, ${fs.statSync(archive).size} bytes)\n`);
  } else {
    process.stdout.write("Uploaded files: in the dump (FILE_STORE=database).\n");
  }
  process.stdout.write(`Done in ${seconds(started)}. Restore with: npm run db:backup -- --restore ${relative(file)}\n`);
  if (!process.env.APP_SECRET) {
    process.stdout.write(
      `Attestation codes are signed with the APP_SECRET of ${relative(path.resolve(env.DATA_DIR, "secrets.json"))}: keep a copy of that file apart from the backups; a restore on another machine needs it to verify them.\n`,
    );
  }
}

async function restorePostgres(url: string, source: string, replace: boolean): Promise<void> {
  const started = performance.now();
  const dataDir = path.resolve(env.DATA_DIR);
  const archive = filesArchiveOf(source);
  const kind = fileStoreKind(env);
  const local = kind === "local";
  const store = kind === "s3" ? bucket() : null;
  const where = store ? "the S3 bucket" : relative(dataDir);
  // Everything is checked before anything changes.
  if (!fs.existsSync(source)) fail(`No such backup: ${source}`);
  if (source.endsWith(".files.tar.gz")) fail(`${relative(source)} holds the uploaded files: restore the .dump beside it, which brings them back.`);
  checkDump(source);
  let files = 0;
  if (local || store) {
    if (!fs.existsSync(archive)) {
      fail(
        `No files archive beside the dump (${relative(archive)}), and FILE_STORE=${kind} keeps the uploaded files in ${where}.\n` +
          `A backup taken with FILE_STORE=database has its files in the dump: restore it with FILE_STORE=database. Otherwise copy the archive beside the dump.`,
      );
    }
    files = checkFilesArchive(archive);
  } else if (fs.existsSync(archive)) {
    fail(
      `This backup keeps its uploaded files in ${relative(archive)} (it was taken with FILE_STORE=local or s3), but FILE_STORE is database here.\n` +
        `Restore it with the store it was taken with; to move to the database afterwards, run npm run files:copy-to-store.`,
    );
  }
  const state = await databaseState(url);
  const present = local ? countStoredFiles(dataDir) : store ? (await store.list()).length : 0;
  if (!replace && (state.tables > 0 || present > 0)) {
    const holds = [
      state.tables > 0 ? `the database ${state.name} has ${counted(state.tables, "table")}` : "",
      present > 0 ? `${where} holds ${counted(present, "uploaded file")}` : "",
    ];
    fail(
      `Nothing restored: ${holds.filter(Boolean).join(" and ")}.\n` +
        `Restore into an empty database (createdb <name>, then point DATABASE_URL at it), or add --replace to drop what it holds first:\n` +
        `  npm run db:backup -- --restore ${relative(source)} --replace`,
    );
  }
  if (replace && state.otherConnections > 0) {
    fail(
      `Nothing restored: ${counted(state.otherConnections, "other connection")} open on the database ${state.name}. Stop the servers that use it, then restore again.`,
    );
  }
  if (replace && state.tables > 0) await emptyDatabase(url);
  try {
    restoreDump(url, source);
  } catch (error) {
    const emptied = replace && state.tables > 0 ? " The database was emptied by --replace: restore a backup into it again." : "";
    fail(`${error instanceof Error ? error.message : String(error)}.${emptied}`);
  }
  process.stdout.write(`Restored ${relative(source)} into the database ${databaseNameOf(url)}.\n`);
  if (local) extractFilesArchive(archive, dataDir, replace);
  if (store) await restoreBucketArchive(store, archive, replace);
  if (local || store) process.stdout.write(`Restored ${counted(files, "file")} from ${relative(archive)} into ${where}.\n`);
  process.stdout.write(`Done in ${seconds(started)}. Start the server: it applies the migrations newer than the backup, if any.\n`);
}

try {
  if (options.restore !== null) {
    const source = path.resolve(options.restore);
    if (env.DATABASE_URL) await restorePostgres(env.DATABASE_URL, source, options.replace);
    else if (options.replace)
      fail("--replace is for PostgreSQL: for the embedded database, move PGLITE_DIR aside (or set it to a new directory), then restore.");
    else await restorePglite(source);
  } else if (env.DATABASE_URL) {
    await backupPostgres(env.DATABASE_URL);
  } else {
    await backupPglite();
  }
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
