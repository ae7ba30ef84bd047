import { describe, expect, test } from "vitest";
import { exportPercent, exportSteps, isStaleExport, EXPORT_STALE_MS } from "./export-progress.ts";

describe("export progress (ADR 0076)", () => {
  test("percent rounds down, so 100 only when every row is written", () => {
    expect(exportPercent(0, 250)).toBe(0);
    expect(exportPercent(100, 250)).toBe(40);
    expect(exportPercent(249, 250)).toBe(99);
    expect(exportPercent(250, 250)).toBe(100);
    expect(exportPercent(1, 3)).toBe(33);
    expect(exportPercent(2, 3)).toBe(66);
  });

  test("out-of-range counts are clamped; an empty export is 0 while running and 100 once done", () => {
    expect(exportPercent(-5, 10)).toBe(0);
    expect(exportPercent(12, 10)).toBe(100);
    expect(exportPercent(0, 0)).toBe(0);
    expect(exportPercent(0, 0, true)).toBe(100);
  });

  test("steps cover every row once, in order, the last one shorter", () => {
    expect(exportSteps(0)).toEqual([]);
    expect(exportSteps(5, 2)).toEqual([
      [0, 2],
      [2, 4],
      [4, 5],
    ]);
    expect(exportSteps(100, 100)).toEqual([[0, 100]]);
    const steps = exportSteps(1234, 100);
    expect(steps).toHaveLength(13);
    expect(steps.reduce((n, [a, b]) => n + (b - a), 0)).toBe(1234);
    expect(() => exportSteps(10, 0)).toThrow(RangeError);
  });

  test("a running export is stale only after the limit", () => {
    const at = new Date("2026-11-25T10:00:00Z");
    expect(isStaleExport(at, new Date(at.getTime() + EXPORT_STALE_MS))).toBe(false);
    expect(isStaleExport(at, new Date(at.getTime() + EXPORT_STALE_MS + 1))).toBe(true);
  });
});
