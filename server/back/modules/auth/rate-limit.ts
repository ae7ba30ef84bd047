import { and, count, eq, gt, inArray, lt } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { loginFailures } from "../../../db/schema/index.ts";

export const LOGIN_MAX_FAILURES = 5;
/** A pharmacy's counter PCs share one address: the per-IP limit leaves room for a team. */
export const LOGIN_MAX_FAILURES_PER_IP = 30;
export const LOGIN_WINDOW_MINUTES = 15;

export function loginScopes(email: string, ip: string): string[] {
  return [`email:${email.toLowerCase()}`, `ip:${ip}`];
}

function limitOf(scope: string): number {
  return scope.startsWith("ip:") ? LOGIN_MAX_FAILURES_PER_IP : LOGIN_MAX_FAILURES;
}

/** True when any scope (the account or the IP) has reached the failure limit in the window. */
export async function isLoginBlocked(db: Db, scopes: string[], now: Date): Promise<boolean> {
  const since = new Date(now.getTime() - LOGIN_WINDOW_MINUTES * 60_000);
  const rows = await db
    .select({ scope: loginFailures.scope, failures: count() })
    .from(loginFailures)
    .where(and(inArray(loginFailures.scope, scopes), gt(loginFailures.createdAt, since)))
    .groupBy(loginFailures.scope);
  return rows.some((row) => row.failures >= limitOf(row.scope));
}

export async function recordLoginFailure(db: Db, scopes: string[], now: Date): Promise<void> {
  await db.insert(loginFailures).values(scopes.map((scope) => ({ scope, createdAt: now })));
  const expired = new Date(now.getTime() - LOGIN_WINDOW_MINUTES * 60_000);
  await db.delete(loginFailures).where(lt(loginFailures.createdAt, expired));
}

export async function clearLoginFailures(db: Db, email: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.scope, `email:${email.toLowerCase()}`));
}
