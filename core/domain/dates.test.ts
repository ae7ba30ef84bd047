import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatCertificateDate, isIsoDate, parisDayStart, toParisDate, toZonedDate } from "./dates.ts";

describe("isIsoDate", () => {
  it.each([
    ["2025-01-31", true],
    ["2024-02-29", true],
    ["2025-02-29", false],
    ["2025-13-01", false],
    ["2025-00-10", false],
    ["2025-1-01", false],
    ["2025-01-01T00:00:00Z", false],
    ["", false],
  ])("%j -> %s", (value, expected) => {
    expect(isIsoDate(value)).toBe(expected);
  });
});

describe("formatCertificateDate", () => {
  it.each<[Date | string, string]>([
    [new Date("2025-03-07T12:00:00Z"), "07/03/2025"],
    [new Date("2024-12-31T23:59:59Z"), "31/12/2024"],
    // Just after midnight in Paris is still the previous UTC day.
    [new Date("2025-07-01T23:30:00+02:00"), "01/07/2025"],
    [new Date("2025-07-02T00:30:00+02:00"), "01/07/2025"],
    ["2025-11-09", "09/11/2025"],
    ["2025-11-09T08:00:00.000Z", "09/11/2025"],
  ])("%s -> %s", (date, expected) => {
    expect(formatCertificateDate(date)).toBe(expected);
  });

  it.each<Date | string>([new Date(Number.NaN), "not a date", ""])("throws a RangeError for %j", (date) => {
    expect(() => formatCertificateDate(date)).toThrow(RangeError);
  });
});

describe("toParisDate", () => {
  it.each<[string, string]>([
    ["2025-01-15T12:00:00Z", "2025-01-15"],
    // Winter, UTC+1.
    ["2025-01-15T22:59:59Z", "2025-01-15"],
    ["2025-01-15T23:00:00Z", "2025-01-16"],
    // Summer, UTC+2.
    ["2025-07-14T21:59:59Z", "2025-07-14"],
    ["2025-07-14T22:00:00Z", "2025-07-15"],
    ["2024-12-31T23:30:00Z", "2025-01-01"],
    // Around the spring change (30 March 2025, 01:00 UTC).
    ["2025-03-29T23:00:00Z", "2025-03-30"],
    ["2025-03-30T21:59:00Z", "2025-03-30"],
  ])("%s -> %s", (instant, expected) => {
    expect(toParisDate(new Date(instant))).toBe(expected);
  });

  it("throws a RangeError for an invalid date", () => {
    expect(() => toParisDate(new Date(Number.NaN))).toThrow(RangeError);
  });
});

describe("toZonedDate", () => {
  it.each([
    ["2025-01-15T23:30:00Z", "UTC", "2025-01-15"],
    ["2025-01-15T23:30:00Z", "Europe/Madrid", "2025-01-16"],
    ["2025-01-16T03:00:00Z", "America/Cayenne", "2025-01-16"],
    ["2025-01-16T02:00:00Z", "America/Cayenne", "2025-01-15"],
  ])("%s in %s -> %s", (instant, timeZone, expected) => {
    expect(toZonedDate(new Date(instant), timeZone)).toBe(expected);
  });
});

describe("under a far host time zone", () => {
  // The helpers must not depend on the machine's zone; Node applies a TZ change at run time.
  const saved = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = "Pacific/Kiritimati";
  });
  afterAll(() => {
    if (saved === undefined) delete process.env.TZ;
    else process.env.TZ = saved;
  });

  it.each([
    ["2025-03-07T12:00:00Z", "07/03/2025", "2025-03-07"],
    ["2025-03-07T20:00:00Z", "07/03/2025", "2025-03-07"],
    ["2025-03-07T23:30:00Z", "07/03/2025", "2025-03-08"],
    ["2024-12-31T12:00:00Z", "31/12/2024", "2024-12-31"],
  ])("%s -> %s, Paris %s", (instant, certificate, paris) => {
    expect(new Date(instant).getDate()).not.toBe(new Date(instant).getUTCDate());
    expect(formatCertificateDate(new Date(instant))).toBe(certificate);
    expect(toParisDate(new Date(instant))).toBe(paris);
  });
});

describe("parisDayStart", () => {
  it.each([
    ["2026-11-01", "2026-10-31T23:00:00.000Z"],
    ["2026-07-01", "2026-06-30T22:00:00.000Z"],
    ["2026-03-29", "2026-03-28T23:00:00.000Z"],
    ["2026-03-30", "2026-03-29T22:00:00.000Z"],
    ["2026-10-25", "2026-10-24T22:00:00.000Z"],
    ["2026-10-26", "2026-10-25T23:00:00.000Z"],
  ])("%s starts at %s", (day, instant) => {
    const start = parisDayStart(day);
    expect(start.toISOString()).toBe(instant);
    expect(toParisDate(start)).toBe(day);
    expect(toParisDate(new Date(start.getTime() - 1))).not.toBe(day);
  });
});
