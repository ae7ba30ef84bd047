import fs from "node:fs/promises";
import path from "node:path";
import { areaOfStoredPath, STORAGE_AREAS, type AdoptingFileStore } from "./file-store.ts";

export type CopyReport = { copied: number; alreadyThere: number; skipped: string[] };

/**
 * Copies the files of DATA_DIR's storage areas (uploads/, private/) into a shared store (the database or an S3
 * bucket) under the same paths, so the rows that name them keep working. Run again, it copies only what is new; a
 * file whose name the store would never serve (not "<area>/<folder>/<name>") is reported, not copied. The local
 * files are left in place.
 */
export async function copyLocalFiles(dataDir: string, store: AdoptingFileStore): Promise<CopyReport> {
  const report: CopyReport = { copied: 0, alreadyThere: 0, skipped: [] };
  for (const area of STORAGE_AREAS) {
    const root = path.join(dataDir, area);
    const entries = await fs.readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      const file = path.join(entry.parentPath, entry.name);
      const storedPath = `/${path.relative(dataDir, file).split(path.sep).join("/")}`;
      if (!areaOfStoredPath(storedPath)) {
        report.skipped.push(storedPath);
        continue;
      }
      if (await store.adopt(storedPath, new Uint8Array(await fs.readFile(file)))) report.copied += 1;
      else report.alreadyThere += 1;
    }
  }
  return report;
}
