import { defineConfig } from "@playwright/test";
import base from "./playwright.config.ts";

/**
 * The cluster journeys (ADR 0122): `npx playwright test -c playwright.cluster.config.ts` starts PostgreSQL, Redis,
 * two instances and nginx (scripts/lib/cluster.mjs) and runs tests/cluster through nginx on CLUSTER_PORT, with the
 * instances' own ports in CLUSTER_INSTANCE_PORTS for the tests that must reach one of them. The e2e fixtures and
 * hosts (tests/e2e/support) read E2E_PORT: here it is nginx's.
 */
const PORT = Number(process.env.CLUSTER_PORT ?? 3400);
process.env.CLUSTER_PORT = String(PORT);
process.env.E2E_PORT = String(PORT);

export default defineConfig({
  ...base,
  testDir: "tests/cluster",
  globalSetup: "./tests/cluster/global-setup.ts",
  webServer: undefined,
  workers: 2,
  outputDir: process.env.E2E_OUTPUT_DIR ?? "test-results/cluster",
  use: { ...base.use, baseURL: `http://localhost:${PORT}` },
  projects: [{ name: "cluster", use: { browserName: "chromium", javaScriptEnabled: true } }],
});
