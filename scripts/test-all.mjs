#!/usr/bin/env node
// `npm test`: every check in order, then one closing line "N passed, M failed[, K skipped]".
//   1. lint               npm run lint: typecheck, ESLint (with the tier and repository rules), Prettier, knip;
//                         it runs beside stages 2 to 5, its output printed after them
//   2. unit               vitest --project unit
//   3. build              react-router build, when build/ is missing or stale (the integration and e2e tiers serve it)
//   4. integration        vitest --project integration on PGlite (IT_BACKEND=pglite): with a PostgreSQL server, the
//                         files that need both engines and PGlite's own (tests/integration/engines.mjs); else all
//                         but PostgreSQL's own
//   5. integration (pg)   tests/integration on PostgreSQL (IT_BACKEND=postgres) when DATABASE_URL_TEST is set, or
//                         when a local server answers on 127.0.0.1:5432 (a fresh database is made and dropped): every
//                         file but PGlite's own; it runs at the same time as stage 4, its output printed after it
//   6. e2e (postgres)     with E2E_POSTGRES=1 (.ci/run sets it): the main e2e journeys again, DATABASE_URL on a fresh
//                         PostgreSQL database, on its own port; it starts when stage 4 ends, beside the rest of stage 5
//   7. e2e (cluster)      the journeys through nginx and two instances (playwright.cluster.config.ts), when nginx is
//                         installed (ADR 0122); after stage 6, still beside the rest of stage 5
//   8. e2e                npx playwright test, when playwright.config.ts exists, once the stages beside have ended
// The stages that run side by side share the cores: the summary gives each stage's own time, then the total.
// Results are counted from the runners' JSON reports; a stage that fails without a report counts as one failure.
// Every stage runs even when an earlier one failed; the exit code is non-zero if anything failed.
// Options: --only=unit,integration (comma-separated stage names) to run a subset.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ensureBuild, ROOT } from "./lib/build.mjs";
import { BOTH_ENGINES, PGLITE_ONLY, POSTGRES_ONLY } from "../tests/integration/engines.mjs";
import { createDatabase, dropDatabase, dropDatabasesWithPrefix, LOCAL_SERVER_URL, localPostgresAnswers } from "./lib/postgres.mjs";

const STAGE_TIMEOUT_MS = Number(process.env.TEST_STAGE_TIMEOUT_MS ?? 60 * 60_000);
const only = process.argv
  .find((a) => a.startsWith("--only="))
  ?.slice(7)
  .split(",");
const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), "test-all-"));
const bin = (name, file) => path.join(ROOT, "node_modules", name, file);
const VITEST = bin("vitest", "vitest.mjs");
const PLAYWRIGHT = bin("@playwright/test", "cli.js");

/** @type {{name: string, passed: number, failed: number, skipped: number, ms: number, note?: string}[]} */
const results = [];
/** "stage: test title" of every failed test, repeated under the summary so the tail of a long log names them. */
const failures = [];

