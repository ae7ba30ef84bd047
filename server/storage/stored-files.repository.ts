import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { storedFiles } from "../db/schema/index.ts";

/** Inserts a file row; false when the path is taken already (nothing written then). */
export async function insertStoredFile(db: Db, row: typeof storedFiles.$inferInsert): Promise<boolean> {
  const inserted = await db.insert(storedFiles).values(row).onConflictDoNothing().returning({ path: storedFiles.path });
  return inserted.length > 0;
}

/** What a response needs before the bytes: type, size and hash. */
export async function findStoredFileHead(db: Db, storedPath: string) {
  const [row] = await db
    .select({ contentType: storedFiles.contentType, size: storedFiles.size, sha256: storedFiles.sha256 })
    .from(storedFiles)
    .where(eq(storedFiles.path, storedPath))
    .limit(1);
  return row;
}

/** `length` bytes of a file from `offset` (0-based), or undefined once the file is gone. */
export async function readStoredFileChunk(db: Db, storedPath: string, offset: number, length: number): Promise<Uint8Array | undefined> {
  // substring() on bytea counts from 1.
  const [row] = await db
    .select({ chunk: sql<Uint8Array>`substring(${storedFiles.bytes} from ${offset + 1} for ${length})` })
    .from(storedFiles)
    .where(eq(storedFiles.path, storedPath));
  return row ? new Uint8Array(row.chunk) : undefined;
}

export async function deleteStoredFile(db: Db, storedPath: string): Promise<void> {
  await db.delete(storedFiles).where(eq(storedFiles.path, storedPath));
}
