// `npm run db:migrate`: applies the committed drizzle-kit migrations (also done at every start-up).
import { readEnv } from "../env.ts";
import { openDatabase } from "./client.ts";

const env = readEnv();
try {
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, pgliteDir: env.PGLITE_DIR });
  try {
    await database.withStartupLock(() => database.migrate());
    process.stdout.write(`Migrations applied (${database.kind === "postgres" ? "PostgreSQL" : `PGlite in ${env.PGLITE_DIR}`}).\n`);
  } finally {
    await database.close();
  }
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
