import { and, desc, eq, lt } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { historyExportJobs } from "../../../db/schema/index.ts";

/** The team history export jobs (ADR 0076): every read scoped by the account in use and the user who asked. */
export type HistoryExportJobRow = typeof historyExportJobs.$inferSelect;

export async function insertJob(db: Db, values: typeof historyExportJobs.$inferInsert): Promise<HistoryExportJobRow> {
  const [row] = await db.insert(historyExportJobs).values(values).returning();
  return row;
}

export async function findJob(db: Db, accountId: number, userId: number, id: number): Promise<HistoryExportJobRow | undefined> {
  const [row] = await db
    .select()
    .from(historyExportJobs)
    .where(and(eq(historyExportJobs.id, id), eq(historyExportJobs.accountId, accountId), eq(historyExportJobs.userId, userId)))
    .limit(1);
  return row;
}

export async function findLatestRunningJob(db: Db, accountId: number, userId: number): Promise<HistoryExportJobRow | undefined> {
  const [row] = await db
    .select()
    .from(historyExportJobs)
    .where(and(eq(historyExportJobs.accountId, accountId), eq(historyExportJobs.userId, userId), eq(historyExportJobs.state, "running")))
    .orderBy(desc(historyExportJobs.createdAt), desc(historyExportJobs.id))
    .limit(1);
  return row;
}

export async function updateJob(db: Db, id: number, values: Partial<Pick<HistoryExportJobRow, "state" | "done" | "content" | "updatedAt">>) {
  await db.update(historyExportJobs).set(values).where(eq(historyExportJobs.id, id));
}

/** Marks a running job failed (only if it is still running: a finished file is never lost). */
export async function failJob(db: Db, id: number, at: Date) {
  await db
    .update(historyExportJobs)
    .set({ state: "failed", updatedAt: at })
    .where(and(eq(historyExportJobs.id, id), eq(historyExportJobs.state, "running")));
}

/** The account's jobs created before a time (their files are not kept longer). */
export async function deleteJobsBefore(db: Db, accountId: number, before: Date) {
  await db.delete(historyExportJobs).where(and(eq(historyExportJobs.accountId, accountId), lt(historyExportJobs.createdAt, before)));
}

/** Every account's jobs created before a time: the scheduled clean-up (server/jobs/platform-jobs.ts). */
export async function deleteAllJobsBefore(db: Db, before: Date): Promise<number> {
  const deleted = await db.delete(historyExportJobs).where(lt(historyExportJobs.createdAt, before)).returning({ id: historyExportJobs.id });
  return deleted.length;
}