function runCommand(command, args, env = {}, logFile = null) {
  return new Promise((resolve) => {
    const output = logFile ? fs.openSync(logFile, "w") : null;
    const stdio = output === null ? "inherit" : ["ignore", output, output];
    const child = spawn(command, args, { cwd: ROOT, stdio, env: { ...process.env, ...env }, detached: true });
    const timer = setTimeout(() => {
      console.error(`\n[test-all] ${command} ${args.join(" ")} timed out after ${STAGE_TIMEOUT_MS / 60000} min: stopping it`);
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {}
    }, STAGE_TIMEOUT_MS);
    const forward = (signal) => () => {
      try {
        process.kill(-child.pid, signal);
      } catch {}
    };
    const onInt = forward("SIGINT");
    const onTerm = forward("SIGTERM");
    process.on("SIGINT", onInt);
    process.on("SIGTERM", onTerm);
    child.on("error", (error) => {
      console.error(`[test-all] could not start ${command}: ${error.message}`);
    });
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      if (output !== null) fs.closeSync(output);
      process.off("SIGINT", onInt);
      process.off("SIGTERM", onTerm);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

function commandExists(name) {
  return spawnSync("sh", ["-c", `command -v ${name}`]).status === 0;
}

function wanted(name) {
  return !only || only.some((o) => name === o || name.startsWith(`${o} `));
}

function banner(name) {
  console.log(`\n${"=".repeat(20)} ${name} ${"=".repeat(Math.max(0, 50 - name.length))}`);
}

/** A command run beside the next stages, its output kept in a file and printed under its banner by `finish()`. */
function backgroundCheck(name, command, args) {
  if (!wanted(name)) return { finish: async () => {} };
  const started = Date.now();
  const logFile = path.join(reportDir, `${name.replace(/\W+/g, "-")}.log`);
  const run = runCommand(command, args, {}, logFile).then((code) => ({ code, ms: Date.now() - started }));
  return {
    finish: async () => {
      const { code, ms } = await run;
      banner(`${name} (ran beside the next stages)`);
      process.stdout.write(fs.readFileSync(logFile, "utf8"));
      results.push({ name, passed: code === 0 ? 1 : 0, failed: code === 0 ? 0 : 1, skipped: 0, ms, note: "check" });
    },
  };
}

/** A stage without test counts (typecheck, build): one pass or one failure. */
async function simpleStage(name, run) {
  if (!wanted(name)) return;
  banner(name);
  const started = Date.now();
  const ok = await run();
  results.push({ name, passed: ok ? 1 : 0, failed: ok ? 0 : 1, skipped: 0, ms: Date.now() - started, note: "check" });
  return ok;
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8"));
  } catch {
    return null;
  }
}

function vitestFailures(report) {
  const names = [];
  for (const file of report.testResults ?? []) {
    const failedTests = (file.assertionResults ?? []).filter((a) => a.status === "failed");
    const where = path.relative(ROOT, file.name ?? "");
    if (file.status === "failed" && failedTests.length === 0) names.push(`${where} (the file failed to run)`);
    for (const test of failedTests) names.push(`${where} › ${test.fullName ?? test.title}`);
  }
  return names;
}

function countVitest(report) {
  let failed = report.numFailedTests ?? 0;
  // A file that failed to load (syntax error, failing beforeAll) has no failed test of its own.
  for (const file of report.testResults ?? []) {
    const hasFailedTest = (file.assertionResults ?? []).some((a) => a.status === "failed");
    if (file.status === "failed" && !hasFailedTest) failed += 1;
  }
  return {
    passed: report.numPassedTests ?? 0,
    failed,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
  };
}

/**
 * A vitest run. With `background`, its output goes to a file, printed (under its banner) when the caller awaits
 * the returned `finish()`: the stage runs beside the next one without mixing their output.
 */
async function vitestStage(name, args, env = {}, { background = false } = {}) {
  if (!wanted(name)) return { finish: async () => {} };
  if (!background) banner(name);
  const started = Date.now();
  const output = path.join(reportDir, `${name.replace(/\W+/g, "-")}.json`);
  const logFile = background ? path.join(reportDir, `${name.replace(/\W+/g, "-")}.log`) : null;
  const run = runCommand(
    process.execPath,
    [VITEST, "run", ...args, "--passWithNoTests", "--reporter=default", "--reporter=json", `--outputFile=${output}`],
    env,
    logFile,
  ).then((code) => {
    const report = readJson(output);
    const counts = report ? countVitest(report) : { passed: 0, failed: 0, skipped: 0 };
    if (report) failures.push(...vitestFailures(report).map((test) => `${name}: ${test}`));
    if (code !== 0 && counts.failed === 0) counts.failed = 1; // crashed, or failed outside any test
    return { name, ...counts, ms: Date.now() - started };
  });
  const finish = async () => {
    const result = await run;
    if (logFile) {
      banner(`${name} (ran beside the previous stage)`);
      process.stdout.write(fs.readFileSync(logFile, "utf8"));
    }
    results.push(result);
  };
  if (!background) await finish();
  return { finish, done: run };
}

/** Titles of the tests that failed for good (a test that passed on retry is flaky, not failed). */
function playwrightFailures(report) {
  const names = [];
  // The outer suites are the files: their title is the file name, given once with the line.
  const visit = (suite, titles, isFile = false) => {
    const here = suite.title && !isFile ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === "unexpected") names.push(`[${test.projectName}] ${[...here, spec.title].join(" › ")} (${spec.file}:${spec.line})`);
      }
    }
    for (const child of suite.suites ?? []) visit(child, here);
  };
  for (const suite of report.suites ?? []) visit(suite, [], true);
  for (const error of report.errors ?? []) names.push(`error outside any test: ${String(error.message ?? "").split("\n")[0]}`);
  return names;
}

