/** The training shown as "current" to a learner (spec section 4). */
import { PARIS_TIME_ZONE, isIsoDate, toZonedDate } from "./dates.ts";

export type UserTraining = {
  course: { id: number | string; type: string; points?: number | null };
  sessions: ReadonlyArray<{ startDate: string }>;
};

/** Whether a session start ('yyyy-mm-dd' day in Paris, or a full ISO date-time) is after `now`. */
function startsAfter(startDate: string, now: Date): boolean {
  if (isIsoDate(startDate)) return startDate > toZonedDate(now, PARIS_TIME_ZONE);
  const start = Date.parse(startDate);
  return !Number.isNaN(start) && start > now.getTime();
}

function earliestStart(sessions: UserTraining["sessions"]): string | null {
  const starts = sessions.map((s) => s.startDate).filter((d) => isIsoDate(d) || !Number.isNaN(Date.parse(d)));
  if (starts.length === 0) return null;
  return starts.reduce((a, b) => (Date.parse(b) < Date.parse(a) ? b : a));
}

function isFutureDpc(training: UserTraining, now: Date): boolean {
  if (training.course.type !== "dpc") return false;
  const first = earliestStart(training.sessions);
  return first !== null && startsAfter(first, now);
}

/** The first user training, skipping DPC courses whose earliest session has not started yet; null if none. */
export function pickCurrentTraining<T extends UserTraining>(userTrainings: readonly T[], now: Date): T | null {
  return userTrainings.find((training) => !isFutureDpc(training, now)) ?? null;
}
