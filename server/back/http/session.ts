import { createHash, randomBytes } from "node:crypto";
import type { Context } from "hono";
import type { Db } from "../../db/client.ts";
import { isSamePlatform } from "../modules/auth/platform.ts";
import type { BackEnv, SessionState } from "../context.ts";
import { setRequestSession } from "../service-context.ts";
import {
  CATALOGUE_VERSION_READ,
  preloadSessionRow,
  SESSION_BOOKMARKS_READ,
  SESSION_MEMBERSHIPS_READ,
  SESSION_NOTIFICATIONS_READ,
  SESSION_USER_READ,
  takeSessionRow,
  type LoadedSession,
  type ReadScope,
} from "./read-scope.ts";
import { parseCookies } from "#core/http/cookies.ts";
import { serializeCookie } from "./cookies.ts";
import {
  deleteExpiredSessions,
  deleteSession,
  findLiveSession,
  insertSession,
  pageDataVersionOf,
  readPageDataVersion,
  readSharedPageDataVersion,
  type PageDataScope,
  touchSession,
  updateSessionAccount,
} from "./session.repository.ts";
import { mergeCartAtLogin } from "../modules/shop/cart-merge.ts";

export const SESSION_COOKIE = "sid";
const SESSION_DAYS = 14;
/** "Remember me": the cookie outlives the browser and the server keeps the session longer. */
const REMEMBERED_SESSION_DAYS = 30;
/** Refresh lastSeen/expiry at most once an hour to keep reads cheap. */
const TOUCH_INTERVAL_MS = 60 * 60 * 1000;

export function hashSessionId(id: string): string {
  return createHash("sha256").update(id).digest("base64url");
}

/**
 * The session of the cookie, if it is valid and belongs to this host's platform: a session is used on the
 * platform of its account (or of its user when it has none); on another brand's host it is not a session at
 * all, so that brands stay apart whatever the request carries (ADR 0017). The user's row, memberships, newest
 * notifications and bookmarks, and the catalogue's data version, come with it,
 * read in the same statement: the request's read scope keeps them as the session user's reads (read-scope.ts, ADR 0145).
 * When the host read that statement for this request already (`pageDataVersionWithSession`), its row is used.
 */
export async function loadRequestSession(
  db: Db,
  cookieHeader: string | undefined,
  now: Date,
  hostBrand: string,
  reads: ReadScope | null = null,
): Promise<LoadedSession | null> {
  const id = parseCookies(cookieHeader)[SESSION_COOKIE];
  if (!id || id.length > 200) return null;
  const idHash = hashSessionId(id);
  // Read by the host for this request's page cache, with the same statement (pageDataVersionWithSession).
  const row = (takeSessionRow(reads, idHash) ?? { row: await findLiveSession(db, idHash, now) }).row;
  if (!row || !isSamePlatform(row.accountBrand ?? row.user.brand, hostBrand)) return null;
  const { session } = row;
  if (now.getTime() - session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await touchSession(db, idHash, now, expiryFrom(now, session.persistent));
  }
  return {
    session: { idHash, userId: session.userId, accountId: session.accountId },
    reads: {
      [SESSION_USER_READ]: row.user,
      [SESSION_MEMBERSHIPS_READ]: row.memberships,
      [SESSION_NOTIFICATIONS_READ]: row.notifications,
      [SESSION_BOOKMARKS_READ]: row.bookmarks,
      [CATALOGUE_VERSION_READ]: row.catalogueVersion,
    },
  };
}

/** Creates a fresh session (a new id at every login: no fixation) and sets its cookie. */
export async function startSession(c: Context<BackEnv>, userId: number, accountId: number | null, options: { remember?: boolean } = {}): Promise<SessionState> {
  const persistent = options.remember === true;
  const { db, now } = c.get("deps");
  const previous = c.get("session");
  if (previous) await deleteSession(db, previous.idHash);
  const id = randomBytes(32).toString("base64url");
  const idHash = hashSessionId(id);
  const at = now();
  await insertSession(db, {
    idHash,
    userId,
    accountId,
    userAgent: c.req.header("user-agent")?.slice(0, 300) ?? null,
    persistent,
    createdAt: at,
    lastSeenAt: at,
    expiresAt: expiryFrom(at, persistent),
  });
  // Opportunistic clean-up keeps the table small without a scheduler.
  await deleteExpiredSessions(db, at);
  // Without "remember me" the cookie ends with the browser (no Max-Age); the server still expires it.
  c.header("Set-Cookie", sessionCookie(c, id, persistent ? REMEMBERED_SESSION_DAYS * 24 * 3600 : undefined), { append: true });
  const state = { idHash, userId, accountId };
  setRequestSession(c, state);
  await mergeCartAtLogin(c, userId);
  return state;
}

export async function destroySession(c: Context<BackEnv>): Promise<void> {
  const current = c.get("session");
  if (current) await deleteSession(c.get("deps").db, current.idHash);
  c.header("Set-Cookie", sessionCookie(c, "", 0), { append: true });
  setRequestSession(c, null);
}

export async function setSessionAccount(c: Context<BackEnv>, accountId: number): Promise<void> {
  const current = c.get("session");
  if (!current) return;
  await updateSessionAccount(c.get("deps").db, current.idHash, accountId);
  setRequestSession(c, { ...current, accountId });
}

function expiryFrom(at: Date, persistent: boolean): Date {
  return new Date(at.getTime() + (persistent ? REMEMBERED_SESSION_DAYS : SESSION_DAYS) * 24 * 3600 * 1000);
}

function sessionCookie(c: Context<BackEnv>, value: string, maxAge: number | undefined): string {
  return serializeCookie(SESSION_COOKIE, value, {
    httpOnly: true,
    sameSite: "Lax",
    secure: isSecureRequest(c),
    maxAge,
  });
}

export function isSecureRequest(c: Context<BackEnv>): boolean {
  if (c.get("deps").env.PUBLIC_URL_SCHEME === "https") return true;
  return c.get("deps").env.TRUST_PROXY === "true" && c.req.header("x-forwarded-proto") === "https";
}

/**
 * The session page cache's question (ADR 0091): the data version a page rendered now for this session cookie would
 * be stored under, or null when the cookie is no live session (nothing is cached for it).
 */
export async function pageDataVersionFor(db: Db, sessionId: string, scope: PageDataScope, now: Date): Promise<string | null> {
  if (!sessionId || sessionId.length > 200) return null;
  const { version, live } = await readPageDataVersion(db, hashSessionId(sessionId), now, scope);
  return live ? version : null;
}

/**
 * `pageDataVersionFor` for a page that renders whatever the version (a forced reload, or nothing kept for it): the
 * version is read with the session's statement, and its row handed to the render's first load of the session through
 * the request's read scope, so the render does not read it again (ADR 0146). Whether the session is one for this host
 * is decided by that load, as for any request; here, as in `pageDataVersionFor`, live means unexpired.
 */
export async function pageDataVersionWithSession(db: Db, sessionId: string, scope: PageDataScope, now: Date, reads: ReadScope): Promise<string | null> {
  if (!sessionId || sessionId.length > 200) return null;
  const idHash = hashSessionId(sessionId);
  const row = await findLiveSession(db, idHash, now);
  preloadSessionRow(reads, idHash, row);
  return row ? pageDataVersionOf(row.pageVersions, scope) : null;
}

/** The guest page cache's question after a write (ADR 0141): the shared page data version, which shared writes move. */
export function sharedPageDataVersion(db: Db): Promise<string> {
  return readSharedPageDataVersion(db);
}
