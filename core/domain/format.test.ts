import { describe, expect, test } from "vitest";
import { formatCalendarDay, formatDate, formatDuration, formatInstant, formatKilobytes, formatMonth, formatScore, isoDay } from "./format.ts";

// Intl puts narrow no-break spaces in some locales: compare with plain spaces.
const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, " ");

describe("the one set of formatters", () => {
  test.each([
    ["isoDay of an instant", () => isoDay("2026-03-03T23:30:00Z"), "2026-03-03"],
    ["isoDay of nothing", () => isoDay(null), undefined],
    ["a calendar day is the day written, whatever the time zone", () => formatCalendarDay("2026-03-03", "fr-FR", "full"), "mardi 3 mars 2026"],
    ["a calendar day in Spanish", () => formatCalendarDay("2026-03-03", "es-ES", "long"), "3 de marzo de 2026"],
    ["an instant is read in Paris time (23:30 UTC is the next day there)", () => formatInstant("2026-03-03T23:30:00Z", "fr-FR"), "4 mars 2026"],
    ["an instant with its time", () => plain(formatInstant("2026-03-03T09:05:00Z", "fr-FR", { dateStyle: "long", timeStyle: "short" })), "3 mars 2026 à 10:05"],
    ["formatDate: a day stays a day", () => formatDate("2026-03-03", "fr-FR", "long"), "3 mars 2026"],
    ["formatDate: an instant is a Paris day", () => formatDate("2026-03-03T23:30:00Z", "fr-FR", "long"), "4 mars 2026"],
    ["formatDate of nothing", () => formatDate(undefined, "fr-FR"), ""],
    ["a month", () => formatMonth("2026-03", "fr-FR"), "mars 2026"],
    ["a score", () => formatScore(85.46, "fr-FR"), "85,5"],
    ["no score", () => formatScore(null, "fr-FR"), null],
    ["a size, 1 kB at least", () => plain(formatKilobytes(100, "fr-FR")), "1 ko"],
    ["a duration xHmm", () => formatDuration(95), "1H35"],
  ])("%s", (_name, run, expected) => {
    expect(run()).toBe(expected);
  });
});
