/** Face-to-face and virtual-class sessions: seats and display order (spec sections 3 and 9). */

export type SessionDate = { id: number | string; date: string; startTime: string; endTime: string };

export type FaceToFaceSession = {
  id: number | string;
  name: string;
  city: string;
  marketingCity: string | null;
  postalCode: string;
  /** ISO date, yyyy-mm-dd. */
  startDate: string;
  /** HH:mm */
  startTime: string;
  endTime: string;
  maxParticipants: number;
  currentParticipants: number;
  multiDates: boolean;
  sessionDates: SessionDate[];
};

export function seatsAvailable(session: Pick<FaceToFaceSession, "maxParticipants" | "currentParticipants">): number {
  return Math.max(0, session.maxParticipants - session.currentParticipants);
}

export function isSessionFull(session: Pick<FaceToFaceSession, "maxParticipants" | "currentParticipants">): boolean {
  return seatsAvailable(session) === 0;
}

// One collator for the whole module: building a collator is costly and sorting calls compare many times.
const cityCollator = new Intl.Collator("fr", { sensitivity: "base", numeric: true });

type SortableSession = Pick<FaceToFaceSession, "city" | "marketingCity" | "startDate" | "startTime">;

const displayCity = (session: SortableSession): string => session.marketingCity || session.city;

// ISO dates and HH:mm times sort as plain code-unit strings.
const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

const compareByDate = (a: SortableSession, b: SortableSession): number => compareText(a.startDate, b.startDate) || compareText(a.startTime, b.startTime);

/**
 * Returns a new array by date, then start time, whatever the city: the order a buyer chooses in (the shop's lists,
 * the cart; issue 30 item 8, ADR 0115).
 */
export function sortSessionsByDate<T extends Pick<FaceToFaceSession, "startDate" | "startTime">>(sessions: readonly T[]): T[] {
  return [...sessions].sort((a, b) => compareText(a.startDate, b.startDate) || compareText(a.startTime, b.startTime));
}

/**
 * Returns a new array: by date for a virtual class, otherwise by marketing city (city when absent) in French
 * collation, then by date; so sessions that are all in one city also come out by date.
 */
export function sortSessions<T extends SortableSession>(sessions: readonly T[], { virtualClass }: { virtualClass: boolean }): T[] {
  if (virtualClass) return [...sessions].sort(compareByDate);
  return [...sessions].sort((a, b) => cityCollator.compare(displayCity(a), displayCity(b)) || compareByDate(a, b));
}
