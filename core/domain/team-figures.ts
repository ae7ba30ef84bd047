/**
 * The pharmacy's team figures, one definition each (issue 29 item 4, ADR 0112), read by the dashboard, the team list,
 * the attribution page, the team attestations and the history export:
 *
 * - **finished**: an enrolment whose training ended with its attestation earned: status `finished` and an outcome
 *   other than `failed` (a training ended on a failed assessment, ADR 0107, is "not passed", never "finished").
 * - **attestation**: one per finished training of a learner, whatever the training's type: a DPC programme's
 *   enrolment holds two signed documents (its training and its DPC attestation, ADR 0107), listed and counted once,
 *   as its DPC attestation.
 * - **bought**: the seats of a product (a training, and the session it was bought for) the pharmacy paid for and did
 *   not get credited (ADR 0070, ADR 0094).
 * - **attributed**: the bought seats taken by the pharmacy's active enrolments in that training and session, never
 *   more than were bought (an enrolment beyond them came another way, e.g. the learner's own subscription).
 * - **remaining**: bought minus attributed, so bought = attributed + remaining always.
 */

export type FigureEnrolment = { status: string; progressPercent: number; outcome?: string | null };

/** Finished: ended with the attestation earned (a failed ending is not finished). */
export function isFinished(enrolment: Pick<FigureEnrolment, "status" | "outcome">): boolean {
  return enrolment.status === "finished" && enrolment.outcome !== "failed";
}

/** Ended on a failed assessment (no attempt left, ADR 0107). */
export function isFailed(enrolment: Pick<FigureEnrolment, "status" | "outcome">): boolean {
  return enrolment.status === "finished" && enrolment.outcome === "failed";
}

/** An enrolment's progress in percent: 100 once finished; a failed or unfinished one at its steps' progress. */
export function enrolmentProgress(enrolment: FigureEnrolment): number {
  return isFinished(enrolment) ? 100 : clampPercent(enrolment.progressPercent);
}

export function clampPercent(value: number): number {
  if (!Number.isFinite(value)) return 0;
  return Math.min(100, Math.max(0, value));
}

/**
 * One attestation per training of a learner, whatever the training's type: of the documents of one training the DPC
 * one (when there is one) stands for it. Keeps the order of each training's first document.
 */
export function oneAttestationPerTraining<T extends { userId: number; trainingId: number; kind: string }>(rows: readonly T[]): T[] {
  const key = (row: T) => `${row.userId}:${row.trainingId}`;
  const chosen = new Map<string, T>();
  for (const row of rows) {
    const kept = chosen.get(key(row));
    if (!kept || (kept.kind !== "dpc" && row.kind === "dpc")) chosen.set(key(row), row);
  }
  return [...chosen.values()];
}

export type ProductSeats = { bought: number; attributed: number; remaining: number };

/** A bought product's seats: `enrolled` is the pharmacy's active enrolments in its training and session. */
export function productSeats(bought: number, enrolled: number): ProductSeats {
  const safeBought = Math.max(0, Math.trunc(bought));
  const attributed = Math.min(safeBought, Math.max(0, Math.trunc(enrolled)));
  return { bought: safeBought, attributed, remaining: safeBought - attributed };
}
