// A platform on a copy of the seeded PGlite template whose database counts the SQL statements it is sent (the
// benchmark's counter, BENCH_SQL_COUNT), for tests of what a page or a call costs in statements.
import { afterAll, beforeAll } from "vitest";
import { openDatabase, type Database } from "../../../server/db/client.ts";
import { createStatementCounter, type StatementCounter } from "../../../server/db/statement-counter.ts";
import { createLogger } from "../../../server/logger.ts";
import { startPlatform, type Platform } from "../../../server/platform.ts";
import { Agent } from "./http.ts";
import { TEST_PASSWORD_HASH_COST, testEnv } from "./platform.ts";
import type { Suite } from "./setup.ts";
import { templateBlob, templatesFor } from "./templates.ts";

export type CountedSuite = {
  counter: StatementCounter;
  database: Database;
  /** A Suite's fields for the helpers that take one (db, origin, agent). */
  suite: Suite;
  /** The statements `run` costs and their texts (requests made one at a time: nothing else runs meanwhile). */
  cost(run: () => Promise<unknown>): Promise<{ count: number; statements: string[] }>;
};

/** Registers beforeAll/afterAll hooks; read the fields inside tests only. */
export function useCountedSuite(envOverrides: Record<string, string> = {}): CountedSuite {
  const counted = {} as CountedSuite;
  let platform: Platform | undefined;
  beforeAll(async () => {
    const templates = await templatesFor("pglite");
    const counter = createStatementCounter();
    const database = await openDatabase({
      pgliteDir: "memory://",
      pgliteDataDir: templates ? templateBlob(templates.seeded) : undefined,
      statementCounter: counter,
    });
    counted.counter = counter;
    counted.database = database;
    if (!templates) {
      const { seedDemo } = await import("../../../server/db/seed/demo.ts");
      await database.migrate();
      await seedDemo(database.db, { passwordHashCost: TEST_PASSWORD_HASH_COST });
    }
    const env = testEnv(envOverrides);
    platform = await startPlatform({ env, logger: createLogger(env.LOG_LEVEL), database });
    const address = platform.server.address();
    const origin = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
    counted.suite = { backend: "pglite", db: database.db, origin, agent: (headers = {}) => new Agent(origin, headers) } as Suite;
  }, 240_000);
  afterAll(async () => {
    await platform?.close();
    await counted.database?.close();
  });
  counted.cost = async (run) => {
    const before = counted.counter.statements;
    await run();
    const count = counted.counter.statements - before;
    // The counter keeps the last 200 statements: enough for any one request.
    return { count, statements: count > 0 ? counted.counter.recent.slice(-count) : [] };
  };
  return counted;
}
