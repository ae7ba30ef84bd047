/**
 * The DPC hours meter of a team member (ADR 0051): the hours of DPC actions finished in a calendar year, against
 * the yearly ANDPC rule for pharmacists (2024 rules, /work/shared/references/peers-and-domain.md section 4.1):
 * at most 18 h a year are funded, and an action shorter than 3 h is not funded.
 */
export const DPC_YEARLY_CAP_MINUTES = 18 * 60;
export const DPC_MIN_ACTION_MINUTES = 3 * 60;

/** A DPC action a member finished: its duration and the Paris calendar day it ended (yyyy-mm-dd). */
export type DpcAction = { minutes: number; finishedOn: string };

export type DpcHoursMeter = {
  year: number;
  /** Minutes of the year's actions of at least 3 h, before the cap. */
  eligibleMinutes: number;
  /** What counts against the yearly ceiling: eligible minutes, at most 18 h. */
  countedMinutes: number;
  capMinutes: number;
  /** Hours still fundable this year. */
  remainingMinutes: number;
  /** Actions of the year left out because they last less than 3 h. */
  shortActions: number;
  /** 0-100, counted against the cap, rounded down. */
  percent: number;
  status: "none" | "partial" | "full";
};

export function dpcHoursMeter(actions: readonly DpcAction[], year: number): DpcHoursMeter {
  const ofYear = actions.filter((a) => a.finishedOn.slice(0, 4) === String(year) && Number.isFinite(a.minutes) && a.minutes > 0);
  const eligible = ofYear.filter((a) => a.minutes >= DPC_MIN_ACTION_MINUTES);
  const eligibleMinutes = eligible.reduce((sum, a) => sum + a.minutes, 0);
  const countedMinutes = Math.min(eligibleMinutes, DPC_YEARLY_CAP_MINUTES);
  return {
    year,
    eligibleMinutes,
    countedMinutes,
    capMinutes: DPC_YEARLY_CAP_MINUTES,
    remainingMinutes: DPC_YEARLY_CAP_MINUTES - countedMinutes,
    shortActions: ofYear.length - eligible.length,
    percent: Math.floor((countedMinutes * 100) / DPC_YEARLY_CAP_MINUTES),
    status: countedMinutes === 0 ? "none" : countedMinutes >= DPC_YEARLY_CAP_MINUTES ? "full" : "partial",
  };
}
