/**
 * Team progress rules (pharmacy management): pure functions over the enrolments of a pharmacy's members.
 */

export type ProgressEnrolment = { status: string; progressPercent: number };

/** Enrolments that count: everything but cancelled ones (a waiting list or pending one counts as 0 %). */
export function countsForProgress(enrolment: ProgressEnrolment): boolean {
  return enrolment.status !== "cancelled";
}

/**
 * A member's progress: the mean progress of the trainings that count, a finished one at 100 %, rounded to a whole
 * percent; 0 without any training.
 */
export function memberProgress(enrolments: readonly ProgressEnrolment[]): number {
  const counted = enrolments.filter(countsForProgress);
  if (counted.length === 0) return 0;
  const sum = counted.reduce((total, e) => total + (e.status === "finished" ? 100 : clampPercent(e.progressPercent)), 0);
  return Math.round(sum / counted.length);
}

/** The team's progress: the mean of its members' progress (members without training left out), rounded. */
export function teamProgress(memberProgresses: readonly { progress: number; trainings: number }[]): number {
  const counted = memberProgresses.filter((m) => m.trainings > 0);
  if (counted.length === 0) return 0;
  return Math.round(counted.reduce((total, m) => total + m.progress, 0) / counted.length);
}

export function clampPercent(value: number): number {
  if (!Number.isFinite(value)) return 0;
  return Math.min(100, Math.max(0, value));
}