function countPlaywright(report) {
  const stats = report.stats ?? {};
  let failed = stats.unexpected ?? 0;
  if ((report.errors ?? []).length > 0 && failed === 0) failed = report.errors.length;
  return { passed: (stats.expected ?? 0) + (stats.flaky ?? 0), failed, skipped: stats.skipped ?? 0, flaky: stats.flaky ?? 0 };
}

/** A Playwright run; with `background`, its output goes to a file printed by `finish()` (as for vitestStage). */
async function playwrightStage(name, env = {}, extraArgs = [], { background = false } = {}) {
  if (!wanted(name)) return { finish: async () => {} };
  if (!fs.existsSync(path.join(ROOT, "playwright.config.ts"))) {
    console.log(`\n[test-all] ${name}: no playwright.config.ts, skipped`);
    return { finish: async () => {} };
  }
  if (!background) {
    await playwrightRun(name, env, extraArgs, null);
    return { finish: async () => {} };
  }
  const logFile = path.join(reportDir, `${name.replace(/\W+/g, "-")}.log`);
  const run = playwrightRun(name, env, extraArgs, logFile);
  return {
    finish: async () => {
      await run;
      banner(`${name} (ran beside the previous stage)`);
      if (fs.existsSync(logFile)) process.stdout.write(fs.readFileSync(logFile, "utf8"));
    },
  };
}

async function playwrightRun(name, env, extraArgs, logFile) {
  if (!logFile) banner(name);
  const started = Date.now();
  const output = path.join(reportDir, `${name.replace(/\W+/g, "-")}.json`);
  const code = await runCommand(
    process.execPath,
    [PLAYWRIGHT, "test", "--reporter=list,json", ...extraArgs],
    {
      PLAYWRIGHT_JSON_OUTPUT_NAME: output,
      ...env,
    },
    logFile,
  );
  const report = readJson(output);
  const counts = report ? countPlaywright(report) : { passed: 0, failed: 0, skipped: 0, flaky: 0 };
  if (report) failures.push(...playwrightFailures(report).map((test) => `${name}: ${test}`));
  if (code !== 0 && counts.failed === 0) counts.failed = 1;
  results.push({
    name,
    passed: counts.passed,
    failed: counts.failed,
    skipped: counts.skipped,
    ms: Date.now() - started,
    note: counts.flaky ? `${counts.flaky} flaky` : undefined,
  });
}

/** The PostgreSQL server for the second integration run: DATABASE_URL_TEST, else a fresh local database. */
async function postgresForTests() {
  if (process.env.DATABASE_URL_TEST) return { url: process.env.DATABASE_URL_TEST, drop: async () => {} };
  if (process.env.SKIP_POSTGRES === "1" || !(await localPostgresAnswers())) return null;
  const url = await createDatabase(LOCAL_SERVER_URL, "it_run");
  return { url, drop: () => dropDatabase(url) };
}

