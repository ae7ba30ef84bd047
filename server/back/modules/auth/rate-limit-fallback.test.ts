import { describe, expect, test } from "vitest";
import { failureStoreWithFallback, type LoginFailureStore } from "./rate-limit.ts";

/** A store that records its calls, or fails every one. */
function store(name: string, calls: string[], failing = false): LoginFailureStore {
  const call =
    <R>(method: string, result: R) =>
    async () => {
      calls.push(`${name}.${method}`);
      if (failing) throw new Error(`${name} down`);
      return result;
    };
  return {
    acquire: call("acquire", null),
    release: call("release", undefined),
    isBlocked: call("isBlocked", false),
    record: call("record", undefined),
    clear: call("clear", undefined),
  };
}

describe("login counters in Redis, in PostgreSQL while Redis is away", () => {
  const now = new Date();

  test("Redis ready and answering: only Redis counts", async () => {
    const calls: string[] = [];
    const fallbacks: unknown[] = [];
    const counters = failureStoreWithFallback(
      store("redis", calls),
      store("db", calls),
      () => true,
      (error) => fallbacks.push(error),
    );
    expect(await counters.acquire(["email:a"], now)).toBeNull();
    await counters.clear("a");
    expect(calls).toEqual(["redis.acquire", "redis.clear"]);
    expect(fallbacks).toEqual([]);
  });

  test("Redis not ready: PostgreSQL at once, without asking Redis", async () => {
    const calls: string[] = [];
    const fallbacks: unknown[] = [];
    const counters = failureStoreWithFallback(
      store("redis", calls),
      store("db", calls),
      () => false,
      (error) => fallbacks.push(error),
    );
    expect(await counters.isBlocked(["email:a"], now)).toBe(false);
    expect(calls).toEqual(["db.isBlocked"]);
    expect(fallbacks).toEqual([null]);
  });

  test("Redis failing a command: the same call in PostgreSQL, and the error reported", async () => {
    const calls: string[] = [];
    const fallbacks: unknown[] = [];
    const counters = failureStoreWithFallback(
      store("redis", calls, true),
      store("db", calls),
      () => true,
      (error) => fallbacks.push(error),
    );
    expect(await counters.acquire(["email:a"], now)).toBeNull();
    expect(calls).toEqual(["redis.acquire", "db.acquire"]);
    expect(String(fallbacks[0])).toContain("redis down");
  });

  test("PostgreSQL failing too: the error reaches the caller (the API answers it, 503 when the database is away)", async () => {
    const calls: string[] = [];
    const counters = failureStoreWithFallback(
      store("redis", calls),
      store("db", calls, true),
      () => false,
      () => {},
    );
    await expect(counters.record(["email:a"], now)).rejects.toThrow("db down");
  });
});
