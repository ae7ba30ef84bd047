import { afterAll, beforeAll } from "vitest";
import type { Db } from "../../../server/db/client.ts";
import type { SessionState } from "../../../server/back/context.ts";
import type { ServerLocale } from "../../../server/back/i18n/messages.ts";
import { serviceContext, type ServiceContext } from "../../../server/back/service-context.ts";
import { BRANDS, type BrandKey } from "#core/branding/brands.ts";
import { createTestDatabase, type Backend, type TestDatabase } from "./database.ts";
import { Agent } from "./http.ts";
import { startTestPlatform, type TestPlatform } from "./platform.ts";

/** Migrating and seeding can take a while on a busy 2-core machine. */
const SETUP_TIMEOUT_MS = 240_000;

export type Suite = {
  backend: Backend;
  database: TestDatabase;
  platform: TestPlatform;
  db: Db;
  origin: string;
  /** A fresh browser-like client (own cookie jar). */
  agent(headers?: Record<string, string>): Agent;
  /** The service context of the running platform, for a test that calls a service directly (French brand by default). */
  context(request?: { brand?: BrandKey; locale?: ServerLocale; user?: SessionState | null }): ServiceContext;
};

/**
 * Registers beforeAll/afterAll hooks: a migrated, seeded database of the given engine and the
 * real platform on a random port (env overrides allowed). Read the fields inside tests only.
 */
export function useSuite(backend: Backend, envOverrides: Record<string, string> = {}): Suite {
  const suite = { backend } as Suite;
  // Kept so that afterAll can clean up even when beforeAll timed out half-way.
  let pendingDatabase: Promise<TestDatabase> | undefined;
  let pendingPlatform: Promise<TestPlatform> | undefined;
  beforeAll(async () => {
    pendingDatabase = createTestDatabase(backend);
    suite.database = await pendingDatabase;
    suite.db = suite.database.database.db;
    pendingPlatform = startTestPlatform(suite.database, envOverrides);
    suite.platform = await pendingPlatform;
    suite.origin = suite.platform.origin;
    suite.agent = (headers = {}) => new Agent(suite.origin, headers);
    suite.context = (request = {}) =>
      serviceContext(suite.platform.deps, { brand: BRANDS[request.brand ?? "fr"], locale: request.locale ?? "fr-FR", user: request.user ?? null });
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    const platform = suite.platform ?? (await pendingPlatform?.catch(() => undefined));
    await platform?.close();
    const database = suite.database ?? (await pendingDatabase?.catch(() => undefined));
    await database?.dispose();
  }, SETUP_TIMEOUT_MS);
  return suite;
}
