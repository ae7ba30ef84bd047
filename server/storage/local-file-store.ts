import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { areaOfStoredPath, contentTypeOf, newStoredPath, sha256Hex, type FileStore } from "./file-store.ts";

/** Files under <dataDir>/<area>/<folder>/: one machine, or several sharing DATA_DIR on a network file system. */
export function createLocalFileStore(dataDir: string): FileStore {
  const fileOf = (storedPath: string): string | null => (areaOfStoredPath(storedPath) ? path.join(dataDir, storedPath.slice(1)) : null);
  return {
    kind: "local",
    async put(file) {
      const storedPath = newStoredPath(file, sha256Hex(file.bytes));
      const target = path.join(dataDir, storedPath.slice(1));
      await fs.mkdir(path.dirname(target), { recursive: true });
      await fs.writeFile(target, file.bytes, { flag: "wx" });
      return storedPath;
    },
    async read(storedPath) {
      const file = fileOf(storedPath);
      if (!file) return null;
      const stat = await fs.stat(file).catch(() => null);
      if (!stat?.isFile()) return null;
      return {
        contentType: contentTypeOf(storedPath),
        size: stat.size,
        etag: `"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`,
        body: () => createReadStream(file, { highWaterMark: 64 * 1024 }),
      };
    },
    async remove(storedPath) {
      const file = storedPath ? fileOf(storedPath) : null;
      if (file) await fs.rm(file, { force: true });
    },
  };
}
