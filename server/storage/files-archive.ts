// The local file store's folders (DATA_DIR/uploads and DATA_DIR/private) as one .tar.gz, written beside a
// PostgreSQL dump by `npm run db:backup` and put back by its --restore (ADR 0123). With FILE_STORE=database the files
// are rows of stored_files, in the dump itself.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { STORAGE_AREAS } from "./file-store.ts";

/** The files archive that goes with a dump: data/backups/<stamp>.dump -> data/backups/<stamp>.files.tar.gz. */
export function filesArchiveOf(dumpFile: string): string {
  return `${dumpFile.replace(/\.dump$/, "")}.files.tar.gz`;
}

function tar(args: string[]): string {
  const result = spawnSync("tar", args, { encoding: "utf8", maxBuffer: 512 * 1024 * 1024 });
  if (result.error) throw new Error(`Could not run tar (${result.error.message}): install tar.`);
  if (result.status !== 0) throw new Error(`tar failed with exit code ${result.status}: ${result.stderr.trim()}`);
  return result.stdout;
}

/** How many files the store's folders under dataDir hold. */
export function countStoredFiles(dataDir: string): number {
  let count = 0;
  for (const area of STORAGE_AREAS) {
    const dir = path.join(dataDir, area);
    if (!fs.existsSync(dir)) continue;
    for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) if (!entry.isDirectory()) count += 1;
  }
  return count;
}

/** Writes the store's folders into `archive` (empty folders when there is no file yet); returns the number of files. */
export function writeFilesArchive(dataDir: string, archive: string): number {
  for (const area of STORAGE_AREAS) fs.mkdirSync(path.join(dataDir, area), { recursive: true });
  tar(["-czf", archive, "-C", dataDir, ...STORAGE_AREAS]);
  return countStoredFiles(dataDir);
}

/**
 * Reads the archive through and checks that every entry lies in a storage folder (so extracting it writes nothing
 * else in DATA_DIR); returns the number of files, or throws with a message that says what is wrong.
 */
export function checkFilesArchive(archive: string): number {
  const entries = tar(["-tzf", archive]).split("\n").filter(Boolean);
  const areas = new RegExp(`^(${STORAGE_AREAS.join("|")})(/|$)`);
  const outside = entries.filter((entry) => !areas.test(entry) || entry.split("/").includes(".."));
  if (outside.length > 0) throw new Error(`${archive} is not a files archive of this platform: it holds ${outside[0]}.`);
  return entries.filter((entry) => !entry.endsWith("/")).length;
}

/** Puts the archive's folders back under dataDir; with `replace`, the folders there are removed first. */
export function extractFilesArchive(archive: string, dataDir: string, replace: boolean): void {
  if (replace) for (const area of STORAGE_AREAS) fs.rmSync(path.join(dataDir, area), { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });
  tar(["-xzf", archive, "-C", dataDir]);
}
