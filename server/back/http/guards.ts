import type { Context } from "hono";
import type { BackEnv, SessionState } from "../context.ts";
import type { Access } from "#core/contract/endpoint.ts";
import { ACCESS_RULES, PERMISSIONS } from "#core/domain/permissions.ts";
import { callerFacts, type CallerFacts } from "../modules/user/user.service.ts";
import { AppError } from "./app-error.ts";
import { parseCookies } from "#core/http/cookies.ts";
import { CSRF_COOKIE, CSRF_HEADER, isCsrfTokenValid } from "./csrf.ts";

/** The logged-in session, or a 401. */
export function requireSession(c: Context<BackEnv>): SessionState {
  const session = c.get("session");
  if (!session) throw new AppError("UNAUTHENTICATED", "unauthenticated");
  return session;
}

/**
 * The caller, if they pass the rule of `access` (core/domain/permissions.ts ACCESS_RULES): a guest who fails it gets
 * a 401, anyone else a 403 saying why.
 */
export async function requireAccess(c: Context<BackEnv>, access: Access): Promise<CallerFacts> {
  const facts = await callerFacts(c.get("ctx"));
  const { rule, refusal } = ACCESS_RULES[access];
  if (PERMISSIONS[rule](facts.user)) return facts;
  if (!facts.user.loggedIn) throw new AppError("UNAUTHENTICATED", "unauthenticated");
  throw new AppError("FORBIDDEN", refusal?.(facts.user) ?? "forbidden");
}

/**
 * For the spec's GET endpoints that change state (pdf subscribe, module complete, virtual-class join): they need
 * the same CSRF header as a POST, else 419, so a cross-site link cannot trigger them.
 */
export function requireCsrfOnGet(c: Context<BackEnv>): void {
  const cookie = parseCookies(c.req.header("cookie"))[CSRF_COOKIE];
  if (!isCsrfTokenValid(cookie, c.req.header(CSRF_HEADER), c.get("deps").env.APP_SECRET)) {
    throw new AppError("CSRF_MISMATCH", "csrfMismatch");
  }
}
