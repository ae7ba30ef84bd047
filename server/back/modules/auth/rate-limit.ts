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

/** Where failed logins are counted: the database by default, Redis when REDIS_URL is set. */
export type LoginFailureStore = {
  isBlocked(scopes: string[], now: Date): Promise<boolean>;
  record(scopes: string[], now: Date): Promise<void>;
  clear(email: string): Promise<void>;
};

export function databaseFailureStore(db: Db): LoginFailureStore {
  return {
    isBlocked: (scopes, now) => isLoginBlocked(db, scopes, now),
    record: (scopes, now) => recordLoginFailure(db, scopes, now),
    clear: (email) => clearLoginFailures(db, email),
  };
}

/** The subset of ioredis the store uses. */
export type RedisLike = {
  multi(): {
    zadd(key: string, score: number, member: string): unknown;
    zremrangebyscore(key: string, min: number, max: number): unknown;
    pexpire(key: string, ms: number): unknown;
    exec(): Promise<unknown>;
  };
  zcount(key: string, min: number | string, max: number | string): Promise<number>;
  del(key: string): Promise<number>;
};

/** A sliding window per scope: one sorted set of failure times, trimmed and expiring with the window. */
export function redisFailureStore(redis: RedisLike, prefix = "login-failures:"): LoginFailureStore {
  const windowMs = LOGIN_WINDOW_MINUTES * 60_000;
  return {
    async isBlocked(scopes, now) {
      const counts = await Promise.all(scopes.map((scope) => redis.zcount(prefix + scope, now.getTime() - windowMs + 1, "+inf")));
      return scopes.some((scope, i) => counts[i] >= limitOf(scope));
    },
    async record(scopes, now) {
      const at = now.getTime();
      const multi = redis.multi();
      for (const scope of scopes) {
        multi.zadd(prefix + scope, at, `${at}:${Math.random().toString(36).slice(2)}`);
        multi.zremrangebyscore(prefix + scope, 0, at - windowMs);
        multi.pexpire(prefix + scope, windowMs);
      }
      await multi.exec();
    },
    async clear(email) {
      await redis.del(`${prefix}email:${email.toLowerCase()}`);
    },
  };
}
