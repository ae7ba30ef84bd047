import { describe, expect, it } from "vitest";
import { birthDateProblem, latestBirthDate, type BirthDateProblem } from "./birth-date.ts";

describe("birthDateProblem", () => {
  it.each<[string, string, BirthDateProblem | null]>([
    ["a plausible adult", "1985-04-12", null],
    ["the last day before the 16th birthday is too young", "2009-06-16", "tooYoung"],
    ["16 years old today", "2009-06-15", null],
    ["tomorrow", "2025-06-16", "future"],
    ["far in the future", "2099-01-01", "future"],
    ["today", "2025-06-15", "tooYoung"],
    ["before 1900", "1899-12-31", "tooOld"],
    ["1 January 1900", "1900-01-01", null],
    ["not a calendar day", "1990-02-30", "invalid"],
    ["not a date", "12/04/1985", "invalid"],
  ])("%s (%s)", (_label, value, expected) => {
    expect(birthDateProblem(value, "2025-06-15")).toBe(expected);
  });
});

describe("latestBirthDate", () => {
  it("is the same day 16 years earlier", () => expect(latestBirthDate("2025-06-15")).toBe("2009-06-15"));
  it("keeps 29 February when 16 years earlier is a leap year too", () => expect(latestBirthDate("2024-02-29")).toBe("2008-02-29"));
  it("falls back to 28 February when 16 years earlier has no 29 February", () => expect(latestBirthDate("2116-02-29")).toBe("2100-02-28"));
});