const totalStarted = Date.now();
/** Each stage's place in the summary, whatever order they end in. */
const STAGE_ORDER = ["lint", "unit", "build", "integration", "integration (postgres)", "e2e (postgres)", "e2e (cluster)", "e2e"];

// The lint (one busy process at a time) goes beside the unit tests, the build and the start of the integration runs:
// waiting for it would leave a core idle for a minute and a half.
const lint = backgroundCheck("lint", "npm", ["run", "--silent", "lint"]);
await vitestStage("unit", ["--project", "unit"]);
const needsBuild = ["integration", "e2e"].some(wanted);
// The e2e web server builds by itself unless told the build is fresh (E2E_SKIP_BUILD=1).
const buildReady = needsBuild ? await simpleStage("build", () => ensureBuild()) : false;
const e2eEnv = buildReady ? { E2E_SKIP_BUILD: "1" } : {};

// E2E_POSTGRES=1 (set by .ci/run): end-to-end journeys once more, the server on a fresh PostgreSQL database.
// The integration suite already runs every API query and page render on PostgreSQL, so this pass is a smoke test
// of the journeys that write (accounts and sessions, seats, realtime) with JavaScript on (E2E_POSTGRES_SPECS
// overrides the list; "all" runs everything). It has its own port and output folder, so it can run beside others.
const E2E_POSTGRES_SPECS = (process.env.E2E_POSTGRES_SPECS ?? "tests/e2e/account-auth.spec.ts tests/e2e/realtime.spec.ts tests/e2e/booking.spec.ts").trim();
const e2ePostgresWanted = process.env.E2E_POSTGRES === "1" && wanted("e2e (postgres)") && fs.existsSync(path.join(ROOT, "playwright.config.ts"));
async function startE2ePostgres() {
  let url = null;
  try {
    const server = process.env.DATABASE_URL_TEST ?? LOCAL_SERVER_URL;
    url = await createDatabase(server, "e2e");
  } catch (error) {
    console.error(`[test-all] could not create the e2e PostgreSQL database: ${error.message}`);
    results.push({ name: "e2e (postgres)", passed: 0, failed: 1, skipped: 0, ms: 0 });
    return { finish: async () => {} };
  }
  // Files first: --project is variadic and would swallow the file names that follow it.
  const args = E2E_POSTGRES_SPECS === "all" ? [] : [...E2E_POSTGRES_SPECS.split(/\s+/), "--project=js"];
  const port = String(Number(process.env.E2E_PORT ?? 3100) + 1);
  const stage = await playwrightStage("e2e (postgres)", { ...e2eEnv, DATABASE_URL: url, E2E_PORT: port, E2E_OUTPUT_DIR: "test-results-postgres" }, args, {
    background: true,
  });
  return {
    finish: async () => {
      try {
        await stage.finish();
      } finally {
        await dropDatabase(url).catch((error) => console.error(`[test-all] could not drop ${url}: ${error.message}`));
      }
    },
  };
}

