import type { Db } from "../db/client.ts";
import { areaOfStoredPath, contentTypeOf, newStoredPath, sha256Hex, type AdoptingFileStore, type StorageArea } from "./file-store.ts";
import { deleteStoredFile, findStoredFileHead, insertStoredFile, readStoredFileChunk } from "./stored-files.repository.ts";

/** Bytes read per query when a file is served: a large file never sits whole in memory. */
const CHUNK_BYTES = 256 * 1024;

/** Files in the stored_files table: every instance on the same database sees the same files. */
export function createDatabaseFileStore(db: Db): AdoptingFileStore {
  const insert = (storedPath: string, area: StorageArea, bytes: Uint8Array, ownerId: number | null) =>
    insertStoredFile(db, { path: storedPath, area, contentType: contentTypeOf(storedPath), size: bytes.byteLength, sha256: sha256Hex(bytes), ownerId, bytes });
  return {
    kind: "database",
    async put(file) {
      const storedPath = newStoredPath(file, sha256Hex(file.bytes));
      if (!(await insert(storedPath, file.area, file.bytes, file.ownerId ?? null))) throw new Error(`File path already taken: ${storedPath}`);
      return storedPath;
    },
    async adopt(storedPath, bytes) {
      const area = areaOfStoredPath(storedPath);
      if (!area) throw new Error(`Not a stored file path: ${storedPath}`);
      return insert(storedPath, area, bytes, null);
    },
    async read(storedPath) {
      if (!areaOfStoredPath(storedPath)) return null;
      const head = await findStoredFileHead(db, storedPath);
      if (!head) return null;
      return { contentType: head.contentType, size: head.size, etag: `"${head.sha256}"`, body: () => chunks(db, storedPath, head.size) };
    },
    async remove(storedPath) {
      if (storedPath && areaOfStoredPath(storedPath)) await deleteStoredFile(db, storedPath);
    },
  };
}

async function* chunks(db: Db, storedPath: string, size: number): AsyncIterable<Uint8Array> {
  for (let offset = 0; offset < size; offset += CHUNK_BYTES) {
    const chunk = await readStoredFileChunk(db, storedPath, offset, CHUNK_BYTES);
    if (!chunk) return; // removed while being read: the response ends short, as a deleted local file's would
    yield chunk;
  }
}
