/**
 * Training plan calendar (spec sections 4 and 9). Dates are 'yyyy-mm-dd' calendar days (a time part is ignored)
 * handled as plain year/month/day numbers, so the host time zone never shifts a month.
 */
import { isIsoDate } from "./dates.ts";

export const MIN_PLAN_MONTHS = 12;

type YearMonth = { year: number; month: number };

function readDay(date: string): YearMonth & { day: string } {
  const day = date.slice(0, 10);
  if (!isIsoDate(day)) throw new RangeError(`Invalid date: ${date}`);
  return { year: Number(day.slice(0, 4)), month: Number(day.slice(5, 7)), day };
}

const monthIndex = ({ year, month }: YearMonth): number => year * 12 + (month - 1);

const fromMonthIndex = (index: number): YearMonth => ({ year: Math.floor(index / 12), month: (index % 12) + 1 });

const pad = (n: number, width = 2): string => String(n).padStart(width, "0");

const daysInMonth = ({ year, month }: YearMonth): number => new Date(Date.UTC(year, month, 0)).getUTCDate();

/**
 * Calendar months from the month of `from` to the month of `to`: 2025-01-31 -> 2025-02-01 is 1;
 * negative when `to` is earlier.
 */
export function monthsBetween(from: string, to: string): number {
  return monthIndex(readDay(to)) - monthIndex(readDay(from));
}

export type PlanPeriod = { startDate: string; endDate: string; monthCount: number };

/**
 * From the first day of the start month to the last day of the end month, the end pushed out so the period
 * covers at least 12 months.
 */
export function planPeriod(startDate: string, endDate: string): PlanPeriod {
  const first = monthIndex(readDay(startDate));
  const last = Math.max(monthIndex(readDay(endDate)), first + MIN_PLAN_MONTHS - 1);
  const start = fromMonthIndex(first);
  const end = fromMonthIndex(last);
  return {
    startDate: `${pad(start.year, 4)}-${pad(start.month)}-01`,
    endDate: `${pad(end.year, 4)}-${pad(end.month)}-${pad(daysInMonth(end))}`,
    monthCount: last - first + 1,
  };
}

export type PlanActivity = { startDate: string; finishDate: string | null };

export type PlacedActivity<T extends PlanActivity> = T & { row: number };

/**
 * Gives each activity a display row, starting at 1, so that activities sharing a month are on different rows.
 * Greedy first fit in start-date order (stable for equal starts); a missing or earlier finish counts as the
 * start month.
 */
export function placeActivitiesOnRows<T extends PlanActivity>(activities: readonly T[]): PlacedActivity<T>[] {
  const ranged = activities.map((activity) => {
    const first = readDay(activity.startDate);
    const start = monthIndex(first);
    const end = activity.finishDate ? Math.max(start, monthIndex(readDay(activity.finishDate))) : start;
    return { activity, start, end, day: first.day };
  });
  ranged.sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));

  const rowEnds: number[] = [];
  return ranged.map(({ activity, start, end }) => {
    let index = rowEnds.findIndex((rowEnd) => rowEnd < start);
    if (index === -1) index = rowEnds.push(end) - 1;
    else rowEnds[index] = end;
    return { ...activity, row: index + 1 };
  });
}

/** The whole months an activity spans: first day of its start month to last day of its finish (or start) month. */
export function activityMonthRange(startDate: string, finishDate: string | null): { fromDate: string; toDate: string } {
  const start = readDay(startDate);
  const finish = finishDate ? readDay(finishDate) : start;
  const end = monthIndex(finish) < monthIndex(start) ? start : finish;
  return {
    fromDate: `${pad(start.year, 4)}-${pad(start.month)}-01`,
    toDate: `${pad(end.year, 4)}-${pad(end.month)}-${pad(daysInMonth(end))}`,
  };
}

/** The months of a period as 'yyyy-mm', in order (for the plan grid's columns). */
export function periodMonths(startDate: string, endDate: string): string[] {
  const first = monthIndex(readDay(startDate));
  const last = monthIndex(readDay(endDate));
  const months: string[] = [];
  for (let index = first; index <= last; index++) {
    const { year, month } = fromMonthIndex(index);
    months.push(`${pad(year, 4)}-${pad(month)}`);
  }
  return months;
}

/** Whether an activity's month range covers the month 'yyyy-mm'. */
export function coversMonth(activity: { fromDate: string; toDate: string }, month: string): boolean {
  return activity.fromDate.slice(0, 7) <= month && month <= activity.toDate.slice(0, 7);
}

/** One cell of a plan timeline row: an empty month, or an activity spanning `span` months. */
export type TimelineCell<T> = { key: string; activity: T | null; span: number };

export type TimelineActivity = { id: number; row: number; fromDate: string; toDate: string };

/**
 * The rows of a plan timeline (rows 1 to the highest activity row), each a run of cells over `months`
 * ('yyyy-mm'): an activity takes one cell spanning its months (clipped to the last month), any other month an
 * empty cell. Rows come from placeActivitiesOnRows, so activities of one row never share a month.
 */
export function timelineRows<T extends TimelineActivity>(months: readonly string[], activities: readonly T[]): { row: number; cells: TimelineCell<T>[] }[] {
  const monthOf = (day: string) => day.slice(0, 7);
  const rowCount = Math.max(0, ...activities.map((a) => a.row));
  return Array.from({ length: rowCount }, (_, i) => {
    const row = i + 1;
    const inRow = activities.filter((a) => a.row === row);
    const cells: TimelineCell<T>[] = [];
    for (let index = 0; index < months.length;) {
      const month = months[index];
      const activity = inRow.find((a) => monthOf(a.fromDate) <= month && month <= monthOf(a.toDate));
      if (!activity) {
        cells.push({ key: month, activity: null, span: 1 });
        index += 1;
        continue;
      }
      const last = months.indexOf(monthOf(activity.toDate));
      const span = (last === -1 ? months.length - 1 : last) - index + 1;
      cells.push({ key: `${month}-${activity.id}`, activity, span });
      index += span;
    }
    return { row, cells };
  });
}