// The two integration runs go side by side, each with half the cores for its files. With a PostgreSQL server, it
// runs every file but PGlite's own, and the PGlite run only the files that need both engines (tests/integration/
// engines.mjs); when the PGlite run ends, the e2e journeys on PostgreSQL take its place beside the PostgreSQL run.
const integrationWorkers = `--maxWorkers=${Math.max(1, Math.floor(os.availableParallelism() / 2))}`;
let postgres = null;
let postgresStage = { finish: async () => {} };
if (wanted("integration (postgres)")) {
  try {
    postgres = await postgresForTests();
  } catch (error) {
    console.error(`[test-all] could not prepare PostgreSQL: ${error.message}`);
    results.push({ name: "integration (postgres)", passed: 0, failed: 1, skipped: 0, ms: 0 });
  }
  if (postgres) {
    postgresStage = await vitestStage(
      "integration (postgres)",
      ["--project", "integration", integrationWorkers, "tests/integration", ...PGLITE_ONLY.flatMap((file) => ["--exclude", file])],
      {
        IT_BACKEND: "postgres",
        DATABASE_URL_TEST: postgres.url,
        IT_DB_PREFIX: `it_${process.pid}`,
      },
      { background: true },
    );
  } else if (!results.some((r) => r.name === "integration (postgres)")) {
    console.log("\n[test-all] integration (postgres): no DATABASE_URL_TEST and no local server on 127.0.0.1:5432, skipped");
  }
}
// With PostgreSQL at hand, PGlite runs the realtime conformance suite (no database), its own files and the files of
// both engines; without, every file but PostgreSQL's own.
const pgliteFiles = postgres ? ["tests/conformance", ...PGLITE_ONLY, ...BOTH_ENGINES] : POSTGRES_ONLY.flatMap((file) => ["--exclude", file]);
if (!postgres && wanted("integration")) console.log(`\n[test-all] integration: without PostgreSQL, its own files do not run: ${POSTGRES_ONLY.join(", ")}`);
await vitestStage("integration", ["--project", "integration", integrationWorkers, ...pgliteFiles], { IT_BACKEND: "pglite" });
// Beside the rest of the PostgreSQL run, once PGlite's has ended: the e2e journeys on PostgreSQL, then the cluster's.
const e2ePostgres = e2ePostgresWanted ? await startE2ePostgres() : { finish: async () => {} };
const besidePostgres = (async () => {
  await e2ePostgres.finish();
  // The cluster journeys (ADR 0122): nginx and two instances on a PostgreSQL and a Redis of their own.
  if (wanted("e2e (cluster)") && !commandExists("nginx")) {
    console.log("\n[test-all] e2e (cluster): nginx is not installed (apt-get install nginx-light libnginx-mod-http-brotli-static), skipped");
    return;
  }
  const cluster = await playwrightStage("e2e (cluster)", {}, ["-c", "playwright.cluster.config.ts"], { background: true });
  await cluster.finish();
})();
try {
  await postgresStage.finish();
} finally {
  if (postgres) {
    await dropDatabasesWithPrefix(postgres.url, `it_${process.pid}`).catch(() => {});
    await postgres.drop().catch((error) => console.error(`[test-all] could not drop the test database: ${error.message}`));
  }
}
// The e2e suite waits for the journeys beside: all at once would give each browser worker half a core.
await besidePostgres;
await lint.finish();

await playwrightStage("e2e", e2eEnv);

fs.rmSync(reportDir, { recursive: true, force: true });

const total = results.reduce((sum, r) => ({ passed: sum.passed + r.passed, failed: sum.failed + r.failed, skipped: sum.skipped + r.skipped }), {
  passed: 0,
  failed: 0,
  skipped: 0,
});
console.log(`\n${"=".repeat(20)} summary ${"=".repeat(43)}`);
results.sort((a, b) => STAGE_ORDER.indexOf(a.name) - STAGE_ORDER.indexOf(b.name));
for (const r of results) {
  const status = r.failed > 0 ? "FAIL" : "ok  ";
  const counts = r.note === "check" ? (r.failed ? "failed" : "passed") : `${r.passed} passed / ${r.failed} failed / ${r.skipped} skipped`;
  console.log(
    `${status} ${r.name.padEnd(24)} ${counts.padEnd(40)} ${(r.ms / 1000).toFixed(1).padStart(7)} s${r.note && r.note !== "check" ? `  (${r.note})` : ""}`,
  );
}
if (failures.length > 0) {
  console.log("failed tests:");
  for (const failure of failures) console.log(`  ${failure}`);
}
console.log(`total time ${((Date.now() - totalStarted) / 1000).toFixed(0)} s`);
console.log(`${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ""}`);
process.exit(total.failed > 0 ? 1 : 0);
