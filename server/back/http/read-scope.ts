import type { Context } from "hono";
import type { BackEnv, SessionState } from "../context.ts";
import { CSRF_HEADER } from "./csrf.ts";
import type { LiveSession } from "./session.repository.ts";

/**
 * Reads shared by the in-process back calls of ONE web request (ADR 0040). A page render makes several back calls
 * with the same browser cookies (the user, notifications, the page's data...): each used to load the session, the
 * user, their memberships, contract and advisor again. The host makes one scope per web request and hands it to
 * every in-process call of that request (`c.env.reads`); nothing is shared between web requests, so one visitor
 * never sees another's data, and nothing outlives the request.
 *
 * Only plain reads use it: a mutating call (POST, PUT, PATCH, DELETE, or a state-changing GET, which carries the
 * CSRF header) empties the scope before and after it runs, so the reads after a write (the loaders after an
 * action) load everything again. What it keeps: the session's user, memberships (with each account's contract and
 * advisor), personal contract and user payload, the newest notifications, the bookmarks and the catalogue's data
 * version (read with the session, ADR 0146), and the learner's enrolments and history for the records views.
 * Seats are never in it: a booking reads them in its own write.
 */
export type ReadScope = {
  sessions: Map<string, Promise<SessionState | null>>;
  /**
   * The session statement's rows the host read before the render, by the session id's hash: the session page cache
   * of a page that renders anyway reads its page data version with the session (ADR 0146). The first load of that
   * session in the request takes its row instead of reading it again, then applies the session's rules as usual.
   */
  sessionRows: Map<string, LiveSession | undefined>;
};

export function createReadScope(): ReadScope {
  return { sessions: new Map(), sessionRows: new Map() };
}

/** Hands a session's row, read by the host for this request, to the request's first load of that session. */
export function preloadSessionRow(scope: ReadScope, idHash: string, row: LiveSession | undefined) {
  scope.sessionRows.set(idHash, row);
}

/** The row the host read for this session in this request, once: `{ row }` when there is one (undefined: no live session). */
export function takeSessionRow(scope: ReadScope | null, idHash: string): { row: LiveSession | undefined } | null {
  if (!scope?.sessionRows.has(idHash)) return null;
  const row = scope.sessionRows.get(idHash);
  scope.sessionRows.delete(idHash);
  return { row };
}

/** Per-session memos of the reads below: only for sessions loaded through a scope (so only within a web request). */
const memos = new WeakMap<SessionState, Map<string, Promise<unknown>>>();

/** The scope a back request may read through, or null (outside calls, writes). A write empties the scope. */
export function readScopeFor(c: Context<BackEnv>): ReadScope | null {
  const scope = (c.env as { reads?: ReadScope } | undefined)?.reads ?? null;
  if (!scope) return null;
  if (isPlainRead(c)) return scope;
  clearReadScope(scope);
  return null;
}

export function isPlainRead(c: Context<BackEnv>): boolean {
  return (c.req.method === "GET" || c.req.method === "HEAD") && !c.req.header(CSRF_HEADER);
}

export function clearReadScope(scope: ReadScope) {
  scope.sessions.clear();
  scope.sessionRows.clear();
}

/**
 * The keys of the reads that come with the session's statement (ADRs 0145 and 0146): what was loaded with the session
 * is their first value in the request. Bookmarks are the user's of every brand, newest first, each with its brand.
 */
export const SESSION_USER_READ = "user";
export const SESSION_MEMBERSHIPS_READ = "memberships";
export const SESSION_NOTIFICATIONS_READ = "notifications";
export const SESSION_BOOKMARKS_READ = "bookmarks";
export const CATALOGUE_VERSION_READ = "catalogueVersion";

/** A session as loaded from its cookie, with the reads its statement brought, by their keys above. */
export type LoadedSession = { session: SessionState; reads: Record<string, unknown> };

/**
 * The session of `key` loaded once per scope; the session object it gives carries the memo of `sessionRead`, which
 * starts with the reads loaded with the session.
 */
export function scopedSession(scope: ReadScope | null, key: string, load: () => Promise<LoadedSession | null>): Promise<SessionState | null> {
  if (!scope) return load().then((loaded) => loaded?.session ?? null);
  let pending = scope.sessions.get(key);
  if (!pending) {
    pending = load().then((loaded) => {
      if (!loaded) return null;
      memos.set(loaded.session, new Map(Object.entries(loaded.reads).map(([key, value]) => [key, Promise.resolve(value)])));
      return loaded.session;
    });
    scope.sessions.set(key, pending);
    pending.catch(() => scope.sessions.delete(key));
  }
  return pending;
}

/**
 * `load()` once per web request for a session loaded through a read scope (the user payload of the session, say);
 * called every time otherwise. `key` names the read and its arguments.
 */
export function sessionRead<T>(session: SessionState, key: string, load: () => Promise<T>): Promise<T> {
  const memo = memos.get(session);
  if (!memo) return load();
  let pending = memo.get(key) as Promise<T> | undefined;
  if (!pending) {
    pending = load();
    memo.set(key, pending);
    pending.catch(() => memo.delete(key));
  }
  return pending;
}
