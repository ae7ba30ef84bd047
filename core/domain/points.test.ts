import { describe, expect, it } from "vitest";
import { historyEntryPoints, totalPoints, type CoursePoints, type HistoryEntry, type HistoryFormation } from "./points.ts";

function entry(courseId: number, formations: HistoryFormation[], points: number | null): HistoryEntry {
  return { startDate: "2025-01-01", endDate: "2025-02-01", courseId, formations, points };
}

describe("historyEntryPoints", () => {
  it.each<[string, HistoryFormation[], number | null, CoursePoints, number]>([
    ["no formations, entry points", [], 10, 99, 10],
    ["no formations, course points", [], null, 7, 7],
    ["nothing at all", [], null, null, 0],
    ["course points undefined", [], null, undefined, 0],
    ["entry points of 0 win over course points", [], 0, 7, 0],
    ["one formation", [{ initialScore: 12, finalScore: 18 }], 5, null, 35],
    ["scores rounded one by one", [{ initialScore: 12.5, finalScore: 18.4 }], null, 0, 31],
    ["rounding is per score, not on the sum", [{ initialScore: 0.4, finalScore: 0.4 }], null, 0, 0],
    ["null scores count 0", [{ initialScore: null, finalScore: 15.6 }], null, 4, 20],
    ["both scores null", [{ initialScore: null, finalScore: null }], null, 4, 4],
    [
      "several formations",
      [
        { initialScore: 10, finalScore: 20 },
        { initialScore: 5.5, finalScore: 7.49 },
      ],
      3,
      50,
      46,
    ],
  ])("%s", (_label, formations, points, coursePoints, expected) => {
    expect(historyEntryPoints({ formations, points }, coursePoints)).toBe(expected);
  });
});

describe("totalPoints", () => {
  const history = [entry(1, [{ initialScore: 10, finalScore: 20 }], null), entry(2, [], 15), entry(3, [{ initialScore: 2.5, finalScore: null }], null)];

  it.each<[string, HistoryEntry[], Record<string, CoursePoints>, number]>([
    ["empty history", [], { 1: 100 }, 0],
    ["course points by id", history, { 1: 5, 2: 100, 3: 8 }, 35 + 15 + 11],
    ["missing course points count 0", history, {}, 30 + 15 + 3],
  ])("%s", (_label, entries, coursePoints, expected) => {
    expect(totalPoints(entries, coursePoints)).toBe(expected);
  });
});

describe("points follow the pass rules (ADR 0107)", () => {
  const formations = [{ initialScore: 50, finalScore: 0 }];

  it("a failed training earns no points, neither scores nor the course's", () => {
    expect(historyEntryPoints({ formations, points: null, outcome: "failed" }, 30)).toBe(0);
    expect(historyEntryPoints({ formations, points: 40, outcome: "failed" }, 30)).toBe(0);
  });

  it("a pass, a participation or an entry older than the rules earns the usual points", () => {
    for (const outcome of ["achieved", "participated", null, undefined] as const) {
      expect(historyEntryPoints({ formations, points: null, outcome }, 30)).toBe(80);
    }
  });
});
