/**
 * Live notifications pushed by the realtime island (browser only). The header bell shows
 * the server's list plus what arrived since, without a reload.
 */
export type LiveNotification = {
  id: number;
  title: string;
  body: string;
  link: string | null;
  readedDate: string | null;
  createdAt: string;
};

/** What the header bell shows of a notification: no dates, only whether it was read. */
export type BellNotification = Pick<LiveNotification, "id" | "title" | "body" | "link"> & { read: boolean };

export function bellNotification({ id, title, body, link, readedDate }: LiveNotification): BellNotification {
  return { id, title, body, link, read: Boolean(readedDate) };
}

let received: LiveNotification[] = [];
const listeners = new Set<() => void>();
const EMPTY: LiveNotification[] = [];

export function addLiveNotification(notification: LiveNotification) {
  if (received.some((n) => n.id === notification.id)) return;
  received = [notification, ...received];
  for (const listener of listeners) listener();
}

export function clearLiveNotifications() {
  received = [];
  for (const listener of listeners) listener();
}

export function subscribeLiveNotifications(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

export const getLiveNotifications = () => received;
export const getServerLiveNotifications = () => EMPTY;

/** Server list merged with live arrivals, newest first, no duplicates. */
export function mergeNotifications(server: BellNotification[], live: LiveNotification[]): BellNotification[] {
  const known = new Set(server.map((n) => n.id));
  return [...live.filter((n) => !known.has(n.id)).map(bellNotification), ...server];
}
