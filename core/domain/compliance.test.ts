import { describe, expect, test } from "vitest";
import {
  belgianCredits,
  belgiumCf,
  certificationCycle,
  certificationPeriodique,
  complianceOf,
  dpcPeriod,
  dpcTriennial,
  spainRcf,
  type ComplianceAction,
} from "./compliance.ts";

/** A one-day action followed on the platform, achieved, unless told otherwise. */
function action(endDate: string, values: Partial<ComplianceAction> = {}): ComplianceAction {
  return { startDate: endDate, endDate, outcome: "achievement", source: "platform", hours: 7, elearning: false, ...values };
}

describe("DPC triennial rule", () => {
  test("periods are 3 calendar years from 2023", () => {
    expect(dpcPeriod("2023-01-01")).toEqual({ start: "2023-01-01", end: "2025-12-31" });
    expect(dpcPeriod("2025-12-31")).toEqual({ start: "2023-01-01", end: "2025-12-31" });
    expect(dpcPeriod("2026-01-01")).toEqual({ start: "2026-01-01", end: "2028-12-31" });
  });

  test("2 of the 3 types and 1 orientation prioritaire: met", () => {
    const status = dpcTriennial(
      [action("2026-03-10", { dpcTypes: ["training"], priorityOrientation: true }), action("2027-05-02", { dpcTypes: ["risk_management"] })],
      "2027-06-01",
    );
    expect(status).toMatchObject({ state: "met", gaps: [], deadline: "2028-12-31" });
    expect(status.figures).toMatchObject({ training: 1, risk_management: 1, practice_analysis: 0, priorityOrientation: 1 });
  });

  test("one type only: one action of either other type is missing, with the deadline", () => {
    const status = dpcTriennial([action("2026-03-10", { dpcTypes: ["training"], priorityOrientation: true })], "2026-06-01");
    expect(status.state).toBe("in_progress");
    expect(status.gaps).toEqual([{ code: "dpcActionOfType", count: 1, anyOf: ["practice_analysis", "risk_management"] }]);
  });

  test("nothing yet, 100 days before the deadline: at risk, two types and an orientation missing", () => {
    const status = dpcTriennial([], "2028-09-22");
    expect(status.state).toBe("at_risk");
    expect(status.gaps).toEqual([
      { code: "dpcActionOfType", count: 2, anyOf: ["training", "practice_analysis", "risk_management"] },
      { code: "dpcPriorityOrientation", count: 1 },
    ]);
  });

  test("period boundaries: an action ending on 31 December counts in its period, one ending on 1 January in the next", () => {
    const lastDay = action("2025-12-31", { dpcTypes: ["training"], priorityOrientation: true });
    const firstDay = action("2026-01-01", { dpcTypes: ["practice_analysis"] });
    expect(dpcTriennial([lastDay, firstDay], "2025-12-31").figures).toMatchObject({ training: 1, practice_analysis: 0 });
    expect(dpcTriennial([lastDay, firstDay], "2026-01-01").figures).toMatchObject({ training: 0, practice_analysis: 1 });
  });

  test("an action straddling two periods counts once, in the period where it ends", () => {
    const straddling = action("2026-01-02", { startDate: "2025-12-30", dpcTypes: ["risk_management"] });
    expect(dpcTriennial([straddling], "2025-12-31", { start: "2023-01-01", end: "2025-12-31" }).figures.risk_management).toBe(0);
    expect(dpcTriennial([straddling], "2026-02-01").figures.risk_management).toBe(1);
  });

  test("a failed attempt does not count; an attestation of participation does", () => {
    const failed = action("2026-03-10", { dpcTypes: ["training"], priorityOrientation: true, outcome: "failed" });
    const participation = action("2026-04-10", { dpcTypes: ["risk_management"], outcome: "participation" });
    const status = dpcTriennial([failed, participation], "2026-06-01");
    expect(status.figures).toMatchObject({ actions: 1, training: 0, risk_management: 1, priorityOrientation: 0 });
  });

  test("an action declared by the professional counts only once a referent has confirmed it", () => {
    const outside = { dpcTypes: ["practice_analysis" as const], priorityOrientation: true };
    const mine = action("2026-03-10", { dpcTypes: ["training"] });
    expect(dpcTriennial([mine, action("2026-04-01", { ...outside, source: "declared" })], "2026-06-01").state).toBe("in_progress");
    expect(dpcTriennial([mine, action("2026-04-01", { ...outside, source: "confirmed" })], "2026-06-01").state).toBe("met");
  });

  test("the CNP pathway: 3 actions, one training and one on risk, without an orientation prioritaire", () => {
    const actions = [
      action("2026-02-01", { dpcTypes: ["training"] }),
      action("2026-03-01", { dpcTypes: ["training"] }),
      action("2026-04-01", { dpcTypes: ["risk_management"] }),
    ];
    expect(dpcTriennial(actions, "2026-06-01").state).toBe("met");
    expect(dpcTriennial(actions.slice(0, 2), "2026-06-01").gaps).toContainEqual({ code: "dpcPriorityOrientation", count: 1 });
  });
});

