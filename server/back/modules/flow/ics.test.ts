import { describe, expect, it } from "vitest";
import { buildIcs, escapeIcsText, foldIcsLine } from "./ics.ts";

describe("escapeIcsText", () => {
  it.each([
    ["plain", "plain"],
    ["a, b; c", "a\\, b\\; c"],
    ["back\\slash", "back\\\\slash"],
    ["two\nlines\r\nthree", "two\\nlines\\nthree"],
  ])("%j", (input, expected) => expect(escapeIcsText(input)).toBe(expected));
});

describe("foldIcsLine", () => {
  it("leaves a short line alone", () => expect(foldIcsLine("SUMMARY:Court")).toBe("SUMMARY:Court"));

  it("folds at 75 octets without cutting a character", () => {
    const line = `LOCATION:${"é".repeat(100)}`;
    const folded = foldIcsLine(line);
    const parts = folded.split("\r\n");
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) expect(Buffer.byteLength(part)).toBeLessThanOrEqual(75);
    expect(parts.slice(1).every((p) => p.startsWith(" "))).toBe(true);
    expect(parts.map((p, i) => (i === 0 ? p : p.slice(1))).join("")).toBe(line);
  });
});

describe("buildIcs", () => {
  const stamp = new Date("2026-03-01T08:00:00.000Z");

  it("one event per day, Paris local times, all-day when there is no time", () => {
    const ics = buildIcs(
      [
        {
          uid: "s-1-1@x",
          day: "2026-03-29",
          startTime: "09:00:00",
          endTime: "17:30:00",
          summary: "AFGSU, jour 1",
          location: "12 rue X, 75001 Paris",
          description: null,
          url: null,
        },
        {
          uid: "s-1-2@x",
          day: "2026-03-30",
          startTime: null,
          endTime: null,
          summary: "AFGSU; jour 2",
          location: null,
          description: "Salle B",
          url: "https://visio.example/r",
        },
      ],
      stamp,
      "Officine Académie",
    );
    const lines = ics.split("\r\n");
    expect(lines[0]).toBe("BEGIN:VCALENDAR");
    expect(lines.at(-2)).toBe("END:VCALENDAR");
    expect(lines.at(-1)).toBe("");
    expect(ics).not.toMatch(/[^\r]\n/);
    expect(lines.filter((l) => l === "BEGIN:VEVENT")).toHaveLength(2);
    expect(lines).toContain("TZID:Europe/Paris");
    expect(lines).toContain("DTSTAMP:20260301T080000Z");
    expect(lines).toContain("DTSTART;TZID=Europe/Paris:20260329T090000");
    expect(lines).toContain("DTEND;TZID=Europe/Paris:20260329T173000");
    expect(lines).toContain("SUMMARY:AFGSU\\, jour 1");
    expect(lines).toContain("LOCATION:12 rue X\\, 75001 Paris");
    expect(lines).toContain("DTSTART;VALUE=DATE:20260330");
    expect(lines).toContain("DTEND;VALUE=DATE:20260331");
    expect(lines).toContain("SUMMARY:AFGSU\\; jour 2");
    expect(lines).toContain("URL:https://visio.example/r");
  });
});
