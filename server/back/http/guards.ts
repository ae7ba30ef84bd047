import type { Context } from "hono";
import type { BackEnv, SessionState } from "../context.ts";
import { pickCurrentAccount, sessionContract, sessionMemberships, sessionUser } from "../modules/user/user.service.ts";
import { AppError } from "./app-error.ts";
import { parseCookies } from "#core/http/cookies.ts";
import { CSRF_COOKIE, CSRF_HEADER, isCsrfTokenValid } from "./csrf.ts";

/** The logged-in session, or a 401. */
export function requireSession(c: Context<BackEnv>): SessionState {
  const session = c.var.session;
  if (!session) throw new AppError("UNAUTHENTICATED", "unauthenticated");
  return session;
}

/**
 * A logged-in user whose contract is not read-only (403 with a clear message otherwise). The contract is the one of
 * the account the user payload shows: the session's only while the user is still an active member of it.
 */
export async function requireWritableSession(c: Context<BackEnv>): Promise<SessionState> {
  const session = requireSession(c);
  const { db } = c.var.deps;
  const current = pickCurrentAccount(await sessionMemberships(db, session), session.accountId);
  const contract = await sessionContract(db, session, current);
  if (contract?.type === "readonly") throw new AppError("FORBIDDEN", "readOnly");
  return session;
}

/** An administrator (admin-auth guard): 401 for guests, 403 for others. */
export async function requireAdmin(c: Context<BackEnv>): Promise<SessionState> {
  const session = requireSession(c);
  const user = await sessionUser(c.var.deps.db, session);
  if (!user?.isAdmin) throw new AppError("FORBIDDEN", "forbidden");
  return session;
}

/**
 * For the spec's GET endpoints that change state (pdf subscribe, module complete, virtual-class join): they need
 * the same CSRF header as a POST, else 419, so a cross-site link cannot trigger them.
 */
export function requireCsrfOnGet(c: Context<BackEnv>): void {
  const cookie = parseCookies(c.req.header("cookie"))[CSRF_COOKIE];
  if (!isCsrfTokenValid(cookie, c.req.header(CSRF_HEADER), c.var.deps.env.APP_SECRET)) {
    throw new AppError("CSRF_MISMATCH", "csrfMismatch");
  }
}
