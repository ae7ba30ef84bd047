// `npm run files:copy-to-store`: copies the uploaded files of DATA_DIR into the store FILE_STORE names (the database,
// or the S3 bucket of S3_URL; ADR 0120, 0139), for a deployment that moves from one machine to several. Safe to run
// again.
import { openDatabase } from "../db/client.ts";
import { readEnv } from "../env.ts";
import { copyLocalFiles } from "./copy-local-files.ts";
import { createAdoptingFileStore, fileStoreKind } from "./file-store.ts";

const env = readEnv();
try {
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, pgliteDir: env.PGLITE_DIR });
  try {
    await database.migrate();
    const store = createAdoptingFileStore(env, database.db);
    if (!store) {
      throw new Error(
        "The file store is the local folder (FILE_STORE=local, or neither S3_URL nor DATABASE_URL set): there is nowhere to copy to. Set FILE_STORE=database or FILE_STORE=s3 with S3_URL.",
      );
    }
    const where = fileStoreKind(env) === "s3" ? "the S3 bucket" : "the database";
    const report = await copyLocalFiles(env.DATA_DIR, store);
    process.stdout.write(`Files copied from ${env.DATA_DIR} into ${where}: ${report.copied}; already there: ${report.alreadyThere}.\n`);
    for (const skipped of report.skipped) process.stdout.write(`Not copied (not a stored file's path): ${skipped}\n`);
  } finally {
    await database.close();
  }
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
