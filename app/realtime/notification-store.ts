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
export function mergeNotifications(server: LiveNotification[], live: LiveNotification[]): LiveNotification[] {
  const known = new Set(server.map((n) => n.id));
  return [...live.filter((n) => !known.has(n.id)), ...server];
}
