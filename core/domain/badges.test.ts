import { describe, expect, it } from "vitest";
import { BADGE_CODES, earnedBadges, mostFinishedInOneMonth, newBadges, type BadgeCode, type BadgeFacts } from "./badges.ts";

const none: BadgeFacts = { finishedAt: [], totalPoints: 0, bestPostTestScore: null, dpcFinished: 0 };
const day = (iso: string) => new Date(iso);

describe("earnedBadges", () => {
  it.each<[string, Partial<BadgeFacts>, BadgeCode[]]>([
    ["nothing yet", {}, []],
    ["one finished training", { finishedAt: [day("2025-01-10T10:00:00Z")] }, ["firstTraining"]],
    [
      "four trainings in different months",
      { finishedAt: ["2025-01-10", "2025-02-10", "2025-03-10", "2025-04-10"].map((d) => day(`${d}T10:00:00Z`)) },
      ["firstTraining"],
    ],
    [
      "five trainings, three of them in March",
      { finishedAt: ["2025-01-10", "2025-02-10", "2025-03-01", "2025-03-15", "2025-03-31"].map((d) => day(`${d}T10:00:00Z`)) },
      ["firstTraining", "fiveTrainings", "threeInAMonth"],
    ],
    ["99 points", { totalPoints: 99 }, []],
    ["100 points", { totalPoints: 100 }, ["hundredPoints"]],
    ["post-test 99", { bestPostTestScore: 99 }, []],
    ["post-test 100", { bestPostTestScore: 100 }, ["perfectScore"]],
    ["a DPC finished", { dpcFinished: 1, finishedAt: [day("2025-05-01T10:00:00Z")] }, ["firstTraining", "dpcCompleted"]],
  ])("%s", (_, facts, expected) => {
    expect(earnedBadges({ ...none, ...facts })).toEqual(expected);
  });

  it("gives codes in the catalogue order", () => {
    const all: BadgeFacts = {
      finishedAt: Array.from({ length: 5 }, () => day("2025-06-10T10:00:00Z")),
      totalPoints: 500,
      bestPostTestScore: 100,
      dpcFinished: 2,
    };
    expect(earnedBadges(all)).toEqual([...BADGE_CODES]);
  });
});

describe("mostFinishedInOneMonth", () => {
  it("reads months in Paris time: 31 Jan 23:30 UTC is already February", () => {
    const dates = [day("2025-01-31T23:30:00Z"), day("2025-02-10T10:00:00Z"), day("2025-02-20T10:00:00Z")];
    expect(mostFinishedInOneMonth(dates)).toBe(3);
    expect(mostFinishedInOneMonth(dates, "UTC")).toBe(2);
  });

  it("is 0 without dates", () => expect(mostFinishedInOneMonth([])).toBe(0));
});

describe("newBadges", () => {
  it("leaves out the badges already awarded", () => {
    const facts = { ...none, finishedAt: [day("2025-01-10T10:00:00Z")], totalPoints: 150 };
    expect(newBadges(facts, ["firstTraining"])).toEqual(["hundredPoints"]);
    expect(newBadges(facts, ["firstTraining", "hundredPoints"])).toEqual([]);
  });
});
