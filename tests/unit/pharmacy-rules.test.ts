import { describe, expect, test } from "vitest";
import { dpcHoursMeter, DPC_YEARLY_CAP_MINUTES } from "#core/domain/dpc-hours.ts";
import { knowledgeGain } from "#core/domain/knowledge-gain.ts";
import { memberProgress, teamProgress } from "#core/domain/team-progress.ts";
import { contractYearEnd, nextContractProduct } from "#core/domain/contract-products.ts";
import { canChangeTeamAccess, teamAccessRefusal } from "#core/domain/permissions.ts";

describe("DPC hours meter (18 h a year, actions of 3 h or more)", () => {
  test.each([
    { name: "nothing", actions: [], counted: 0, status: "none", short: 0 },
    { name: "a 2 h action does not count", actions: [{ minutes: 120, finishedOn: "2026-03-01" }], counted: 0, status: "none", short: 1 },
    { name: "exactly 3 h counts", actions: [{ minutes: 180, finishedOn: "2026-03-01" }], counted: 180, status: "partial", short: 0 },
    {
      name: "other years are left out",
      actions: [
        { minutes: 600, finishedOn: "2025-12-31" },
        { minutes: 240, finishedOn: "2026-01-01" },
      ],
      counted: 240,
      status: "partial",
      short: 0,
    },
    {
      name: "capped at 18 h",
      actions: [
        { minutes: 600, finishedOn: "2026-02-01" },
        { minutes: 600, finishedOn: "2026-05-01" },
      ],
      counted: DPC_YEARLY_CAP_MINUTES,
      status: "full",
      short: 0,
    },
    {
      name: "a zero or broken duration is ignored",
      actions: [
        { minutes: 0, finishedOn: "2026-02-01" },
        { minutes: Number.NaN, finishedOn: "2026-02-01" },
      ],
      counted: 0,
      status: "none",
      short: 0,
    },
  ])("$name", ({ actions, counted, status, short }) => {
    const meter = dpcHoursMeter(actions, 2026);
    expect(meter.countedMinutes).toBe(counted);
    expect(meter.remainingMinutes).toBe(DPC_YEARLY_CAP_MINUTES - counted);
    expect(meter.status).toBe(status);
    expect(meter.shortActions).toBe(short);
    expect(meter.percent).toBe(Math.floor((counted * 100) / DPC_YEARLY_CAP_MINUTES));
  });

  test("eligible minutes keep what is over the cap", () => {
    expect(dpcHoursMeter([{ minutes: 1500, finishedOn: "2026-06-01" }], 2026)).toMatchObject({ eligibleMinutes: 1500, countedMinutes: 1080, percent: 100 });
  });
});

describe("knowledge gain from pre- and post-test scores", () => {
  test("null without a training that has both scores", () => {
    expect(knowledgeGain([])).toBeNull();
    expect(
      knowledgeGain([
        { initialScore: 40, finalScore: null },
        { initialScore: null, finalScore: 90 },
      ]),
    ).toBeNull();
  });
  test("the mean of the trainings with both scores, one decimal", () => {
    expect(
      knowledgeGain([
        { initialScore: 40, finalScore: 80 },
        { initialScore: 55.5, finalScore: 70 },
        { initialScore: 10, finalScore: null },
      ]),
    ).toEqual({
      trainings: 2,
      meanPre: 47.8,
      meanPost: 75,
      gain: 27.3,
    });
  });
  test("a loss is negative; scores out of 0-100 are ignored", () => {
    expect(
      knowledgeGain([
        { initialScore: 90, finalScore: 70 },
        { initialScore: 150, finalScore: 10 },
      ]),
    ).toEqual({ trainings: 1, meanPre: 90, meanPost: 70, gain: -20 });
  });
});

describe("progress", () => {
  test("a member's progress: finished counts 100, cancelled left out, rounded", () => {
    expect(memberProgress([])).toBe(0);
    expect(
      memberProgress([
        { status: "finished", progressPercent: 40 },
        { status: "in_progress", progressPercent: 33 },
      ]),
    ).toBe(67);
    expect(
      memberProgress([
        { status: "cancelled", progressPercent: 100 },
        { status: "pending", progressPercent: 0 },
      ]),
    ).toBe(0);
    expect(memberProgress([{ status: "in_progress", progressPercent: 250 }])).toBe(100);
  });
  test("the team's progress leaves out members without training", () => {
    expect(
      teamProgress([
        { progress: 50, trainings: 2 },
        { progress: 0, trainings: 0 },
        { progress: 75, trainings: 1 },
      ]),
    ).toBe(63);
    expect(teamProgress([])).toBe(0);
  });
});

describe("contract products", () => {
  test("the next product of the brand, none at the top or for an unknown product", () => {
    expect(nextContractProduct("fr", "Abonnement Essentiel")?.name).toBe("Abonnement Équipe");
    expect(nextContractProduct("fr", "Abonnement Groupement")).toBeNull();
    expect(nextContractProduct("es", "Unknown")).toBeNull();
  });
  test("a contract runs one year, leap days included", () => {
    expect(contractYearEnd("2026-11-25")).toBe("2027-11-24");
    expect(contractYearEnd("2024-02-29")).toBe("2025-02-28");
    expect(contractYearEnd("2026-01-01")).toBe("2026-12-31");
  });
});

describe("team access: who activates or deactivates a member (issue 28)", () => {
  const holder = { userId: 1, role: "holder" as const };
  const referent = { userId: 2, role: "referent" as const };
  const otherReferent = { userId: 3, role: "referent" as const };
  const learner = { userId: 4, role: "learner" as const };
  test.each([
    ["the holder deactivates a learner", holder, learner, false, null],
    ["the holder deactivates a referent", holder, referent, false, null],
    ["the holder activates a referent", holder, referent, true, null],
    ["a referent deactivates a learner", referent, learner, false, null],
    ["a referent activates a learner", referent, learner, true, null],
    ["a referent deactivates the holder", referent, holder, false, "teamHolderStaysActive"],
    ["the holder deactivates himself", holder, holder, false, "teamHolderStaysActive"],
    ["a referent activates a deactivated holder (the way back)", referent, holder, true, null],
    ["a referent deactivates another referent", referent, otherReferent, false, "teamOnlyHolderManagesReferents"],
    ["a referent activates another referent", referent, otherReferent, true, "teamOnlyHolderManagesReferents"],
    ["a referent deactivates himself", referent, referent, false, "teamCannotDeactivateSelf"],
  ] as const)("%s: %s", (_name, actor, member, isActive, refusal) => {
    expect(teamAccessRefusal(actor, member, isActive)).toBe(refusal);
  });

  test("the page offers the change only where the rule allows the other state", () => {
    expect(canChangeTeamAccess(referent, { ...holder, isActive: true })).toBe(false);
    expect(canChangeTeamAccess(holder, { ...holder, isActive: true })).toBe(false);
    expect(canChangeTeamAccess(referent, { ...otherReferent, isActive: true })).toBe(false);
    expect(canChangeTeamAccess(referent, { ...referent, isActive: true })).toBe(false);
    expect(canChangeTeamAccess(referent, { ...learner, isActive: true })).toBe(true);
    expect(canChangeTeamAccess(holder, { ...referent, isActive: false })).toBe(true);
    expect(canChangeTeamAccess(referent, { ...holder, isActive: false })).toBe(true);
  });
});
