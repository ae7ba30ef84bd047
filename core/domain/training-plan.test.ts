import { describe, expect, it } from "vitest";
import {
  monthsBetween,
  placeActivitiesOnRows,
  planPeriod,
  type PlanActivity,
  type PlanPeriod,
  activityMonthRange,
  coversMonth,
  periodMonths,
  timelineRows,
} from "./training-plan.ts";

describe("monthsBetween", () => {
  it.each([
    ["2025-01-01", "2025-01-31", 0],
    ["2025-01-31", "2025-02-01", 1],
    ["2025-01-15", "2025-12-15", 11],
    ["2024-11-30", "2025-02-01", 3],
    ["2025-03-01", "2025-01-01", -2],
    ["2025-01-01T23:30:00Z", "2025-02-01T00:00:00+02:00", 1],
  ])("%s -> %s = %i", (from, to, months) => {
    expect(monthsBetween(from, to)).toBe(months);
  });

  it.each([
    ["2025-13-01", "2025-01-01"],
    ["2025-01-01", "January"],
  ])("throws a RangeError for %s, %s", (from, to) => {
    expect(() => monthsBetween(from, to)).toThrow(RangeError);
  });
});

describe("planPeriod", () => {
  it.each<[string, string, PlanPeriod]>([
    ["2025-01-15", "2025-12-10", { startDate: "2025-01-01", endDate: "2025-12-31", monthCount: 12 }],
    ["2025-01-15", "2025-03-10", { startDate: "2025-01-01", endDate: "2025-12-31", monthCount: 12 }],
    ["2025-03-31", "2025-04-01", { startDate: "2025-03-01", endDate: "2026-02-28", monthCount: 12 }],
    ["2023-03-01", "2023-05-01", { startDate: "2023-03-01", endDate: "2024-02-29", monthCount: 12 }],
    ["2025-09-10", "2027-01-05", { startDate: "2025-09-01", endDate: "2027-01-31", monthCount: 17 }],
    ["2025-06-30", "2025-06-30", { startDate: "2025-06-01", endDate: "2026-05-31", monthCount: 12 }],
    ["2025-06-30", "2025-01-01", { startDate: "2025-06-01", endDate: "2026-05-31", monthCount: 12 }],
    ["2025-12-01", "2026-11-30", { startDate: "2025-12-01", endDate: "2026-11-30", monthCount: 12 }],
    ["2025-12-01T23:00:00Z", "2026-12-01", { startDate: "2025-12-01", endDate: "2026-12-31", monthCount: 13 }],
  ])("%s to %s", (start, end, expected) => {
    expect(planPeriod(start, end)).toEqual(expected);
  });

  it("throws a RangeError on an invalid date", () => {
    expect(() => planPeriod("2025-02-30", "2025-12-01")).toThrow(RangeError);
  });
});

type Named = PlanActivity & { id: string };
const activity = (id: string, startDate: string, finishDate: string | null): Named => ({ id, startDate, finishDate });
const rows = (placed: ReadonlyArray<Named & { row: number }>) => placed.map(({ id, row }) => `${id}:${row}`);

