import type { Db } from "../../../db/client.ts";
import { decrementRateLimitHit, deleteEndedRateLimits, deleteRateLimit, listRateLimits, upsertRateLimitHit } from "./auth.repository.ts";

export const LOGIN_MAX_FAILURES = 5;
/** A pharmacy's counter PCs share one address: the per-IP limit leaves room for a team. */
export const LOGIN_MAX_FAILURES_PER_IP = 30;
export const LOGIN_WINDOW_MINUTES = 15;
/** Public sign-ups from one address per window (ADR 0109): a pharmacy's staff may sign up one after the other. */
export const SIGN_UP_MAX_PER_IP = 10;
const WINDOW_MS = LOGIN_WINDOW_MINUTES * 60_000;
/** The largest integer column value: counting without a limit. */
const NO_LIMIT = 2_147_483_647;

export function loginScopes(email: string, ip: string): string[] {
  return [`email:${email.toLowerCase()}`, `ip:${ip}`];
}

/** The scope of an account, as loginScopes names it. */
export function accountScope(email: string): string {
  return `email:${email.toLowerCase()}`;
}

/** The scope of the sign-ups sent from one address. */
export function signUpScope(ip: string): string {
  return `sign-up-ip:${ip}`;
}

export function limitOf(scope: string): number {
  if (scope.startsWith("sign-up-ip:")) return SIGN_UP_MAX_PER_IP;
  return scope.startsWith("ip:") ? LOGIN_MAX_FAILURES_PER_IP : LOGIN_MAX_FAILURES;
}

/**
 * Counters per scope in fixed windows of 15 minutes (ADR 0017). `acquire` is the atomic check-and-count: it
 * counts one attempt in every scope unless one of them has already reached its limit, so that of N parallel
 * attempts at most the limit get through. A login acquires before checking the password and gives the
 * attempt back (`release`) when the password was right.
 */
export type LoginFailureStore = {
  /** Counts the attempt in every scope and answers null, or answers the scope at its limit (nothing counted). */
  acquire(scopes: string[], now: Date): Promise<string | null>;
  /** Gives back one attempt acquired in these scopes. */
  release(scopes: string[], now: Date): Promise<void>;
  /** True when any scope has reached its limit in the current window. */
  isBlocked(scopes: string[], now: Date): Promise<boolean>;
  /** Counts one attempt in every scope, whatever the limit. */
  record(scopes: string[], now: Date): Promise<void>;
  /** Forgets an account's failures (a successful login or password reset). */
  clear(email: string): Promise<void>;
};

// ------------------------------------------------------------------ database (PGlite or PostgreSQL)

/** Counts one attempt unless the window's limit is reached: the new count, or null when it was (nothing changed). */
export function hitRateLimit(db: Db, scope: string, limit: number, now: Date, windowMs = WINDOW_MS): Promise<number | null> {
  return upsertRateLimitHit(db, scope, limit, now, new Date(now.getTime() + windowMs));
}

/** Takes one attempt back (never below zero). */
export function unhitRateLimit(db: Db, scope: string, now: Date): Promise<void> {
  return decrementRateLimitHit(db, scope, now);
}

export async function isLoginBlocked(db: Db, scopes: string[], now: Date): Promise<boolean> {
  const rows = await listRateLimits(db, scopes);
  return rows.some((row) => row.resetAt > now && row.hits >= limitOf(row.scope));
}

export async function recordLoginFailure(db: Db, scopes: string[], now: Date): Promise<void> {
  for (const scope of scopes) await hitRateLimit(db, scope, NO_LIMIT, now);
}

/** Drops the counters whose window has ended. */
export function pruneRateLimits(db: Db, now: Date): Promise<void> {
  return deleteEndedRateLimits(db, now);
}

export function clearLoginFailures(db: Db, email: string): Promise<void> {
  return deleteRateLimit(db, accountScope(email));
}

