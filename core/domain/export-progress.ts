/**
 * Progress of a long export written in steps (ADR 0076): the percentage shown, the steps the rows are cut into, and
 * when a running export that no longer moves is taken as interrupted (the server stopped while writing it).
 */

/** Rows written per step: each step records its progress. */
export const EXPORT_STEP_ROWS = 100;

/** A job that has not moved for this long while running is reported as failed. */
export const EXPORT_STALE_MS = 120_000;

/** Whole percent of done over total, rounded down (99 until the last row is written); an empty export is 100 once done. */
export function exportPercent(done: number, total: number, finished = false): number {
  if (total <= 0) return finished ? 100 : 0;
  const clamped = Math.min(Math.max(done, 0), total);
  return Math.floor((clamped * 100) / total);
}

/** The [start, end) row ranges of the steps of an export of `total` rows. */
export function exportSteps(total: number, size = EXPORT_STEP_ROWS): [number, number][] {
  if (!Number.isInteger(size) || size < 1) throw new RangeError("step size must be a positive integer");
  const steps: [number, number][] = [];
  for (let start = 0; start < total; start += size) steps.push([start, Math.min(start + size, total)]);
  return steps;
}

/** True when a running export last moved more than EXPORT_STALE_MS before now. */
export function isStaleExport(updatedAt: Date, now: Date, staleMs = EXPORT_STALE_MS): boolean {
  return now.getTime() - updatedAt.getTime() > staleMs;
}
