// The benchmark's SQL statement counter (BENCH_SQL_COUNT): it counts what a request sends to the database, and
// without the flag the counting route does not exist. The platform opens its own embedded database here (the
// counter is only attached to a database the platform opens itself).
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createLogger } from "../../server/logger.ts";
import { startPlatform, type Platform } from "../../server/platform.ts";
import { createTestDatabase } from "./support/database.ts";
import { startTestPlatform, testEnv } from "./support/platform.ts";

async function startWithCounter(): Promise<{ platform: Platform; origin: string }> {
  const env = testEnv({ BENCH_SQL_COUNT: "on", PGLITE_DIR: "memory://" });
  const platform = await startPlatform({ env, logger: createLogger(env.LOG_LEVEL) });
  const address = platform.server.address();
  return { platform, origin: `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}` };
}

async function statements(origin: string): Promise<number> {
  const response = await fetch(`${origin}/__bench/sql-statements`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { statements: number }).statements;
}

describe("SQL statement counter, BENCH_SQL_COUNT=on", () => {
  let server: Awaited<ReturnType<typeof startWithCounter>>;
  beforeAll(async () => {
    server = await startWithCounter();
  }, 120_000);
  afterAll(() => server?.platform.close());

  test("a catalogue API call adds its statements; a guest user call, which reads nothing, adds none", async () => {
    const before = await statements(server.origin);
    expect((await fetch(`${server.origin}/back/api/catalogue`)).status).toBe(200);
    const afterCatalogue = await statements(server.origin);
    expect(afterCatalogue).toBeGreaterThan(before);

    expect((await fetch(`${server.origin}/back/api/user`)).status).toBe(200);
    expect(await statements(server.origin)).toBe(afterCatalogue);
  });
});

describe("SQL statement counter, flag off (the default)", () => {
  test("the counting route does not exist", { timeout: 120_000 }, async () => {
    // Any platform without the flag will do: the test database copied from the template starts in a moment.
    const database = await createTestDatabase("pglite", { seed: false });
    const platform = await startTestPlatform(database, { BENCH_SQL_COUNT: "off" });
    try {
      const response = await fetch(`${platform.origin}/__bench/sql-statements`);
      expect(response.status).toBe(404);
      expect(response.headers.get("content-type")).not.toMatch(/json/);
      // Read to the end: an unread page holds its connection open, and closing the platform waited a minute for it.
      await response.arrayBuffer();
    } finally {
      await platform.close();
      await database.dispose();
    }
  });
});
