import fs from "node:fs";
import path from "node:path";
import { readEnv, type Env } from "../../../server/env.ts";
import { createLogger } from "../../../server/logger.ts";
import { startPlatform, type Platform } from "../../../server/platform.ts";
import type { TestDatabase } from "./database.ts";

export const ROOT = path.resolve(import.meta.dirname, "..", "..", "..");
export const TEST_SECRET = "integration-test-secret-0123456789abcdef";
/**
 * The data directory of the test platforms (uploads, mail files), one per engine and per vitest worker: the PGlite
 * and the PostgreSQL runs go side by side (npm test), and each runs its files in parallel.
 */
export const TEST_DATA_DIR = path.join(ROOT, "data", `test-${process.env.IT_BACKEND ?? "default"}-${process.env.VITEST_POOL_ID ?? "1"}`);

/** scrypt's cost of the test platforms' passwords and of the demo accounts in the template databases (16 times cheaper). */
export const TEST_PASSWORD_HASH_COST = 1024;

/** The environment of a test platform: safe defaults, port 0 on loopback, plus overrides. */
export function testEnv(overrides: Record<string, string> = {}): Env {
  return readEnv({
    NODE_ENV: "test",
    PORT: "0",
    HOST: "127.0.0.1",
    LOG_LEVEL: process.env.IT_LOG_LEVEL ?? "silent",
    APP_SECRET: TEST_SECRET,
    PUSHER_APP_SECRET: "integration-test-pusher-secret-0123",
    SEED_DEMO: "never",
    PASSWORD_HASH_COST: String(TEST_PASSWORD_HASH_COST),
    DATA_DIR: TEST_DATA_DIR,
    // Tests change the database behind the server's back: the guest page cache would serve stale pages
    // (tests/integration/page-cache.test.ts turns it on).
    PAGE_CACHE: "off",
    // Tests compare rows before and after a refused request: no scheduled job may write between the two
    // (tests/integration/scheduled-jobs.test.ts runs the scheduler itself).
    SCHEDULER_TICK_MS: "0",
    // Every shared part of a page is rendered again and compared with the kept one (ADR 0140).
    SHARED_FRAGMENTS: "check",
    // Every document is rendered again and compared with the one kept for the same data (ADR 0142).
    REUSED_DOCUMENTS: "check",
    ...overrides,
  });
}

export type TestPlatform = Platform & { origin: string };

/** Starts the real platform (Express host, /back, SSR from build/) on a random port, sharing the test database. */
export async function startTestPlatform(database: TestDatabase, envOverrides: Record<string, string> = {}): Promise<TestPlatform> {
  await waitForBuild();
  const env = testEnv(envOverrides);
  const platform = await startPlatform({ env, logger: createLogger(env.LOG_LEVEL), database: database.database });
  const address = platform.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return Object.assign(platform, { origin: `http://127.0.0.1:${port}` });
}

/** The production build must exist; a build running in parallel (a developer's) gets a minute to finish. */
async function waitForBuild(): Promise<void> {
  const marker = path.join(ROOT, "build", "server", "index.js");
  for (let waited = 0; !fs.existsSync(marker); waited += 1000) {
    if (waited >= 60_000) throw new Error("Integration tests serve the production build: run `npm run build` first (npm test does it).");
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}
