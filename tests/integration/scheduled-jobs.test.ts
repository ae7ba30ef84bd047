// Scheduled jobs run once per period across instances (ADR 0122): the claim is one statement on the job's row, so
// ten instances asking at once get one turn; the history export clean-up removes every account's day-old exports.
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { accounts, historyExportJobs, users } from "../../server/db/schema/index.ts";
import { createLogger } from "../../server/logger.ts";
import { historyExportCleanupJob } from "../../server/jobs/platform-jobs.ts";
import { claimTurn } from "../../server/jobs/scheduled-jobs.repository.ts";
import { startScheduler } from "../../server/jobs/scheduler.ts";
import { backends, createTestDatabase, type TestDatabase } from "./support/database.ts";

const HOUR = 3_600_000;

describe.each(backends())("scheduled jobs (%s)", (backend) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(backend);
  }, 240_000);
  afterAll(async () => {
    await database?.dispose();
  }, 240_000);

  test("ten claims at once for one period: one turn; the next turn comes a whole period later", async () => {
    const { db } = database.database;
    const start = new Date("2026-12-01T08:00:00Z");
    const claims = await Promise.all(Array.from({ length: 10 }, () => claimTurn(db, "claims-test", HOUR, start)));
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await claimTurn(db, "claims-test", HOUR, new Date(start.getTime() + HOUR - 1))).toBe(false);
    const next = await Promise.all(Array.from({ length: 10 }, () => claimTurn(db, "claims-test", HOUR, new Date(start.getTime() + HOUR))));
    expect(next.filter(Boolean)).toHaveLength(1);
    // Another job has its own turns.
    expect(await claimTurn(db, "another-job", HOUR, start)).toBe(true);
  });

  test("two schedulers on one database (two instances): a job runs once per period", async () => {
    const { db } = database.database;
    const runs: Date[] = [];
    const job = { name: "two-instances", everyMs: HOUR, run: async (now: Date) => void runs.push(now) };
    const clock = new Date("2026-12-01T09:00:00Z");
    const logger = createLogger("silent");
    const schedulers = [1, 2].map(() => startScheduler({ db, jobs: [job], logger, now: () => new Date(clock), tickMs: 20 }));
    await new Promise((resolve) => setTimeout(resolve, 400));
    clock.setTime(clock.getTime() + HOUR);
    await new Promise((resolve) => setTimeout(resolve, 400));
    for (const scheduler of schedulers) await scheduler.stop();
    expect(runs.map((run) => run.toISOString())).toEqual(["2026-12-01T09:00:00.000Z", "2026-12-01T10:00:00.000Z"]);
  });

  test("the history export clean-up removes every account's exports older than a day, and keeps the others", async () => {
    const { db } = database.database;
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, "holder@demo.test"));
    const twoAccounts = await db.select({ id: accounts.id }).from(accounts).limit(2);
    const now = new Date("2026-12-02T12:00:00Z");
    const at = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * HOUR);
    const made = await db
      .insert(historyExportJobs)
      .values(
        [25, 23, 48].flatMap((hoursAgo) =>
          twoAccounts.map((account) => ({
            accountId: account.id,
            userId: user.id,
            state: "done",
            filename: "h.csv",
            content: "x",
            createdAt: at(hoursAgo),
            updatedAt: at(hoursAgo),
          })),
        ),
      )
      .returning({ id: historyExportJobs.id, createdAt: historyExportJobs.createdAt });
    const cleanup = historyExportCleanupJob(db);
    await cleanup.run(now);
    const left = await db
      .select({ id: historyExportJobs.id })
      .from(historyExportJobs)
      .where(
        inArray(
          historyExportJobs.id,
          made.map((job) => job.id),
        ),
      );
    const young = made.filter((job) => job.createdAt.getTime() > at(24).getTime()).map((job) => job.id);
    expect(left.map((job) => job.id).sort()).toEqual(young.sort());
    expect(young).toHaveLength(2);
  });
});
