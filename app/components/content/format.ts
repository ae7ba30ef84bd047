import { dateTimeFormat } from "#core/domain/intl-cache.ts";
import type { Locale } from "#core/branding/brands.ts";

/** A date in the visitor's locale ("3 mars 2026"), in Paris time so server and browser agree. */
export function formatDate(iso: string | null | undefined, locale: Locale): string {
  if (!iso) return "";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return dateTimeFormat(locale, { dateStyle: "long", timeZone: "Europe/Paris" }).format(date);
}

/** yyyy-mm-dd for <time dateTime>. */
export function isoDay(iso: string | null | undefined): string | undefined {
  return iso ? iso.slice(0, 10) : undefined;
}
