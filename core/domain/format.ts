/**
 * The one set of display formatters (both tiers): dates, months, scores, sizes in the visitor's locale; durations
 * ("xHmm") and prices (with the funded rule) have their own modules, re-exported here so a page imports one place.
 * Calendar days ('yyyy-mm-dd') are shown as written (read at noon UTC: no time-zone shift); instants are read in
 * Paris time, so server and browser render the same text.
 */
import { dateTimeFormat, numberFormat } from "./intl-cache.ts";

export { formatDuration } from "./duration.ts";
export { formatMoney } from "./money.ts";

type DateStyle = "full" | "long" | "medium" | "short";
const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** yyyy-mm-dd of a day or an instant, for <time dateTime>. */
export function isoDay(value: string | null | undefined): string | undefined {
  return value ? value.slice(0, 10) : undefined;
}

/** The calendar day of a 'yyyy-mm-dd' value (or the day part of an instant as written), in words. */
export function formatCalendarDay(value: string, locale: string, style: DateStyle = "long"): string {
  const parsed = new Date(`${value.slice(0, 10)}T12:00:00Z`);
  if (Number.isNaN(parsed.getTime())) return value;
  return dateTimeFormat(locale, { dateStyle: style, timeZone: "UTC" }).format(parsed);
}

/** An instant in Paris time: its day, or its day and time. */
export function formatInstant(iso: string | null | undefined, locale: string, options: { dateStyle?: DateStyle; timeStyle?: DateStyle } = {}): string {
  if (!iso) return "";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return dateTimeFormat(locale, { dateStyle: options.dateStyle ?? "long", timeStyle: options.timeStyle, timeZone: "Europe/Paris" }).format(date);
}

/** A day or an instant, whichever the value is (records pages: some dates are days, some are moments). */
export function formatDate(value: string | null | undefined, locale: string, style: DateStyle = "medium"): string {
  if (!value) return "";
  return CALENDAR_DAY.test(value) ? formatCalendarDay(value, locale, style) : formatInstant(value, locale, { dateStyle: style });
}

/** "mars 2026" of a 'yyyy-mm' month. */
export function formatMonth(month: string, locale: string, style: "long" | "short" = "long"): string {
  const date = new Date(`${month}-15T12:00:00Z`);
  return dateTimeFormat(locale, { month: style, year: "numeric", timeZone: "UTC" }).format(date);
}

/** A percent score rounded for display ("85,5"), or null. */
export function formatScore(score: number | null | undefined, locale: string): string | null {
  if (score === null || score === undefined) return null;
  return numberFormat(locale, { maximumFractionDigits: 1 }).format(score);
}

/** A file size in whole kilobytes, 1 at least ("12 ko"). */
export function formatKilobytes(bytes: number, locale: string): string {
  return numberFormat(locale, { style: "unit", unit: "kilobyte", maximumFractionDigits: 0 }).format(Math.max(1, Math.round(bytes / 1024)));
}
