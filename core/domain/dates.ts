/** Date helpers with explicit time zones, so server and browser agree (spec section 9). */

export const PARIS_TIME_ZONE = "Europe/Paris";

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar date written 'yyyy-mm-dd' (no 2025-02-30). */
export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().startsWith(value);
}

function toValidDate(date: Date | string): Date {
  const value = typeof date === "string" ? new Date(date) : date;
  if (Number.isNaN(value.getTime())) throw new RangeError(`Invalid date: ${String(date)}`);
  return value;
}

const pad = (n: number, width = 2): string => String(n).padStart(width, "0");

/** 'dd/MM/yyyy' of the UTC calendar day, as on practice certificates. */
export function formatCertificateDate(date: Date | string): string {
  const d = toValidDate(date);
  return `${pad(d.getUTCDate())}/${pad(d.getUTCMonth() + 1)}/${pad(d.getUTCFullYear(), 4)}`;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function dateFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** 'yyyy-mm-dd' of the calendar day that instant falls on in the given IANA time zone. */
export function toZonedDate(date: Date | string, timeZone: string): string {
  const parts = dateFormatter(timeZone).formatToParts(toValidDate(date));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("year").padStart(4, "0")}-${part("month")}-${part("day")}`;
}

/** 'yyyy-mm-dd' of that instant in Europe/Paris (plan activity dates are sent this way). */
export function toParisDate(date: Date | string): string {
  return toZonedDate(date, PARIS_TIME_ZONE);
}

/**
 * The instant a Paris calendar day (YYYY-MM-DD) starts: its UTC midnight minus that day's offset (+2 h in summer,
 * +1 h in winter; on the day the clocks change, the offset in force at midnight).
 */
export function parisDayStart(day: string): Date {
  const midnightUtc = Date.parse(`${day}T00:00:00Z`);
  const summer = new Date(midnightUtc - 2 * 3_600_000);
  return toParisDate(summer) === day ? summer : new Date(midnightUtc - 3_600_000);
}
