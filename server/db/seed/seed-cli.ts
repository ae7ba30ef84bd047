/**
 * npm run db:seed [-- --bench N]
 * Applies the migrations then loads the demo data set into the configured database
 * (DATABASE_URL, else embedded PGlite in PGLITE_DIR, default data/pglite). With --bench N, also adds
 * N generated trainings for benchmarks.
 */
import { readEnv } from "../../env.ts";
import { openDatabase } from "../client.ts";
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from "./demo.ts";
import { seedBench } from "./bench.ts";

/** Command-line output for a person at a terminal (not a log: the server logs through pino). */
function print(text: string): void {
  process.stdout.write(`${text}\n`);
}

function benchArgument(argv: string[]): number | null {
  const index = argv.indexOf("--bench");
  if (index === -1) return null;
  const value = Number(argv[index + 1] ?? 5000);
  if (!Number.isInteger(value) || value < 1) throw new Error("--bench expects a positive integer");
  return value;
}

async function main(): Promise<void> {
  const bench = benchArgument(process.argv.slice(2));
  const env = readEnv();
  const databaseUrl = env.DATABASE_URL || undefined;
  const pgliteDir = env.PGLITE_DIR;
  const database = await openDatabase({ databaseUrl, pgliteDir });
  const where = databaseUrl ? "PostgreSQL (DATABASE_URL)" : `PGlite in ${pgliteDir}`;
  try {
    let started = performance.now();
    await database.migrate();
    print(`Migrations applied on ${where} in ${Math.round(performance.now() - started)} ms.`);

    const result = await seedDemo(database.db);
    if (result.seeded) {
      print(`Demo data loaded in ${result.ms} ms:`);
      print(
        Object.entries(result.counts)
          .map(([table, count]) => `  ${table.padEnd(24)} ${count}`)
          .join("\n"),
      );
      print(`\nDemo accounts (password ${DEMO_PASSWORD}):`);
      for (const account of DEMO_ACCOUNTS) print(`  ${account.email.padEnd(26)} ${account.description}`);
    } else {
      print("The database already has users: demo data not loaded (the seed only runs on an empty database).");
    }

    if (bench) {
      started = performance.now();
      const inserted = await seedBench(database.db, { trainings: bench });
      print(`Benchmark data: ${inserted.trainings} trainings added in ${Math.round(performance.now() - started)} ms.`);
    }
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exitCode = 1;
});
