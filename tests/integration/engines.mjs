// Which integration files `npm test` runs on which engine (scripts/test-all.mjs reads these lists).
//
// PGlite is PostgreSQL's own code compiled to WebAssembly: the same parser, planner and SQL. What differs is the
// driver, that an embedded database has one connection (transactions run one after the other), and the process
// around it. So with a PostgreSQL server at hand (CI, or a developer's local one), a file runs on both engines only
// when it changes money, seats or attestations (their rules must hold on both, concurrency included) or tests what
// the engines do differently; every other file runs once, on PostgreSQL, the production engine. Every page and
// journey still meets PGlite in the end-to-end suite, which runs on it. Without a PostgreSQL server, every file
// runs on PGlite but PostgreSQL's own (POSTGRES_ONLY). `npm run test:integration` (vitest alone) runs each file on
// every engine it finds.

/** Files that start their own engine (a process on a fresh embedded database, their own PGlite) or test Redis alone. */
export const PGLITE_ONLY = [
  "tests/integration/crash.test.ts",
  "tests/integration/secrets.test.ts",
  "tests/integration/bench-sql-count.test.ts",
  "tests/integration/rate-limit-redis.test.ts",
  "tests/integration/page-cache-clears-redis.test.ts",
  "tests/integration/pglite-lock.test.ts",
  "tests/integration/pglite-process.test.ts",
];

/**
 * Files that test what only PostgreSQL has (pg_dump and pg_restore, several connections at once): without a
 * PostgreSQL server they do not run at all (test-all leaves them out of the PGlite run, and each skips itself under
 * vitest alone).
 */
export const POSTGRES_ONLY = ["tests/integration/backup-restore.test.ts", "tests/integration/startup-lock.test.ts"];

/** Files run on both engines: money, seats, attestations, and what depends on the engine itself. */
export const BOTH_ENGINES = [
  // Money: carts, checkouts, payments, invoices, credit notes, funding requests' invoices, the accounting export.
  "tests/integration/shop.test.ts",
  "tests/integration/checkout-concurrency.test.ts",
  "tests/integration/payment-notifications.test.ts",
  "tests/integration/shop-systempay.test.ts",
  "tests/integration/invoices-legal.test.ts",
  "tests/integration/invoice-store.test.ts",
  "tests/integration/admin-credit-notes.test.ts",
  "tests/integration/migration-one-open-order.test.ts",
  "tests/integration/funding-plans.test.ts",
  "tests/integration/admin-b-tools.test.ts",
  // Seats: bookings, waiting lists, attribution of bought trainings, the sessions tool.
  "tests/integration/enrolment.test.ts",
  "tests/integration/enrolment-seats.test.ts",
  "tests/integration/seats-from-bookings.test.ts",
  "tests/integration/admin-waiting-list.test.ts",
  "tests/integration/admin-tools.test.ts",
  "tests/integration/referent-attribution.test.ts",
  // Attestations: the step flow that issues them, pass rules, the records they rest on.
  "tests/integration/attestations.test.ts",
  "tests/integration/pass-rules.test.ts",
  "tests/integration/learning-integrity.test.ts",
  "tests/integration/flow.test.ts",
  // Compliance: a declared action's review is once, ten at once included.
  "tests/integration/compliance-tracker.test.ts",
  // The engine itself: the page data version trigger, prepared statements, subqueries, a lost database, bytes kept
  // in a table, jobs kept in rows.
  "tests/integration/session-page-cache.test.ts",
  // A document kept for the same data must see a write made straight into either engine (ADR 0142).
  "tests/integration/reused-documents.test.ts",
  "tests/integration/scheduled-jobs.test.ts",
  "tests/integration/prepared-statements.test.ts",
  "tests/integration/outer-row-subqueries.test.ts",
  "tests/integration/health.test.ts",
  "tests/integration/file-store.test.ts",
  "tests/integration/history-export-job.test.ts",
  // Evidence packs: one running per scope under concurrent builds (a unique partial index).
  "tests/integration/evidence-packs.test.ts",
  // Compliance reminders: sent once by key, ten runs and two schedulers at once (ADR 0126).
  "tests/integration/compliance-reminders.test.ts",
];