describe("placeActivitiesOnRows", () => {
  it.each<[string, Named[], string[]]>([
    ["nothing", [], []],
    ["one activity", [activity("a", "2025-01-10", "2025-02-10")], ["a:1"]],
    ["activities in separate months share row 1", [activity("a", "2025-01-10", "2025-02-10"), activity("b", "2025-03-01", "2025-03-31")], ["a:1", "b:1"]],
    ["same month at different days still overlaps", [activity("a", "2025-01-01", "2025-01-05"), activity("b", "2025-01-20", "2025-01-25")], ["a:1", "b:2"]],
    ["ending in the month another starts overlaps", [activity("a", "2025-01-01", "2025-03-01"), activity("b", "2025-03-31", "2025-04-10")], ["a:1", "b:2"]],
    [
      "first free row is reused",
      [
        activity("a", "2025-01-01", "2025-06-30"),
        activity("b", "2025-02-01", "2025-02-28"),
        activity("c", "2025-03-01", "2025-04-30"),
        activity("d", "2025-03-15", "2025-03-20"),
        activity("e", "2025-07-01", "2025-07-02"),
      ],
      ["a:1", "b:2", "c:2", "d:3", "e:1"],
    ],
    ["sorted by start date first", [activity("late", "2025-05-01", "2025-05-02"), activity("early", "2025-01-01", "2025-12-31")], ["early:1", "late:2"]],
    [
      "stable for equal start dates",
      [activity("x", "2025-04-01", "2025-04-02"), activity("y", "2025-04-01", "2025-04-03"), activity("z", "2025-04-01", null)],
      ["x:1", "y:2", "z:3"],
    ],
    ["a missing finish takes only its start month", [activity("a", "2025-01-01", null), activity("b", "2025-02-01", "2025-02-02")], ["a:1", "b:1"]],
    [
      "across a year boundary",
      [activity("a", "2024-11-01", "2025-01-15"), activity("b", "2025-01-31", "2025-02-01"), activity("c", "2025-02-01", null)],
      ["a:1", "b:2", "c:1"],
    ],
  ])("%s", (_label, activities, expected) => {
    expect(rows(placeActivitiesOnRows(activities))).toEqual(expected);
  });

  it("keeps the activity fields", () => {
    const [placed] = placeActivitiesOnRows([activity("a", "2025-01-01", "2025-02-01")]);
    expect(placed).toEqual({ id: "a", startDate: "2025-01-01", finishDate: "2025-02-01", row: 1 });
  });
});

describe("activityMonthRange", () => {
  it.each<[string, string | null, string, string]>([
    ["2025-03-15", "2025-05-02", "2025-03-01", "2025-05-31"],
    ["2025-03-15", null, "2025-03-01", "2025-03-31"],
    ["2024-02-10", "2024-02-11", "2024-02-01", "2024-02-29"],
    ["2025-03-15", "2025-01-01", "2025-03-01", "2025-03-31"],
    ["2025-12-15T10:00:00Z", "2026-01-02", "2025-12-01", "2026-01-31"],
  ])("%s -> %s", (start, finish, from, to) => {
    expect(activityMonthRange(start, finish)).toEqual({ fromDate: from, toDate: to });
  });
});

describe("periodMonths and coversMonth", () => {
  it("lists the months of a padded period", () => {
    const period = planPeriod("2025-11-20", "2025-12-01");
    const months = periodMonths(period.startDate, period.endDate);
    expect(months).toHaveLength(12);
    expect(months[0]).toBe("2025-11");
    expect(months[2]).toBe("2026-01");
    expect(months.at(-1)).toBe("2026-10");
  });

  it("tells whether an activity covers a month", () => {
    const range = { fromDate: "2025-03-01", toDate: "2025-05-31" };
    expect(["2025-02", "2025-03", "2025-04", "2025-05", "2025-06"].map((m) => coversMonth(range, m))).toEqual([false, true, true, true, false]);
  });
});

describe("timelineRows", () => {
  const months = ["2026-01", "2026-02", "2026-03", "2026-04"];
  const activity = (id: number, row: number, fromDate: string, toDate: string) => ({ id, row, fromDate, toDate });

  it("gives each row its cells: an activity spans its months, other months are empty cells", () => {
    const rows = timelineRows(months, [activity(1, 1, "2026-02-01", "2026-03-31"), activity(2, 2, "2026-01-01", "2026-01-31")]);
    expect(rows.map((r) => r.row)).toEqual([1, 2]);
    expect(rows[0].cells.map((c) => [c.key, c.activity?.id ?? null, c.span])).toEqual([
      ["2026-01", null, 1],
      ["2026-02-1", 1, 2],
      ["2026-04", null, 1],
    ]);
    expect(rows[1].cells.map((c) => c.span)).toEqual([1, 1, 1, 1]);
  });

  it("clips an activity that ends after the last month, and has no rows without activities", () => {
    const rows = timelineRows(months, [activity(7, 1, "2026-03-01", "2026-09-30")]);
    expect(rows[0].cells.map((c) => [c.activity?.id ?? null, c.span])).toEqual([
      [null, 1],
      [null, 1],
      [7, 2],
    ]);
    expect(timelineRows(months, [])).toEqual([]);
  });
});
