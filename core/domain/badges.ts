/**
 * Learner badges (issue 6, ADR 0013): pure award rules from facts about a learner's records to badge codes.
 * The server gathers the facts, stores new codes in user_badges and notifies the learner.
 */
import { PARIS_TIME_ZONE, toZonedDate } from "./dates.ts";

export const BADGE_CODES = ["firstTraining", "fiveTrainings", "hundredPoints", "perfectScore", "dpcCompleted", "threeInAMonth"] as const;

export type BadgeCode = (typeof BADGE_CODES)[number];

export type BadgeFacts = {
  /** When each finished training was finished (one entry per distinct training). */
  finishedAt: readonly Date[];
  /** Points of the history (points rule of spec section 3). */
  totalPoints: number;
  /** Best post-test score (percent), or null when no post-test was answered. */
  bestPostTestScore: number | null;
  /** Number of finished DPC programmes. */
  dpcFinished: number;
};

export const FIVE_TRAININGS = 5;
export const HUNDRED_POINTS = 100;
export const PERFECT_SCORE = 100;
export const TRAININGS_IN_A_MONTH = 3;

/** Most trainings finished within one calendar month (Europe/Paris). */
export function mostFinishedInOneMonth(finishedAt: readonly Date[], timeZone = PARIS_TIME_ZONE): number {
  const perMonth = new Map<string, number>();
  for (const date of finishedAt) {
    const month = toZonedDate(date, timeZone).slice(0, 7);
    perMonth.set(month, (perMonth.get(month) ?? 0) + 1);
  }
  return Math.max(0, ...perMonth.values());
}

const RULES: Readonly<Record<BadgeCode, (facts: BadgeFacts) => boolean>> = {
  firstTraining: (f) => f.finishedAt.length >= 1,
  fiveTrainings: (f) => f.finishedAt.length >= FIVE_TRAININGS,
  hundredPoints: (f) => f.totalPoints >= HUNDRED_POINTS,
  perfectScore: (f) => f.bestPostTestScore !== null && f.bestPostTestScore >= PERFECT_SCORE,
  dpcCompleted: (f) => f.dpcFinished >= 1,
  threeInAMonth: (f) => mostFinishedInOneMonth(f.finishedAt) >= TRAININGS_IN_A_MONTH,
};

/** Every badge the facts earn, in BADGE_CODES order. */
export function earnedBadges(facts: BadgeFacts): BadgeCode[] {
  return BADGE_CODES.filter((code) => RULES[code](facts));
}

/** The earned badges not yet awarded. */
export function newBadges(facts: BadgeFacts, alreadyAwarded: readonly string[]): BadgeCode[] {
  const awarded = new Set(alreadyAwarded);
  return earnedBadges(facts).filter((code) => !awarded.has(code));
}
