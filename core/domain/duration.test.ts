import { describe, expect, it } from "vitest";
import { formatDuration, parseDuration } from "./duration.ts";

describe("formatDuration", () => {
  it.each([
    [0, "0H00"],
    [1, "0H01"],
    [45, "0H45"],
    [59, "0H59"],
    [60, "1H00"],
    [90, "1H30"],
    [125, "2H05"],
    [600, "10H00"],
    [6000, "100H00"],
    [89.6, "1H30"],
    [59.5, "1H00"],
  ])("%d -> %s", (minutes, text) => {
    expect(formatDuration(minutes)).toBe(text);
  });

  it.each([-1, -0.1, Number.NaN, Number.POSITIVE_INFINITY])("throws a RangeError for %d", (minutes) => {
    expect(() => formatDuration(minutes)).toThrow(RangeError);
  });
});

describe("parseDuration", () => {
  it.each([
    ["1H30", 90],
    ["0H45", 45],
    ["1H00", 60],
    ["10H00", 600],
    ["0H00", 0],
    ["2h05", 125],
    [" 1H30 ", 90],
    ["1H", null],
    ["1H5", null],
    ["1H60", null],
    ["H30", null],
    ["-1H30", null],
    ["1H300", null],
    ["1:30", null],
    ["", null],
  ])("%j -> %s", (text, minutes) => {
    expect(parseDuration(text)).toBe(minutes);
  });

  it.each([0, 1, 45, 90, 600, 6000])("round-trips %d", (minutes) => {
    expect(parseDuration(formatDuration(minutes))).toBe(minutes);
  });
});
