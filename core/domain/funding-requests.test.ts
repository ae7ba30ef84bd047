import { describe, expect, it } from "vitest";
import {
  allowedFundingActions,
  canChangeFundingSession,
  FUNDING_ACTIONS,
  FUNDING_STATES,
  fundingRequestRefusal,
  invoicedPayers,
  isFinalFundingState,
  nextFundingState,
  payerShares,
  schemeOfOrganisation,
  type FundingAction,
  type FundingState,
} from "./funding-requests.ts";

describe("funding-request transitions (ADR 0055)", () => {
  const allowed: [FundingState, FundingAction, FundingState][] = [
    ["creation", "submit", "in_progress"],
    ["in_progress", "reopen", "creation"],
    ["in_progress", "fund", "financing"],
    ["financing", "report", "report"],
    ["report", "reimburse", "reimbursement"],
  ];

  it.each(allowed)("%s --%s--> %s", (from, action, to) => {
    expect(nextFundingState(from, action)).toBe(to);
  });

  // Every other (state, action) pair is refused: the whole table, so an added transition must be added above.
  const refused = FUNDING_STATES.flatMap((from) =>
    FUNDING_ACTIONS.filter((action) => !allowed.some(([f, a]) => f === from && a === action)).map((action) => [from, action] as const),
  );
  it.each(refused)("%s --%s--> refused", (from, action) => {
    expect(nextFundingState(from, action)).toBeNull();
  });

  it("has 20 refused pairs (5 states x 5 actions - 5 allowed)", () => {
    expect(refused).toHaveLength(20);
  });

  it("walks from creation to reimbursement in four steps", () => {
    let state: FundingState = "creation";
    for (const action of ["submit", "fund", "report", "reimburse"] as const) state = nextFundingState(state, action) ?? state;
    expect(state).toBe("reimbursement");
    expect(isFinalFundingState(state)).toBe(true);
  });

  it.each<[FundingState, FundingAction[], boolean]>([
    ["creation", ["submit"], true],
    ["in_progress", ["reopen", "fund"], true],
    ["financing", ["report"], false],
    ["report", ["reimburse"], false],
    ["reimbursement", [], false],
  ])("%s offers %j; session change allowed: %s", (state, actions, sessionChange) => {
    expect(allowedFundingActions(state)).toEqual(actions);
    expect(canChangeFundingSession(state)).toBe(sessionChange);
  });
});

describe("schemes and payers (ADR 0056)", () => {
  it.each([
    ["ANDPC", "dpc"],
    ["OPCO EP", "opco"],
    ["FIF PL", "fifpl"],
    [" fundae ", "fundae"],
    ["CP 313", "sector"],
    ["Autre", null],
  ])("%s -> %s", (organisation, scheme) => {
    expect(schemeOfOrganisation(organisation)).toBe(scheme);
  });

  it("ANDPC and OPCO pay the whole cost: one payer", () => {
    expect(payerShares("dpc", 45_000, 420)).toEqual([{ payer: "funder", amountCents: 45_000 }]);
    expect(payerShares("opco", 12_345, 60)).toEqual([{ payer: "funder", amountCents: 12_345 }]);
  });

  it("FUNDAE pays módulo x hours, the pharmacy the rest (two invoices)", () => {
    // 7 h x 13 EUR = 91 EUR of a 250 EUR course
    expect(payerShares("fundae", 25_000, 420)).toEqual([
      { payer: "funder", amountCents: 9_100 },
      { payer: "pharmacy", amountCents: 15_900 },
    ]);
    // 20 h x 13 EUR = 260 EUR >= the 200 EUR course: FUNDAE alone
    expect(payerShares("fundae", 20_000, 1_200)).toEqual([{ payer: "funder", amountCents: 20_000 }]);
    // no hours: the pharmacy alone
    expect(payerShares("fundae", 5_000, 0)).toEqual([{ payer: "pharmacy", amountCents: 5_000 }]);
  });

  it("FIF PL pays up to its ceiling", () => {
    expect(payerShares("fifpl", 150_000, 600)).toEqual([
      { payer: "funder", amountCents: 100_000 },
      { payer: "pharmacy", amountCents: 50_000 },
    ]);
  });

  it("shares add up to the total, in whole cents", () => {
    for (const total of [0, 1, 999, 25_001]) {
      for (const minutes of [0, 1, 59, 61, 425]) {
        const shares = payerShares("fundae", total, minutes);
        expect(shares.reduce((sum, s) => sum + s.amountCents, 0)).toBe(total);
        for (const s of shares) expect(Number.isInteger(s.amountCents)).toBe(true);
      }
    }
  });

  it("refuses a negative or fractional total", () => {
    expect(() => payerShares("dpc", -1, 0)).toThrow(RangeError);
    expect(() => payerShares("dpc", 1.5, 0)).toThrow(RangeError);
  });
});

describe("who is invoiced (ADR 0103)", () => {
  it("DPC and OPCO: the funder for its share, the pharmacy for any rest", () => {
    expect(invoicedPayers("dpc", 45_000, 45_000)).toEqual([{ payer: "funder", amountCents: 45_000 }]);
    expect(invoicedPayers("opco", 12_345, 10_000)).toEqual([
      { payer: "funder", amountCents: 10_000 },
      { payer: "pharmacy", amountCents: 2_345 },
    ]);
    expect(invoicedPayers("fifpl", 150_000, 100_000)).toEqual([
      { payer: "funder", amountCents: 100_000 },
      { payer: "pharmacy", amountCents: 50_000 },
    ]);
  });

  it("FUNDAE pays no training body: the pharmacy is invoiced the whole cost, whatever its bonificación", () => {
    expect(invoicedPayers("fundae", 25_000, 9_100)).toEqual([{ payer: "pharmacy", amountCents: 25_000 }]);
    expect(invoicedPayers("fundae", 20_000, 20_000)).toEqual([{ payer: "pharmacy", amountCents: 20_000 }]);
  });

  it("nothing to invoice for a total of 0", () => {
    for (const scheme of ["dpc", "opco", "fifpl", "fundae", "sector"] as const) expect(invoicedPayers(scheme, 0, 0)).toEqual([]);
  });
});

describe("a request needs something to fund and a funder that pays (issue 28)", () => {
  it.each([
    [0, 0, "fundingFreeSession"],
    [10_000, 0, "fundingNothingFunded"],
    [10_000, 1, null],
    [10_000, 10_000, null],
  ] as const)("total %i, funded %i: %s", (total, funded, refusal) => {
    expect(fundingRequestRefusal(total, funded)).toBe(refusal);
  });

  it("the probe's case: ANDPC on a free webinar, and FUNDAE on a session without hours", () => {
    const funded = (scheme: "dpc" | "fundae", total: number, minutes: number) =>
      payerShares(scheme, total, minutes).find((s) => s.payer === "funder")?.amountCents ?? 0;
    expect(fundingRequestRefusal(0, funded("dpc", 0, 60))).toBe("fundingFreeSession");
    expect(fundingRequestRefusal(5_000, funded("fundae", 5_000, 0))).toBe("fundingNothingFunded");
  });
});
