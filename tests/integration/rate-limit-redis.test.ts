// The login rate limit kept in Redis (REDIS_URL set): same rules as the database store.
import { Redis } from "ioredis";
import { afterAll, describe, expect, test } from "vitest";
import { LOGIN_MAX_FAILURES, LOGIN_MAX_FAILURES_PER_IP, loginScopes, redisFailureStore } from "../../server/back/modules/auth/rate-limit.ts";

const redis = new Redis(process.env.REALTIME_TEST_REDIS_URL ?? "redis://127.0.0.1:6379", { maxRetriesPerRequest: 2 });
const prefix = `it-login-failures-${process.pid}-${Date.now()}:`;
const store = redisFailureStore(redis, prefix);
const minutes = (n: number) => n * 60_000;

afterAll(async () => {
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length) await redis.del(...keys);
  redis.disconnect();
});

describe("login failures in Redis", () => {
  test("5 failures block the account within 15 minutes, not after", async () => {
    const start = new Date("2026-11-21T10:00:00Z");
    const scopes = loginScopes("Someone@Demo.test", "198.51.100.1");
    for (let i = 0; i < LOGIN_MAX_FAILURES - 1; i++) await store.record(scopes, new Date(start.getTime() + i * 1000));
    expect(await store.isBlocked(scopes, new Date(start.getTime() + 5000))).toBe(false);
    await store.record(scopes, new Date(start.getTime() + 5000));
    expect(await store.isBlocked(loginScopes("someone@demo.test", "198.51.100.2"), new Date(start.getTime() + 6000))).toBe(true);
    expect(await store.isBlocked(scopes, new Date(start.getTime() + minutes(15) + 6000))).toBe(false);
    const ttl = await redis.pttl(`${prefix}email:someone@demo.test`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(minutes(15));
  });

  test("a success clears the account's failures but not the address's", async () => {
    const now = new Date("2026-11-21T11:00:00Z");
    const scopes = loginScopes("clear@demo.test", "198.51.100.3");
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) await store.record(scopes, now);
    expect(await store.isBlocked(scopes, now)).toBe(true);
    await store.clear("CLEAR@demo.test");
    expect(await store.isBlocked(scopes, now)).toBe(false);
    expect(await redis.zcard(`${prefix}ip:198.51.100.3`)).toBe(LOGIN_MAX_FAILURES);
  });

  test("the address is blocked at 30 failures, whatever the accounts", async () => {
    const now = new Date("2026-11-21T12:00:00Z");
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_IP - 1; i++) await store.record(loginScopes(`user${i}@demo.test`, "198.51.100.4"), now);
    expect(await store.isBlocked(loginScopes("fresh@demo.test", "198.51.100.4"), now)).toBe(false);
    await store.record(loginScopes("last@demo.test", "198.51.100.4"), now);
    expect(await store.isBlocked(loginScopes("fresh@demo.test", "198.51.100.4"), now)).toBe(true);
    expect(await store.isBlocked(loginScopes("fresh@demo.test", "198.51.100.5"), now)).toBe(false);
  });
});
