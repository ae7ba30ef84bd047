import fs from "node:fs";
import path from "node:path";

/**
 * PGlite keeps one process per data directory: a second one would corrupt it.
 * An exclusive lock file holds the owner's pid; a stale lock (dead pid) is taken over.
 */
export function takeDirectoryLock(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const lockPath = path.join(path.resolve(dir), "..", `${path.basename(dir)}.lock`);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: "wx" });
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        try {
          if (fs.readFileSync(lockPath, "utf8") === String(process.pid)) fs.unlinkSync(lockPath);
        } catch {
          // already gone
        }
      };
      process.once("exit", release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = Number(fs.readFileSync(lockPath, "utf8"));
      if (owner && owner !== process.pid && isProcessAlive(owner)) {
        throw new Error(
          `The embedded database in ${dir} is already used by process ${owner}. ` +
            `Only one process may open it (two would destroy it): stop the other one, ` +
            `or set PGLITE_DIR to another directory, or use PostgreSQL with DATABASE_URL.`,
        );
      }
      fs.unlinkSync(lockPath);
    }
  }
  throw new Error(`Could not lock the embedded database directory ${dir}.`);
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
