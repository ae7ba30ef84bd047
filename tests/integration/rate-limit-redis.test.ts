// The login rate limit kept in Redis (REDIS_URL set): same rules as the database store, one counter per scope
// (INCR with the window as expiry), and check-and-count in one atomic step on the Redis server (ADR 0017).
import { Redis } from "ioredis";
import { afterAll, describe, expect, test } from "vitest";
import { LOGIN_MAX_FAILURES, LOGIN_MAX_FAILURES_PER_IP, loginScopes, redisFailureStore } from "../../server/back/modules/auth/rate-limit.ts";

const redis = new Redis(process.env.REALTIME_TEST_REDIS_URL ?? "redis://127.0.0.1:6379", { maxRetriesPerRequest: 2 });
const prefix = `it-login-failures-${process.pid}-${Date.now()}:`;
const store = redisFailureStore(redis, prefix);
const minutes = (n: number) => n * 60_000;
const now = new Date();

afterAll(async () => {
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length) await redis.del(...keys);
  redis.disconnect();
});

describe("login failures in Redis", () => {
  test("5 failures block the account from any address, and the counter expires with the 15-minute window", async () => {
    const scopes = loginScopes("Someone@Demo.test", "198.51.100.1");
    for (let i = 0; i < LOGIN_MAX_FAILURES - 1; i++) expect(await store.acquire(scopes, now)).toBeNull();
    expect(await store.isBlocked(scopes, now)).toBe(false);
    expect(await store.acquire(scopes, now)).toBeNull();
    expect(await store.isBlocked(loginScopes("someone@demo.test", "198.51.100.2"), now)).toBe(true);
    expect(await store.acquire(loginScopes("someone@demo.test", "198.51.100.2"), now)).toBe("email:someone@demo.test");
    // The refused attempt counted nowhere: not on the account, not on the second address.
    expect(await redis.get(`${prefix}email:someone@demo.test`)).toBe(String(LOGIN_MAX_FAILURES));
    expect(await redis.get(`${prefix}ip:198.51.100.2`)).toBeNull();
    const ttl = await redis.pttl(`${prefix}email:someone@demo.test`);
    expect(ttl).toBeGreaterThan(minutes(14));
    expect(ttl).toBeLessThanOrEqual(minutes(15));
  });

  test("a success gives the address's attempt back and clears the account's failures", async () => {
    const scopes = loginScopes("clear@demo.test", "198.51.100.3");
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) await store.acquire(scopes, now);
    expect(await store.isBlocked(scopes, now)).toBe(true);
    await store.clear("CLEAR@demo.test");
    expect(await store.isBlocked(scopes, now)).toBe(false);
    expect(await redis.get(`${prefix}ip:198.51.100.3`)).toBe(String(LOGIN_MAX_FAILURES));
    await store.release(["ip:198.51.100.3"], now);
    expect(await redis.get(`${prefix}ip:198.51.100.3`)).toBe(String(LOGIN_MAX_FAILURES - 1));
  });

  test("the address is blocked at 30 failures, whatever the accounts", async () => {
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_IP - 1; i++) await store.record(loginScopes(`user${i}@demo.test`, "198.51.100.4"), now);
    expect(await store.isBlocked(loginScopes("fresh@demo.test", "198.51.100.4"), now)).toBe(false);
    await store.record(loginScopes("last@demo.test", "198.51.100.4"), now);
    expect(await store.isBlocked(loginScopes("fresh@demo.test", "198.51.100.4"), now)).toBe(true);
    expect(await store.acquire(loginScopes("fresh@demo.test", "198.51.100.4"), now)).toBe("ip:198.51.100.4");
    expect(await store.isBlocked(loginScopes("fresh@demo.test", "198.51.100.5"), now)).toBe(false);
  });

  test("40 parallel attempts on one account: exactly 5 are counted, on two connections", async () => {
    const other = new Redis(process.env.REALTIME_TEST_REDIS_URL ?? "redis://127.0.0.1:6379", { maxRetriesPerRequest: 2 });
    try {
      const stores = [store, redisFailureStore(other, prefix)];
      const results = await Promise.all(
        Array.from({ length: 40 }, (_, i) => stores[i % 2].acquire(loginScopes("parallel@demo.test", `198.51.100.${100 + i}`), now)),
      );
      expect(results.filter((r) => r === null)).toHaveLength(LOGIN_MAX_FAILURES);
      expect(await redis.get(`${prefix}email:parallel@demo.test`)).toBe(String(LOGIN_MAX_FAILURES));
      // The refused ones gave back what they had counted on their address.
      const addressHits = await Promise.all(Array.from({ length: 40 }, (_, i) => redis.get(`${prefix}ip:198.51.100.${100 + i}`)));
      expect(addressHits.reduce((sum, v) => sum + Number(v ?? 0), 0)).toBe(LOGIN_MAX_FAILURES);
    } finally {
      other.disconnect();
    }
  });
});
