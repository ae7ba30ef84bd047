/** When a learner may join a virtual-class session (ADR 0011): 15 minutes before start until the day's end time. */
import { PARIS_TIME_ZONE } from "./dates.ts";

export const JOIN_OPENS_MINUTES_BEFORE = 15;

const offsetFormatters = new Map<string, Intl.DateTimeFormat>();

/** Offset (ms) of the time zone from UTC at that instant. */
function zoneOffsetMs(instant: Date, timeZone: string): number {
  let formatter = offsetFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    offsetFormatters.set(timeZone, formatter);
  }
  const parts = Object.fromEntries(formatter.formatToParts(instant).map((p) => [p.type, p.value]));
  const asUtc = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/** The instant of a wall-clock day ('yyyy-mm-dd') and time ('HH:mm' or 'HH:mm:ss') in a time zone. */
export function zonedTimeToInstant(day: string, time: string, timeZone = PARIS_TIME_ZONE): Date {
  const [y, m, d] = day.slice(0, 10).split("-").map(Number);
  const [hh, mm] = time.split(":").map(Number);
  const guess = Date.UTC(y, m - 1, d, hh, mm);
  // Two passes settle the offset across a daylight-saving change.
  const first = guess - zoneOffsetMs(new Date(guess), timeZone);
  return new Date(guess - zoneOffsetMs(new Date(first), timeZone));
}

export type JoinWindow = { opensAt: Date; closesAt: Date };

/** Missing times count as a whole day: opens at 00:00, closes at 23:59. */
export function joinWindow({ day, startTime, endTime }: { day: string; startTime: string | null; endTime: string | null }): JoinWindow {
  const start = zonedTimeToInstant(day, startTime ?? "00:00");
  return {
    opensAt: new Date(start.getTime() - JOIN_OPENS_MINUTES_BEFORE * 60_000),
    closesAt: zonedTimeToInstant(day, endTime ?? "23:59"),
  };
}

export type JoinState = "early" | "open" | "closed";

export function joinState(window: JoinWindow, now: Date): JoinState {
  if (now < window.opensAt) return "early";
  if (now > window.closesAt) return "closed";
  return "open";
}
