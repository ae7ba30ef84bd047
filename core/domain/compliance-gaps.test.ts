import { describe, expect, it } from "vitest";
import { filterQuery, formatCredits, gapFilters, gapMessage, roundCredits } from "./compliance-gaps.ts";

describe("gapMessage", () => {
  it("names the one DPC type missing, or says any of several", () => {
    expect(gapMessage({ code: "dpcActionOfType", count: 1, anyOf: ["risk_management"] })).toEqual({
      key: "gaps.dpcActionOfType.risk_management",
      values: { count: 1 },
    });
    expect(gapMessage({ code: "dpcActionOfType", count: 2, anyOf: ["training", "practice_analysis", "risk_management"] })).toEqual({
      key: "gaps.dpcActionOfAnyType",
      values: { count: 2 },
    });
  });

  it("gives the axis and the credits, rounded to one decimal", () => {
    expect(gapMessage({ code: "certificationAxis", axis: 3, count: 2 })).toEqual({ key: "gaps.certificationAxis", values: { count: 2, axis: 3 } });
    expect(gapMessage({ code: "belgiumPharmaceuticalCredits", credits: 7.999999 })).toEqual({
      key: "gaps.belgiumPharmaceuticalCredits",
      values: { credits: "8" },
    });
    expect(gapMessage({ code: "rcfCredits", credits: 5.5 }, "es-ES")).toEqual({ key: "gaps.rcfCredits", values: { credits: "5,5" } });
    expect(roundCredits(2.25)).toBe(2.3);
  });
});

describe("gapFilters", () => {
  it("lists one catalogue filter per missing DPC type", () => {
    expect(gapFilters({ code: "dpcActionOfType", count: 1, anyOf: ["practice_analysis", "risk_management"] }).map(filterQuery)).toEqual([
      "?dpcType=practice_analysis",
      "?dpcType=risk_management",
    ]);
  });

  it("sends orientation, axis, Belgian and RCF gaps to their filters", () => {
    expect(gapFilters({ code: "dpcPriorityOrientation", count: 1 }).map(filterQuery)).toEqual(["?orientation=1"]);
    expect(gapFilters({ code: "certificationAxis", axis: 2, count: 1 }).map(filterQuery)).toEqual(["?axis=2"]);
    expect(gapFilters({ code: "belgiumCredits", credits: 10 }).map(filterQuery)).toEqual([
      "?category=pharmaceutical_sciences",
      "?category=pharmaceutical_care",
    ]);
    expect(gapFilters({ code: "rcfCredits", credits: 4 }).map(filterQuery)).toEqual(["?rcf=1"]);
  });
});

describe("formatCredits", () => {
  it("writes decimals the user's way, at most one", () => {
    expect(formatCredits(7.25, "fr-FR")).toBe("7,3");
    expect(formatCredits(24, "es-ES")).toBe("24");
  });
});
