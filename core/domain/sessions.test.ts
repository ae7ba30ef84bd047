import { describe, expect, it } from "vitest";
import { isSessionFull, seatsAvailable, sortSessions, sortSessionsByDate, type FaceToFaceSession } from "./sessions.ts";

function session(id: number, city: string, startDate: string, extra: Partial<FaceToFaceSession> = {}): FaceToFaceSession {
  return {
    id,
    name: `Session ${id}`,
    city,
    marketingCity: null,
    postalCode: "75001",
    startDate,
    startTime: "09:00",
    endTime: "17:00",
    maxParticipants: 12,
    currentParticipants: 0,
    multiDates: false,
    sessionDates: [],
    ...extra,
  };
}

describe("seatsAvailable and isSessionFull", () => {
  it.each([
    [12, 0, 12, false],
    [12, 11, 1, false],
    [12, 12, 0, true],
    [12, 15, 0, true],
    [0, 0, 0, true],
  ])("max %i, current %i -> %i seats, full %s", (maxParticipants, currentParticipants, seats, full) => {
    expect(seatsAvailable({ maxParticipants, currentParticipants })).toBe(seats);
    expect(isSessionFull({ maxParticipants, currentParticipants })).toBe(full);
  });
});

const ids = (sessions: readonly FaceToFaceSession[]) => sessions.map((s) => s.id);

describe("sortSessions", () => {
  it.each<[string, FaceToFaceSession[], boolean, number[]]>([
    [
      "by date for a virtual class, whatever the cities",
      [session(1, "Lyon", "2025-05-02"), session(2, "Dijon", "2025-06-01"), session(3, "Évry", "2025-04-10")],
      true,
      [3, 1, 2],
    ],
    [
      "by date then start time in a single city",
      [session(1, "Lyon", "2025-05-02", { startTime: "14:00" }), session(2, "lyon", "2025-03-01"), session(3, "Lyon", "2025-05-02", { startTime: "09:30" })],
      false,
      [2, 3, 1],
    ],
    [
      "by city with accents collated as base letters",
      [session(1, "Lyon", "2025-01-01"), session(2, "Évry", "2025-02-01"), session(3, "Dijon", "2025-03-01")],
      false,
      [3, 2, 1],
    ],
    [
      "by city with numbers in numeric order",
      [session(1, "Paris 10", "2025-01-01"), session(2, "Paris 2", "2025-02-01"), session(3, "Paris 1", "2025-03-01")],
      false,
      [3, 2, 1],
    ],
    [
      "by marketing city when there is one, city otherwise",
      [
        session(1, "Villeurbanne", "2025-01-01", { marketingCity: "Lyon" }),
        session(2, "Marseille", "2025-01-01"),
        session(3, "Boulogne-Billancourt", "2025-01-01", { marketingCity: "Paris" }),
        session(4, "Angers", "2025-01-01", { marketingCity: "" }),
      ],
      false,
      [4, 1, 2, 3],
    ],
    [
      "ties on city ordered by date",
      [
        session(1, "Évry", "2025-09-01"),
        session(2, "Nantes", "2025-01-01"),
        session(3, "evry", "2025-02-01"),
        session(4, "Évry", "2025-02-01", { startTime: "08:00" }),
      ],
      false,
      [4, 3, 1, 2],
    ],
    [
      "same marketing city in different cities counts as same city",
      [
        session(1, "Villeurbanne", "2025-03-01", { marketingCity: "Lyon" }),
        session(2, "Lyon", "2025-01-01"),
        session(3, "Bron", "2025-02-01", { marketingCity: "Lyon" }),
      ],
      false,
      [2, 3, 1],
    ],
    ["an empty list", [], false, []],
  ])("%s", (_label, sessions, virtualClass, expected) => {
    expect(ids(sortSessions(sessions, { virtualClass }))).toEqual(expected);
  });

  it("does not change its input", () => {
    const input = [session(1, "Lyon", "2025-05-02"), session(2, "Dijon", "2025-06-01")];
    sortSessions(input, { virtualClass: false });
    expect(ids(input)).toEqual([1, 2]);
  });
});

describe("sortSessionsByDate (the shop's order, ADR 0115)", () => {
  it("sorts by date then start time, never by city", () => {
    const sessions = [
      session(1, "Annecy", "2027-05-02"),
      session(2, "Zurich", "2027-03-01", { startTime: "14:00" }),
      session(3, "Bordeaux", "2027-03-01", { startTime: "09:00" }),
      session(4, "Lyon", "2027-01-15", { marketingCity: "Aix" }),
    ];
    expect(ids(sortSessionsByDate(sessions))).toEqual([4, 3, 2, 1]);
    expect(ids(sessions)).toEqual([1, 2, 3, 4]);
  });
});
