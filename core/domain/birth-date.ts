/** Which birth dates a learner may enter on the profile (decision 0022). */
import { isIsoDate } from "./dates.ts";

/** Nobody born before this day is still working in a pharmacy. */
export const EARLIEST_BIRTH_DATE = "1900-01-01";
/** Pharmacy apprentices start at 16 in France, Belgium and Spain; a younger learner is a typing mistake. */
export const MINIMUM_AGE = 16;

export type BirthDateProblem = "invalid" | "future" | "tooOld" | "tooYoung";

/** The latest birth date of someone who is at least MINIMUM_AGE on `today` ('yyyy-mm-dd'). */
export function latestBirthDate(today: string): string {
  const [year, month, day] = today.split("-");
  const candidate = `${String(Number(year) - MINIMUM_AGE).padStart(4, "0")}-${month}-${day}`;
  // 29 February of a leap year: the 16th birthday falls on 1 March, so the 28th is the last allowed day.
  return isIsoDate(candidate) ? candidate : `${candidate.slice(0, 8)}28`;
}

/** Why a birth date 'yyyy-mm-dd' is refused on `today` ('yyyy-mm-dd', Paris day), or null when it is plausible. */
export function birthDateProblem(value: string, today: string): BirthDateProblem | null {
  if (!isIsoDate(value)) return "invalid";
  if (value > today) return "future";
  if (value < EARLIEST_BIRTH_DATE) return "tooOld";
  if (value > latestBirthDate(today)) return "tooYoung";
  return null;
}
