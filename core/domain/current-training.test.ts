import { describe, expect, it } from "vitest";
import { pickCurrentTraining, type UserTraining } from "./current-training.ts";

type Named = UserTraining & { name: string };

const training = (name: string, type: string, ...startDates: string[]): Named => ({
  name,
  course: { id: name, type, points: 10 },
  sessions: startDates.map((startDate) => ({ startDate })),
});

// 2025-06-15 at 12:00 in Paris.
const now = new Date("2025-06-15T10:00:00Z");

describe("pickCurrentTraining", () => {
  it.each<[string, Named[], string | null]>([
    ["no trainings", [], null],
    ["the first training", [training("a", "formation"), training("b", "dpc", "2025-01-01")], "a"],
    ["a non-dpc training with a future session", [training("a", "mixt", "2025-09-01"), training("b", "formation")], "a"],
    ["skips a dpc starting later", [training("a", "dpc", "2025-09-01"), training("b", "formation")], "b"],
    ["a dpc that started", [training("a", "dpc", "2025-06-01"), training("b", "formation")], "a"],
    ["a dpc starting today", [training("a", "dpc", "2025-06-15"), training("b", "formation")], "a"],
    ["a dpc starting tomorrow", [training("a", "dpc", "2025-06-16"), training("b", "formation")], "b"],
    ["earliest session decides", [training("a", "dpc", "2025-09-01", "2025-05-01"), training("b", "mixt")], "a"],
    ["all sessions in the future", [training("a", "dpc", "2025-09-01", "2025-07-01"), training("b", "mixt")], "b"],
    ["a dpc without sessions", [training("a", "dpc"), training("b", "formation")], "a"],
    ["a dpc with an unreadable date", [training("a", "dpc", "soon"), training("b", "formation")], "a"],
    ["only future dpc trainings", [training("a", "dpc", "2026-01-01"), training("b", "dpc", "2025-12-01")], null],
    ["date-time later today", [training("a", "dpc", "2025-06-15T14:00:00Z"), training("b", "formation")], "b"],
    ["date-time earlier today", [training("a", "dpc", "2025-06-15T08:00:00+02:00"), training("b", "formation")], "a"],
  ])("%s", (_label, trainings, expected) => {
    expect(pickCurrentTraining(trainings, now)?.name ?? null).toBe(expected);
  });
});
