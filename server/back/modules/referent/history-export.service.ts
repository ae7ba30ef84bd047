/**
 * The team history export as a job (ADR 0076): POST history/exports records a job (state, done of total rows) and
 * answers at once; the rows are written in steps in the background, each step recording its progress; the page
 * reads the job (GET history/exports/{id}) until it is done, then downloads the file (GET .../file).
 */
import type { HistoryExportJob } from "#core/contract/referent.ts";
import { exportPercent, exportSteps, isStaleExport } from "#core/domain/export-progress.ts";
import type { ServiceContext } from "../../service-context.ts";
import { AppError } from "../../http/app-error.ts";
import {
  brandOffersHistoryExport,
  historyCsv,
  historyCsvLines,
  historyFilename,
  historyRows,
  type HistoryCell,
  type HistoryTexts,
} from "./dashboard.service.ts";
import * as repo from "./history-export.repository.ts";
import type { ReferentScope } from "./referent-scope.ts";

/**
 * A job's file is kept a day: older jobs of the account are removed when a new one starts, and every account's by
 * the hourly clean-up (server/jobs/platform-jobs.ts).
 */
export const HISTORY_EXPORT_KEEP_MS = 24 * 3_600_000;

function payload(row: repo.HistoryExportJobRow): HistoryExportJob {
  const state = row.state === "done" || row.state === "failed" ? row.state : "running";
  return {
    id: row.id,
    state,
    done: row.done,
    total: row.total,
    percent: exportPercent(row.done, row.total, state === "done"),
    downloadPath: state === "done" ? `/back/api/referent/history/exports/${row.id}/file` : null,
    createdAt: row.createdAt.toISOString(),
  };
}

const nextTick = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Writes the rows step by step, recording done after each step; the file is stored with the last step. */
async function writeJob(ctx: ServiceContext, jobId: number, headers: readonly string[], rows: HistoryCell[][]): Promise<void> {
  try {
    const lines: string[] = [];
    for (const [start, end] of exportSteps(rows.length)) {
      await nextTick();
      lines.push(...historyCsvLines(rows.slice(start, end)));
      if (end < rows.length) await repo.updateJob(ctx.db, jobId, { done: end, updatedAt: ctx.now() });
    }
    await repo.updateJob(ctx.db, jobId, { state: "done", done: rows.length, content: historyCsv(headers, rows, lines), updatedAt: ctx.now() });
  } catch (error) {
    ctx.logger.error({ err: error, jobId }, "history export failed");
    await repo.failJob(ctx.db, jobId, ctx.now()).catch(() => undefined);
  }
}

/**
 * POST history/exports: starts an export of the team history (403 where the brand does not offer it). A running,
 * still moving export of the same person and account is answered again instead of starting a second one.
 */
export async function startHistoryExport(ctx: ServiceContext, scope: ReferentScope, texts: HistoryTexts): Promise<HistoryExportJob> {
  if (!brandOffersHistoryExport(scope.account.brand)) throw new AppError("FORBIDDEN", "historyExportNotOffered");
  const now = ctx.now();
  const running = await repo.findLatestRunningJob(ctx.db, scope.accountId, scope.userId);
  if (running && !isStaleExport(running.updatedAt, now)) return payload(running);
  await repo.deleteJobsBefore(ctx.db, scope.accountId, new Date(now.getTime() - HISTORY_EXPORT_KEEP_MS));
  const rows = await historyRows(ctx, scope, texts);
  const job = await repo.insertJob(ctx.db, {
    accountId: scope.accountId,
    userId: scope.userId,
    state: "running",
    done: 0,
    total: rows.length,
    filename: historyFilename(now, texts),
    createdAt: now,
    updatedAt: now,
  });
  void writeJob(ctx, job.id, texts.headers, rows);
  return payload(job);
}

async function requireJob(ctx: ServiceContext, scope: ReferentScope, id: number): Promise<repo.HistoryExportJobRow> {
  const row = await repo.findJob(ctx.db, scope.accountId, scope.userId, id);
  if (!row) throw new AppError("NOT_FOUND", "historyExportNotFound");
  // A running job that stopped moving (the server restarted while writing it) is reported as failed.
  if (row.state === "running" && isStaleExport(row.updatedAt, ctx.now())) {
    await repo.failJob(ctx.db, row.id, ctx.now());
    return { ...row, state: "failed" };
  }
  return row;
}

/** GET history/exports/{id}: the job's state and progress (another person's or account's job is a 404). */
export async function getHistoryExport(ctx: ServiceContext, scope: ReferentScope, id: number): Promise<HistoryExportJob> {
  return payload(await requireJob(ctx, scope, id));
}

/** GET history/exports/{id}/file: the CSV once done (409 while it is written or after a failure). */
export async function historyExportFile(ctx: ServiceContext, scope: ReferentScope, id: number): Promise<{ bytes: Uint8Array; filename: string }> {
  const row = await requireJob(ctx, scope, id);
  if (row.state !== "done" || row.content === null) throw new AppError("CONFLICT", "historyExportNotReady");
  return { bytes: new TextEncoder().encode(row.content), filename: row.filename };
}
