import { describe, expect, it } from "vitest";
import { collectivePlanPeriod, parisDay } from "./collective-plan.ts";
import { placeActivitiesOnRows } from "./training-plan.ts";

describe("parisDay: plan dates are Europe/Paris calendar days, across daylight-saving changes", () => {
  it.each([
    // a plain day stays itself
    ["2026-03-29", "2026-03-29"],
    // spring forward (Sunday 29 March 2026, 02:00 -> 03:00 in Paris)
    ["2026-03-28T22:59:00Z", "2026-03-28"], // 23:59 CET
    ["2026-03-28T23:00:00Z", "2026-03-29"], // 00:00 CET
    ["2026-03-29T21:59:00Z", "2026-03-29"], // 23:59 CEST
    ["2026-03-29T22:00:00Z", "2026-03-30"], // 00:00 CEST (one hour earlier in UTC than the day before)
    ["2026-03-29T03:30:00+02:00", "2026-03-29"],
    // fall back (Sunday 25 October 2026, 03:00 -> 02:00 in Paris)
    ["2026-10-24T21:59:00Z", "2026-10-24"], // 23:59 CEST
    ["2026-10-24T22:00:00Z", "2026-10-25"], // 00:00 CEST
    ["2026-10-25T22:59:00Z", "2026-10-25"], // 23:59 CET
    ["2026-10-25T23:00:00Z", "2026-10-26"], // 00:00 CET
    ["2026-10-25T02:30:00+01:00", "2026-10-25"], // the repeated half hour, second time
    // month and year edges
    ["2025-12-31T23:30:00Z", "2026-01-01"],
    ["2026-02-28T23:00:00.000Z", "2026-03-01"],
  ])("%s -> %s", (input, day) => {
    expect(parisDay(input)).toBe(day);
  });

  it.each(["", "2026-02-30", "29/03/2026", "2026-03-29T10:00", "2026-13-01T00:00:00Z", "tomorrow"])("%j -> null", (input) => {
    expect(parisDay(input)).toBeNull();
  });
});

describe("collectivePlanPeriod: first day of the start month to the last day of the end month, at least 12 months", () => {
  it("pads a short plan to 12 months", () => {
    expect(collectivePlanPeriod({ startDate: "2026-03-15", endDate: "2026-05-10" }, [])).toEqual({
      startDate: "2026-03-01",
      endDate: "2027-02-28",
      monthCount: 12,
    });
  });

  it("widens to the activities on both sides", () => {
    expect(
      collectivePlanPeriod({ startDate: "2026-03-15", endDate: "2026-05-10" }, [
        { startDate: "2026-01-20", finishDate: null },
        { startDate: "2026-06-01", finishDate: "2027-04-02" },
      ]),
    ).toEqual({ startDate: "2026-01-01", endDate: "2027-04-30", monthCount: 16 });
  });

  it("keeps a plan longer than 12 months as it is (leap February at the end)", () => {
    expect(collectivePlanPeriod({ startDate: "2026-09-01", endDate: "2028-02-03" }, [])).toEqual({
      startDate: "2026-09-01",
      endDate: "2028-02-29",
      monthCount: 18,
    });
  });
});

describe("rows of a collective plan's activities", () => {
  it("overlapping months go on different rows, from 1; a later activity reuses a free row", () => {
    const placed = placeActivitiesOnRows([
      { id: 1, startDate: "2026-03-10", finishDate: "2026-04-20" },
      { id: 2, startDate: "2026-04-01", finishDate: "2026-05-31" }, // shares April with 1; row 2 is free from April
      { id: 3, startDate: "2026-05-02", finishDate: null }, // May: 2 holds row 2, row 1 is free again
      { id: 4, startDate: "2026-03-31", finishDate: "2026-03-31" }, // March: 1 holds row 1
    ]);
    const row = (id: number) => placed.find((a) => a.id === id)?.row;
    expect(row(1)).toBe(1);
    expect(row(4)).toBe(2);
    expect(row(2)).toBe(2);
    expect(row(3)).toBe(1);
  });

  it("same month, different days still overlap (whole months)", () => {
    const placed = placeActivitiesOnRows([
      { id: 1, startDate: "2026-06-01", finishDate: "2026-06-02" },
      { id: 2, startDate: "2026-06-29", finishDate: "2026-06-30" },
    ]);
    expect(placed.map((a) => a.row)).toEqual([1, 2]);
  });
});