export function databaseFailureStore(db: Db): LoginFailureStore {
  return {
    async acquire(scopes, now) {
      const counted: string[] = [];
      for (const scope of scopes) {
        const hits = await hitRateLimit(db, scope, limitOf(scope), now);
        if (hits === null) {
          for (const done of counted) await unhitRateLimit(db, done, now);
          return scope;
        }
        // A new window: a good moment to drop the finished ones, so the table stays small without a scheduler.
        if (hits === 1) await pruneRateLimits(db, now);
        counted.push(scope);
      }
      return null;
    },
    release: async (scopes, now) => {
      for (const scope of scopes) await unhitRateLimit(db, scope, now);
    },
    isBlocked: (scopes, now) => isLoginBlocked(db, scopes, now),
    record: (scopes, now) => recordLoginFailure(db, scopes, now),
    clear: (email) => clearLoginFailures(db, email),
  };
}

// ------------------------------------------------------------------ Redis (REDIS_URL set)

/** The subset of ioredis the store uses. */
export type RedisLike = {
  eval(script: string, numberOfKeys: number, ...args: (string | number)[]): Promise<unknown>;
  get(key: string): Promise<string | null>;
  del(key: string): Promise<number>;
};

/** INCR with the window as expiry, unless the key is already at the limit (then -1, nothing changed). */
const HIT_SCRIPT = `
local current = tonumber(redis.call('GET', KEYS[1]) or '0')
if current >= tonumber(ARGV[1]) then return -1 end
local hits = redis.call('INCR', KEYS[1])
if hits == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return hits`;

const UNHIT_SCRIPT = `
local current = tonumber(redis.call('GET', KEYS[1]) or '0')
if current > 0 then return redis.call('DECR', KEYS[1]) end
return 0`;

/** The same counters in Redis: a Lua script makes check-and-count one atomic step on the server. */
export function redisFailureStore(redis: RedisLike, prefix = "login-failures:"): LoginFailureStore {
  const hit = async (scope: string, limit: number) => Number(await redis.eval(HIT_SCRIPT, 1, prefix + scope, limit, WINDOW_MS));
  const unhit = (scope: string) => redis.eval(UNHIT_SCRIPT, 1, prefix + scope);
  return {
    async acquire(scopes) {
      const counted: string[] = [];
      for (const scope of scopes) {
        if ((await hit(scope, limitOf(scope))) < 0) {
          for (const done of counted) await unhit(done);
          return scope;
        }
        counted.push(scope);
      }
      return null;
    },
    async release(scopes) {
      for (const scope of scopes) await unhit(scope);
    },
    async isBlocked(scopes) {
      const counts = await Promise.all(scopes.map((scope) => redis.get(prefix + scope)));
      return scopes.some((scope, i) => Number(counts[i] ?? 0) >= limitOf(scope));
    },
    async record(scopes) {
      for (const scope of scopes) await hit(scope, NO_LIMIT);
    },
    async clear(email) {
      await redis.del(prefix + accountScope(email));
    },
  };
}

// ------------------------------------------------------------------ Redis, PostgreSQL while Redis is away

/**
 * The Redis counters while Redis answers, the database's while it does not (ADR 0122): logins go on when Redis is
 * stopped, still limited (the database counters are shared by every instance too), instead of failing or letting
 * every attempt through. A window's attempts counted in one store are not seen by the other: after a switch an
 * attacker gets at most one more window's worth of attempts, which the limits allow for. `redisReady` is asked first
 * so that a stopped Redis costs no wait (ioredis would queue the command through its reconnection attempts).
 */
export function failureStoreWithFallback(
  primary: LoginFailureStore,
  fallback: LoginFailureStore,
  primaryReady: () => boolean,
  onFallback: (error: unknown) => void,
): LoginFailureStore {
  const either =
    <A extends unknown[], R>(pick: (store: LoginFailureStore) => (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      if (!primaryReady()) {
        onFallback(null);
        return pick(fallback)(...args);
      }
      try {
        return await pick(primary)(...args);
      } catch (error) {
        onFallback(error);
        return pick(fallback)(...args);
      }
    };
  return {
    acquire: either((store) => store.acquire),
    release: either((store) => store.release),
    isBlocked: either((store) => store.isBlocked),
    record: either((store) => store.record),
    clear: either((store) => store.clear),
  };
}
