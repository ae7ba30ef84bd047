import { describe, expect, test } from "vitest";
import { enrolmentProgress, isFailed, isFinished, oneAttestationPerTraining, productSeats } from "./team-figures.ts";
import { memberProgress } from "./team-progress.ts";

describe("finished (ADR 0112)", () => {
  test.each([
    ["finished", null, true],
    ["finished", "achieved", true],
    ["finished", "participated", true],
    ["finished", "failed", false],
    ["in_progress", null, false],
    ["pending", null, false],
    ["waiting_list", null, false],
    ["cancelled", "achieved", false],
  ])("status %s, outcome %s: finished %s", (status, outcome, finished) => {
    expect(isFinished({ status, outcome })).toBe(finished);
    expect(isFailed({ status, outcome })).toBe(status === "finished" && outcome === "failed");
  });

  test("a failed training counts at its steps' progress, a finished one at 100 %, in the member's progress too", () => {
    expect(enrolmentProgress({ status: "finished", progressPercent: 40, outcome: "achieved" })).toBe(100);
    expect(enrolmentProgress({ status: "finished", progressPercent: 80, outcome: "failed" })).toBe(80);
    expect(enrolmentProgress({ status: "in_progress", progressPercent: 130 })).toBe(100);
    expect(enrolmentProgress({ status: "in_progress", progressPercent: Number.NaN })).toBe(0);
    // One achieved (100), one failed at 80 %, one at 30 %: (100 + 80 + 30) / 3 = 70.
    expect(
      memberProgress([
        { status: "finished", progressPercent: 100, outcome: "achieved" },
        { status: "finished", progressPercent: 80, outcome: "failed" },
        { status: "in_progress", progressPercent: 30 },
        { status: "cancelled", progressPercent: 0 },
      ]),
    ).toBe(70);
  });
});

describe("attestation: once per training, whatever its type", () => {
  test("a DPC programme's two documents are one attestation, its DPC one; other trainings keep theirs, in order", () => {
    const rows = [
      { id: 1, userId: 7, trainingId: 10, kind: "training" },
      { id: 2, userId: 7, trainingId: 11, kind: "training" },
      { id: 3, userId: 7, trainingId: 10, kind: "dpc" },
      { id: 4, userId: 8, trainingId: 10, kind: "training" },
    ];
    expect(oneAttestationPerTraining(rows).map((r) => r.id)).toEqual([3, 2, 4]);
    expect(oneAttestationPerTraining([...rows].reverse()).map((r) => r.id)).toEqual([4, 3, 2]);
    expect(oneAttestationPerTraining([])).toEqual([]);
  });
});

describe("bought, attributed, remaining", () => {
  test.each([
    [1, 0, { bought: 1, attributed: 0, remaining: 1 }],
    [3, 2, { bought: 3, attributed: 2, remaining: 1 }],
    [2, 2, { bought: 2, attributed: 2, remaining: 0 }],
    // More enrolments than seats bought (one came another way): never more attributed than bought.
    [1, 2, { bought: 1, attributed: 1, remaining: 0 }],
    [0, 3, { bought: 0, attributed: 0, remaining: 0 }],
    [2, -1, { bought: 2, attributed: 0, remaining: 2 }],
  ])("bought %i, enrolled %i", (bought, enrolled, seats) => {
    const figures = productSeats(bought, enrolled);
    expect(figures).toEqual(seats);
    expect(figures.attributed + figures.remaining).toBe(figures.bought);
  });
});
