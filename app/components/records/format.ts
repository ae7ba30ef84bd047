import type { Locale } from "#core/branding/brands.ts";
import { dateTimeFormat, numberFormat } from "#core/domain/intl-cache.ts";

/**
 * Dates of the records pages in the visitor's locale. Instants are read in Paris time; 'yyyy-mm-dd' calendar
 * days are shown as they are (read at noon UTC), so server and browser render the same text.
 */
export function formatDay(value: string | null | undefined, locale: Locale, style: "long" | "medium" = "medium"): string {
  if (!value) return "";
  const calendarDay = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const date = new Date(calendarDay ? `${value}T12:00:00Z` : value);
  if (Number.isNaN(date.getTime())) return "";
  return dateTimeFormat(locale, { dateStyle: style, timeZone: calendarDay ? "UTC" : "Europe/Paris" }).format(date);
}

/** "mars 2026" of a 'yyyy-mm' month. */
export function formatMonth(month: string, locale: Locale, style: "long" | "short" = "long"): string {
  const date = new Date(`${month}-15T12:00:00Z`);
  return dateTimeFormat(locale, { month: style, year: "numeric", timeZone: "UTC" }).format(date);
}

/** A percent score rounded for display ("85,5"), or null. */
export function formatScore(score: number | null | undefined, locale: Locale): string | null {
  if (score === null || score === undefined) return null;
  return numberFormat(locale, { maximumFractionDigits: 1 }).format(score);
}

/** yyyy-mm-dd for <time dateTime>. */
export function isoDay(value: string | null | undefined): string | undefined {
  return value ? value.slice(0, 10) : undefined;
}
