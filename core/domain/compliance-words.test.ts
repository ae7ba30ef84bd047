import { describe, expect, test } from "vitest";
import { gapsWords, gapWords, numericDay, worstState } from "./compliance-words.ts";

/** A translator that shows which key and values were asked: the words' choice, not the texts, is tested here. */
const t = (key: string, values?: Record<string, string | number>) =>
  values
    ? `${key}(${Object.entries(values)
        .map(([k, v]) => `${k}=${v}`)
        .join(",")})`
    : key;

describe("compliance words", () => {
  test("the most pressing state: late, at risk, in progress, voluntary, met; none without obligation", () => {
    expect(worstState([{ state: "met" }, { state: "late" }, { state: "at_risk" }])).toBe("late");
    expect(worstState([{ state: "met" }, { state: "in_progress" }])).toBe("in_progress");
    expect(worstState([{ state: "voluntary" }, { state: "met" }])).toBe("voluntary");
    expect(worstState([])).toBeNull();
  });

  test("a day with digits in each language", () => {
    expect(numericDay("2028-12-31", "fr-FR")).toBe("31/12/2028");
    expect(numericDay("2028-12-31", "fr-BE")).toBe("31/12/2028");
    expect(numericDay("2028-12-31", "es-ES")).toBe("31/12/2028");
    expect(numericDay("not a day", "fr-FR")).toBe("not a day");
  });

  test("each gap asks its key with its count, types, axis or credits (credits in the locale's numbers)", () => {
    expect(gapWords({ code: "dpcActionOfType", count: 1, anyOf: ["practice_analysis", "risk_management"] }, t, "fr-FR")).toBe(
      "gaps.dpcActionOfType(count=1,types=dpcTypes.practice_analysisgaps.ordpcTypes.risk_management)",
    );
    expect(gapWords({ code: "dpcPriorityOrientation", count: 1 }, t, "fr-FR")).toBe("gaps.dpcPriorityOrientation(count=1)");
    expect(gapWords({ code: "certificationAxis", axis: 3, count: 2 }, t, "fr-FR")).toBe("gaps.certificationAxis(count=2,axis=3,name=axes.3)");
    expect(gapWords({ code: "belgiumCredits", credits: 12.5 }, t, "fr-BE")).toBe("gaps.belgiumCredits(credits=12,5)");
    expect(gapWords({ code: "rcfCredits", credits: 4 }, t, "es-ES")).toBe("gaps.rcfCredits(credits=4)");
    expect(gapsWords([], t, "fr-FR")).toBe("");
    expect(
      gapsWords(
        [
          { code: "dpcPriorityOrientation", count: 1 },
          { code: "belgiumPharmaceuticalCredits", credits: 3 },
        ],
        t,
        "fr-FR",
      ),
    ).toBe("gaps.dpcPriorityOrientation(count=1); gaps.belgiumPharmaceuticalCredits(credits=3)");
  });
});
