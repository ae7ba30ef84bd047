/**
 * Team progress rules (pharmacy management): pure functions over the enrolments of a pharmacy's members. What
 * "finished" means is defined once, in team-figures.ts (ADR 0112).
 */
import { enrolmentProgress, type FigureEnrolment } from "./team-figures.ts";

export type ProgressEnrolment = FigureEnrolment;

/** Enrolments that count: everything but cancelled ones (a waiting list or pending one counts as 0 %). */
export function countsForProgress(enrolment: ProgressEnrolment): boolean {
  return enrolment.status !== "cancelled";
}

/**
 * A member's progress: the mean progress of the trainings that count, a finished one at 100 % (a training ended on a
 * failed assessment at its steps' progress), rounded to a whole percent; 0 without any training.
 */
export function memberProgress(enrolments: readonly ProgressEnrolment[]): number {
  const counted = enrolments.filter(countsForProgress);
  if (counted.length === 0) return 0;
  const sum = counted.reduce((total, e) => total + enrolmentProgress(e), 0);
  return Math.round(sum / counted.length);
}

/** The team's progress: the mean of its members' progress (members without training left out), rounded. */
export function teamProgress(memberProgresses: readonly { progress: number; trainings: number }[]): number {
  const counted = memberProgresses.filter((m) => m.trainings > 0);
  if (counted.length === 0) return 0;
  return Math.round(counted.reduce((total, m) => total + m.progress, 0) / counted.length);
}
