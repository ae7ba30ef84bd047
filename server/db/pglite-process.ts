// The embedded database's own process (ADR 0093): the web process starts it (client.ts, `openPgliteProcess`), it owns
// the data directory and serves it over the PostgreSQL wire protocol on a Unix socket, so PGlite's WebAssembly never
// runs on the web process's event loop. It stops when its parent asks or goes away (the IPC channel closes), never on
// a signal of its own: Ctrl-C reaches the whole process group, and the parent still needs the database while it
// finishes its in-flight requests.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { takeDirectoryLock } from "./pglite-lock.ts";
import { serveOverWire } from "./pglite-wire.ts";

export type PgliteProcessMessage = { type: "ready"; socketDir: string } | { type: "failed"; message: string };

const send = (message: PgliteProcessMessage) => process.send?.(message);

async function main() {
  const dir = process.argv[2];
  if (!dir || !process.send) throw new Error("pglite-process: started without a data directory or without its parent");
  process.on("SIGINT", () => {});
  process.on("SIGTERM", () => {});
  const inMemory = dir.startsWith("memory://");
  const releaseLock = inMemory ? () => {} : takeDirectoryLock(dir);
  const db = await PGlite.create(inMemory ? dir : path.resolve(dir), { extensions: { pg_trgm, unaccent } });
  // The socket file is named as libpq and pg expect in a socket directory: host = the directory, port 5432.
  const socketDir = fs.mkdtempSync(path.join(os.tmpdir(), "pglite-"));
  const wire = await serveOverWire(db, path.join(socketDir, ".s.PGSQL.5432"));
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await wire.close();
    await db.close();
    releaseLock();
    fs.rmSync(socketDir, { recursive: true, force: true });
    process.exit(0);
  };
  process.on("disconnect", () => void stop());
  send({ type: "ready", socketDir });
}

main().catch((error: unknown) => {
  send({ type: "failed", message: error instanceof Error ? error.message : String(error) });
  process.exitCode = 1;
  process.disconnect?.();
});
