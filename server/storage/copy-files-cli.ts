// `npm run files:copy-to-database`: copies the uploaded files of DATA_DIR into the database (FILE_STORE=database,
// ADR 0120), for a deployment that moves from one machine to several. Safe to run again.
import { openDatabase } from "../db/client.ts";
import { readEnv } from "../env.ts";
import { copyLocalFilesToDatabase } from "./copy-local-files.ts";
import { createDatabaseFileStore } from "./database-file-store.ts";

const env = readEnv();
try {
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, pgliteDir: env.PGLITE_DIR });
  try {
    await database.migrate();
    const report = await copyLocalFilesToDatabase(env.DATA_DIR, createDatabaseFileStore(database.db));
    process.stdout.write(`Files copied from ${env.DATA_DIR}: ${report.copied}; already in the database: ${report.alreadyThere}.\n`);
    for (const skipped of report.skipped) process.stdout.write(`Not copied (not a stored file's path): ${skipped}\n`);
  } finally {
    await database.close();
  }
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