describe("certification périodique", () => {
  test("a professional already registered in 2023 has 9 years; then cycles of 6", () => {
    expect(certificationCycle("2026-11-30", "2010-05-01")).toEqual({ start: "2023-01-01", end: "2031-12-31" });
    expect(certificationCycle("2032-01-01", "2010-05-01")).toEqual({ start: "2032-01-01", end: "2037-12-31" });
  });

  test("one registered later has 6 years from their registration", () => {
    expect(certificationCycle("2026-11-30", "2024-09-15")).toEqual({ start: "2024-09-15", end: "2030-09-14" });
  });

  test("2 actions per axis: what each axis still needs", () => {
    const actions = [action("2024-01-10", { axes: [1, 2] }), action("2025-01-10", { axes: [1] }), action("2025-06-10", { axes: [3], outcome: "failed" })];
    const status = certificationPeriodique(actions, "2026-11-30", "2010-05-01");
    expect(status.figures).toEqual({ axis1: 2, axis2: 1, axis3: 0, axis4: 0 });
    expect(status.gaps).toEqual([
      { code: "certificationAxis", axis: 2, count: 1 },
      { code: "certificationAxis", axis: 3, count: 2 },
      { code: "certificationAxis", axis: 4, count: 2 },
    ]);
    expect(status.state).toBe("in_progress");
  });
});

describe("Belgium: continuing-education credits", () => {
  test("2 points an hour in pharmaceutical sciences or care, 1 in health and society, 6 hours a day at most", () => {
    expect(belgianCredits(action("2026-03-10", { hours: 3, belgianCategory: "pharmaceutical_care" }))).toBe(6);
    expect(belgianCredits(action("2026-03-10", { hours: 3, belgianCategory: "health_society" }))).toBe(3);
    expect(belgianCredits(action("2026-03-10", { hours: 8, belgianCategory: "pharmaceutical_sciences" }))).toBe(12);
    expect(belgianCredits(action("2026-03-11", { startDate: "2026-03-10", hours: 8, belgianCategory: "pharmaceutical_sciences" }))).toBe(16);
  });

  test("20 a year over 3 years, 16 of them pharmaceutical: met with 60 and 48", () => {
    const year = (y: number) => [
      action(`${y}-03-10`, { hours: 6, belgianCategory: "pharmaceutical_care" }),
      action(`${y}-04-10`, { hours: 2, belgianCategory: "pharmaceutical_sciences" }),
      action(`${y}-05-10`, { hours: 4, belgianCategory: "health_society" }),
    ];
    const status = belgiumCf([...year(2024), ...year(2025), ...year(2026)], "2026-11-30");
    expect(status.figures).toEqual({ credits: 60, pharmaceutical: 48 });
    expect(status.state).toBe("met");
  });

  test("e-learning counts for 8 credits a year at most", () => {
    const elearning = [2024, 2025, 2026].map((y) =>
      action(`${y}-02-01`, { hours: 10, belgianCategory: "pharmaceutical_care", elearning: true, startDate: `${y}-01-01` }),
    );
    const status = belgiumCf(elearning, "2026-11-30");
    expect(status.figures).toEqual({ credits: 24, pharmaceutical: 24 });
    expect(status.gaps).toEqual([
      { code: "belgiumCredits", credits: 36 },
      { code: "belgiumPharmaceuticalCredits", credits: 24 },
    ]);
  });

  test("the window is the 3 calendar years ending this one: an older action no longer counts", () => {
    const old = action("2023-12-31", { hours: 6, belgianCategory: "pharmaceutical_care" });
    expect(belgiumCf([old], "2025-06-01").figures.credits).toBe(12);
    expect(belgiumCf([old], "2026-01-01").figures.credits).toBe(0);
  });
});

describe("Spain: RCF credits", () => {
  test("voluntary: the year's credits as progress; a participation without the evaluation passed gives none", () => {
    const status = spainRcf(
      [action("2026-02-01", { rcfCredits: 4 }), action("2026-03-01", { rcfCredits: 3, outcome: "participation" }), action("2025-12-31", { rcfCredits: 5 })],
      "2026-11-30",
    );
    expect(status).toMatchObject({ state: "voluntary", figures: { credits: 4 }, gaps: [{ code: "rcfCredits", credits: 6 }] });
  });
});

describe("which obligations apply", () => {
  const today = "2026-11-30";
  test("a French pharmacist: DPC and certification périodique; a preparer: DPC only; Belgium and Spain their own", () => {
    const names = (country: "FR" | "BE" | "ES", profession: "pharmacist" | "preparer") =>
      complianceOf({ country, profession, registeredOn: "2010-01-01" }, [], today)
        .filter((status) => status.state !== "late")
        .map((status) => status.obligation);
    expect(names("FR", "pharmacist")).toEqual(["dpcTriennial", "certificationPeriodique"]);
    expect(names("FR", "preparer")).toEqual(["dpcTriennial"]);
    expect(names("BE", "pharmacist")).toEqual(["belgiumCf"]);
    expect(names("ES", "pharmacist")).toEqual(["spainRcf"]);
    expect(names("BE", "preparer")).toEqual([]);
  });

  test("a period that ended unmet is listed first, late; one that ended met is not listed", () => {
    const unmet = complianceOf({ country: "FR", profession: "preparer", registeredOn: "2010-01-01" }, [], today);
    expect(unmet.map((status) => [status.periodStart, status.state])).toEqual([
      ["2023-01-01", "late"],
      ["2026-01-01", "in_progress"],
    ]);
    const previousMet = [action("2024-01-10", { dpcTypes: ["training"], priorityOrientation: true }), action("2025-01-10", { dpcTypes: ["risk_management"] })];
    const met = complianceOf({ country: "FR", profession: "preparer", registeredOn: "2010-01-01" }, previousMet, today);
    expect(met.map((status) => [status.periodStart, status.state])).toEqual([["2026-01-01", "in_progress"]]);
  });
});
