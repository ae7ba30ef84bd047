import type { Db } from "../client.ts";

/** A transaction handle is a database handle for everything the seed does. */
export type SeedDb = Db;

/** The seed and the quizzes share one deterministic generator and hash, so the demo data is the same on every run. */
export { hashString, prng } from "#core/domain/shuffle.ts";

export function chunk<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Calendar helpers anchored on the seed's "today" (UTC midnight), so sessions stay upcoming. */
export type Clock = {
  now: Date;
  /** yyyy-mm-dd, offset in days from today. */
  day(offset: number): string;
  /** A timestamp offset in days from today, at the given UTC hour. */
  at(offsetDays: number, hour?: number, minute?: number): Date;
};

export function makeClock(now: Date): Clock {
  const base = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const DAY = 86_400_000;
  return {
    now,
    day: (offset) => new Date(base + offset * DAY).toISOString().slice(0, 10),
    at: (offsetDays, hour = 9, minute = 0) => new Date(base + offsetDays * DAY + hour * 3_600_000 + minute * 60_000),
  };
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** Cut a text at a word boundary, adding an ellipsis when shortened. */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,;:.]+$/, "")}…`;
}
