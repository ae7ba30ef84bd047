// An S3 bucket's files (FILE_STORE=s3, ADR 0139) in the same .tar.gz as the local store's folders (files-archive.ts),
// written beside a PostgreSQL dump by `npm run db:backup` and put back by its --restore (ADR 0123). The files pass
// through a folder of their own under the system's temporary directory, removed when done.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { copyLocalFiles } from "./copy-local-files.ts";
import { extractFilesArchive, writeFilesArchive } from "./files-archive.ts";
import type { S3FileStore } from "./s3-file-store.ts";

async function inStagingFolder<T>(work: (folder: string) => Promise<T>): Promise<T> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "bucket-archive-"));
  try {
    return await work(folder);
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

/** Downloads every file of the bucket's storage areas into `archive`; returns the number of files. */
export function writeBucketArchive(store: S3FileStore, archive: string): Promise<number> {
  return inStagingFolder(async (folder) => {
    for (const storedPath of await store.list()) {
      const file = await store.read(storedPath);
      if (!file) continue; // removed since the list was read
      const target = path.join(folder, storedPath.slice(1));
      fs.mkdirSync(path.dirname(target), { recursive: true });
      await pipeline(Readable.from(file.body()), fs.createWriteStream(target));
    }
    return writeFilesArchive(folder, archive);
  });
}

/**
 * Puts the archive's files into the bucket under their paths; with `replace`, the files the bucket's storage areas
 * hold are removed first. Returns the number of files put back.
 */
export function restoreBucketArchive(store: S3FileStore, archive: string, replace: boolean): Promise<number> {
  return inStagingFolder(async (folder) => {
    extractFilesArchive(archive, folder, false);
    if (replace) for (const storedPath of await store.list()) await store.remove(storedPath);
    const report = await copyLocalFiles(folder, store);
    return report.copied + report.alreadyThere;
  });
}
