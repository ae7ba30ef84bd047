/** The page-reload guard: at most one realtime-triggered reload per window (10 s by default). */
export const RELOAD_GUARD_MS = 10_000;
const STORAGE_KEY = "realtime:last-reload";

export function mayReload(lastReloadAt: number | null, now: number, guardMs = RELOAD_GUARD_MS): boolean {
  return lastReloadAt === null || !Number.isFinite(lastReloadAt) || now - lastReloadAt >= guardMs;
}

/** Reloads unless a reload happened within the guard; remembers it across the reload. */
export function guardedReload(storage: Storage, reload: () => void, now = Date.now()): boolean {
  const last = Number(storage.getItem(STORAGE_KEY));
  if (!mayReload(last || null, now)) return false;
  storage.setItem(STORAGE_KEY, String(now));
  reload();
  return true;
}
