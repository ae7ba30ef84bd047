import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, lt } from "drizzle-orm";
import type { Context } from "hono";
import type { Db } from "../../db/client.ts";
import { accounts, sessions, users } from "../../db/schema/index.ts";
import { isSamePlatform } from "../modules/auth/platform.ts";
import type { BackEnv, SessionState } from "../context.ts";
import { parseCookies, serializeCookie } from "./cookies.ts";
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
 * all, so that brands stay apart whatever the request carries (ADR 0017).
 */
export async function loadSession(db: Db, cookieHeader: string | undefined, now: Date, hostBrand: string): Promise<SessionState | null> {
  const id = parseCookies(cookieHeader)[SESSION_COOKIE];
  if (!id || id.length > 200) return null;
  const idHash = hashSessionId(id);
  const [row] = await db
    .select({ session: sessions, userBrand: users.brand, accountBrand: accounts.brand })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(accounts, eq(accounts.id, sessions.accountId))
    .where(and(eq(sessions.idHash, idHash), gt(sessions.expiresAt, now)))
    .limit(1);
  if (!row || !isSamePlatform(row.accountBrand ?? row.userBrand, hostBrand)) return null;
  const { session } = row;
  if (now.getTime() - session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await db
      .update(sessions)
      .set({ lastSeenAt: now, expiresAt: expiryFrom(now, session.persistent) })
      .where(eq(sessions.idHash, idHash));
  }
  return { idHash, userId: session.userId, accountId: session.accountId };
}

/** Creates a fresh session (a new id at every login: no fixation) and sets its cookie. */
export async function startSession(
  c: Context<BackEnv>,
  userId: number,
  accountId: number | null,
  options: { remember?: boolean } = {},
): Promise<SessionState> {
  const persistent = options.remember === true;
  const { db, now } = c.var.deps;
  const previous = c.var.session;
  if (previous) await db.delete(sessions).where(eq(sessions.idHash, previous.idHash));
  const id = randomBytes(32).toString("base64url");
  const idHash = hashSessionId(id);
  const at = now();
  await db.insert(sessions).values({
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
  await db.delete(sessions).where(lt(sessions.expiresAt, at));
  // Without "remember me" the cookie ends with the browser (no Max-Age); the server still expires it.
  c.header("Set-Cookie", sessionCookie(c, id, persistent ? REMEMBERED_SESSION_DAYS * 24 * 3600 : undefined), { append: true });
  const state = { idHash, userId, accountId };
  c.set("session", state);
  await mergeCartAtLogin(c, userId);
  return state;
}

export async function destroySession(c: Context<BackEnv>): Promise<void> {
  const current = c.var.session;
  if (current) await c.var.deps.db.delete(sessions).where(eq(sessions.idHash, current.idHash));
  c.header("Set-Cookie", sessionCookie(c, "", 0), { append: true });
  c.set("session", null);
}

export async function setSessionAccount(c: Context<BackEnv>, accountId: number): Promise<void> {
  const current = c.var.session;
  if (!current) return;
  await c.var.deps.db.update(sessions).set({ accountId }).where(eq(sessions.idHash, current.idHash));
  c.set("session", { ...current, accountId });
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
  if (c.var.deps.env.PUBLIC_URL_SCHEME === "https") return true;
  return c.var.deps.env.TRUST_PROXY === "true" && c.req.header("x-forwarded-proto") === "https";
}
