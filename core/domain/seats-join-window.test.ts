import { describe, expect, it } from "vitest";
import { joinState, joinWindow, zonedTimeToInstant } from "./seats-join-window.ts";

describe("zonedTimeToInstant", () => {
  it.each([
    ["2025-06-15", "14:00", "2025-06-15T12:00:00.000Z"],
    ["2025-01-15", "14:00", "2025-01-15T13:00:00.000Z"],
    ["2025-03-30", "09:30:00", "2025-03-30T07:30:00.000Z"],
    ["2025-10-26", "09:30", "2025-10-26T08:30:00.000Z"],
    ["2025-12-31", "23:59", "2025-12-31T22:59:00.000Z"],
  ])("%s %s in Paris -> %s", (day, time, expected) => {
    expect(zonedTimeToInstant(day, time).toISOString()).toBe(expected);
  });
});

describe("joinWindow and joinState", () => {
  const window = joinWindow({ day: "2025-06-15", startTime: "14:00", endTime: "17:30" });

  it("opens 15 minutes before start and closes at the end time, Paris time", () => {
    expect(window.opensAt.toISOString()).toBe("2025-06-15T11:45:00.000Z");
    expect(window.closesAt.toISOString()).toBe("2025-06-15T15:30:00.000Z");
  });

  it.each([
    ["2025-06-15T11:44:59Z", "early"],
    ["2025-06-15T11:45:00Z", "open"],
    ["2025-06-15T13:00:00Z", "open"],
    ["2025-06-15T15:30:00Z", "open"],
    ["2025-06-15T15:30:01Z", "closed"],
    ["2025-06-14T12:00:00Z", "early"],
  ])("at %s -> %s", (instant, expected) => {
    expect(joinState(window, new Date(instant))).toBe(expected);
  });

  it("a session without times is open the whole day", () => {
    const allDay = joinWindow({ day: "2025-06-15", startTime: null, endTime: null });
    expect(joinState(allDay, new Date("2025-06-14T22:00:00Z"))).toBe("open");
    expect(joinState(allDay, new Date("2025-06-15T21:58:00Z"))).toBe("open");
    expect(joinState(allDay, new Date("2025-06-15T22:00:00Z"))).toBe("closed");
  });
});
