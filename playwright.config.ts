import fs from "node:fs";
import { defineConfig } from "@playwright/test";

/**
 * End-to-end tests against the real server (production build, fresh embedded database).
 * Chromium is Debian's: its headless shell (package chromium-headless-shell) when installed, else /usr/bin/chromium;
 * never `npx playwright install`.
 * Projects: "js" runs every test with JavaScript on; "no-js" runs the tests tagged @no-js with
 * JavaScript off (progressive enhancement). Tests tagged @no-js-only run only there, and the copies in other
 * languages than French of a journey tagged @no-js run only there too (@other-locale, ADR 0121).
 */
const PORT = Number(process.env.E2E_PORT ?? 3100);
process.env.E2E_PORT = String(PORT);

// Chromium's headless shell renders with the same engine without a browser window to composite: the suite takes about
// a quarter less CPU than with the full browser in headless mode (ADR 0153). CHROMIUM_PATH chooses another build.
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const CHROMIUM = process.env.CHROMIUM_PATH ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium");

export default defineConfig({
  testDir: "tests/e2e",
  testMatch: "**/*.spec.ts",
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  workers: process.env.CI ? 2 : 4,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [["list"], ["html", { open: "never", outputFolder: "playwright-report" }]] : [["list"]],
  // Its own folder per run: test-all runs the PostgreSQL journeys beside other stages (E2E_OUTPUT_DIR).
  outputDir: process.env.E2E_OUTPUT_DIR ?? "test-results",
  use: {
    baseURL: `http://localhost:${PORT}`,
    locale: "fr-FR",
    // Recording a trace costs every test about 8 % of its time; a failing test's retry (CI) records one.
    trace: "on-first-retry",
    // One browser context per worker, reset between tests (cookies, cache, storage of every origin visited, extra
    // pages, routes and init scripts) instead of a new one per test: a new context starts a renderer process, about a
    // second of CPU on 2 vCPUs. What the reset leaves (granted permissions, geolocation, offline mode, extra headers,
    // history) no test sets; ADR 0148.
    reuseContext: true,
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        // *.localhost already resolves to loopback in Chromium; this keeps it so everywhere.
        "--host-resolver-rules=MAP *.localhost 127.0.0.1",
        // One renderer per page instead of one per site: the tests open three brand hosts and a video frame from
        // another origin, and each extra process costs a 2-core machine (measured 2026-11-30 on 106 tests: 9 % less
        // time). No test is about the browser's process model.
        "--disable-features=IsolateOrigins,site-per-process",
        "--disable-site-isolation-trials",
        // A navigation keeps its tab's renderer process where Chromium may, instead of starting another. A renderer's
        // start costs about a second of CPU on 2 vCPUs whose page faults are slow (measured 2026-12-02); the suite's
        // journeys go 8 to 11 % faster (learning and shop 319 s to 295 s, catalogue 277 s to 247 s). Contexts still
        // get their own processes: Chromium never shares one between storage partitions.
        "--renderer-process-limit=1",
      ],
    },
  },
  projects: [
    // A journey's copies in other languages than French run with JavaScript off only (ADR 0121, `localeCopy`).
    { name: "js", use: { browserName: "chromium", javaScriptEnabled: true }, grepInvert: [/@no-js-only/, /@no-js\b.*@other-locale|@other-locale.*@no-js\b/] },
    { name: "no-js", use: { browserName: "chromium", javaScriptEnabled: false }, grep: /@no-js/ },
  ],
  webServer: {
    command: "node tests/e2e/support/web-server.mjs",
    url: `http://localhost:${PORT}/back/api/health`,
    timeout: 240_000,
    reuseExistingServer: process.env.E2E_REUSE_SERVER === "1",
    stdout: "pipe",
    stderr: "pipe",
    gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
  },
});
