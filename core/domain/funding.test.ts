import { describe, expect, it } from "vitest";
import { fundingLabel, type FundingLabelOptions } from "./funding.ts";

describe("fundingLabel", () => {
  it.each<[string, FundingLabelOptions | undefined, string]>([
    ["BONIFICABLE", undefined, "FUNDAE"],
    ["BONIFICABLE", {}, "FUNDAE"],
    ["bonificable", {}, "FUNDAE"],
    [" BONIFICABLE ", {}, "FUNDAE"],
    ["BONIFICABLE", { original: true }, "BONIFICABLE"],
    ["bonificable", { original: true }, "bonificable"],
    ["BONIFICABLE", { hasCredits: true }, "BONIFICABLE"],
    ["BONIFICABLE", { original: true, hasCredits: true }, "BONIFICABLE"],
    ["FUNDAE", {}, "FUNDAE"],
    ["FUNDAE", { hasCredits: true }, "BONIFICABLE"],
    ["Fundae", { hasCredits: true }, "BONIFICABLE"],
    ["FUNDAE", { original: true, hasCredits: true }, "BONIFICABLE"],
    ["FUNDAE", { hasCredits: false }, "FUNDAE"],
    ["DPC", { hasCredits: true }, "DPC"],
    ["FIF PL", {}, "FIF PL"],
    ["OPCO EP", { original: true }, "OPCO EP"],
    ["NON BONIFICABLE", {}, "NON BONIFICABLE"],
    ["", {}, ""],
  ])("%j with %j -> %j", (name, options, label) => {
    expect(fundingLabel(name, options)).toBe(label);
  });
});
