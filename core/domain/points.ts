/** Training points earned, from the history (spec sections 3 and 9). */
import { earnsPoints, type Outcome } from "./pass-rules.ts";

export type HistoryFormation = { initialScore: number | null; finalScore: number | null };

export type HistoryEntry = {
  startDate: string | null;
  endDate: string | null;
  courseId: number | string;
  formations: readonly HistoryFormation[];
  points: number | null;
  /** How the training ended (ADR 0107); null while under way, or for entries older than the pass rules. */
  outcome?: Outcome | null;
};

export type CoursePoints = number | null | undefined;

const roundScore = (score: number | null): number => (score === null || !Number.isFinite(score) ? 0 : Math.round(score));

/**
 * Each formation's rounded initial score plus rounded final score, summed, plus the entry's own points or,
 * when it has none (null), the course's points. A failed training earns none: points follow the attestation.
 */
export function historyEntryPoints(entry: Pick<HistoryEntry, "formations" | "points" | "outcome">, coursePoints: CoursePoints): number {
  if (!earnsPoints(entry.outcome ?? null)) return 0;
  const scores = entry.formations.reduce((sum, f) => sum + roundScore(f.initialScore) + roundScore(f.finalScore), 0);
  return scores + (entry.points ?? coursePoints ?? 0);
}

/** Sum over the history; course points are looked up by courseId. */
export function totalPoints(entries: readonly HistoryEntry[], coursePointsById: Readonly<Record<string, CoursePoints>> = {}): number {
  return entries.reduce((sum, entry) => sum + historyEntryPoints(entry, coursePointsById[String(entry.courseId)]), 0);
}
