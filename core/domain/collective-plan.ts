/**
 * Collective training plans (spec 3, 4, 9; ADR 0057): dates are Paris calendar days, the period covers the plan and
 * its activities padded to at least 12 months (planPeriod), activities go on rows (placeActivitiesOnRows).
 */
import { isIsoDate, toParisDate } from "./dates.ts";
import { planPeriod, type PlanPeriod } from "./training-plan.ts";

/** An instant with its offset: 2026-03-29T01:30:00+01:00, 2026-10-25T00:30:00Z, with optional seconds/fraction. */
const ZONED_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * The Paris calendar day a plan date means: a 'yyyy-mm-dd' day is taken as is (already a Paris day); an instant
 * with its offset becomes the day it falls on in Europe/Paris (so 2026-03-28T23:30:00Z is 2026-03-29, the night
 * summer time starts, and 2026-10-24T22:30:00Z is 2026-10-25). Anything else: null.
 */
export function parisDay(value: string): string | null {
  if (isIsoDate(value)) return value;
  if (!ZONED_INSTANT.test(value)) return null;
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime())) return null;
  if (!isIsoDate(value.slice(0, 10))) return null;
  return toParisDate(instant);
}

/** The displayed period of a collective plan: its own dates and every activity, padded to at least 12 months. */
export function collectivePlanPeriod(
  plan: { startDate: string; endDate: string },
  activities: readonly { startDate: string; finishDate: string | null }[],
): PlanPeriod {
  let first = plan.startDate;
  let last = plan.endDate < plan.startDate ? plan.startDate : plan.endDate;
  for (const a of activities) {
    if (a.startDate < first) first = a.startDate;
    const end = a.finishDate && a.finishDate > a.startDate ? a.finishDate : a.startDate;
    if (end > last) last = end;
  }
  return planPeriod(first, last);
}
