// Guest page clears shared through Redis between instances (ADRs 0122 and 0151): a write's answer ends only after
// every instance that received the clear has emptied its guest pages, and never waits longer than the timeout.
import { Redis } from "ioredis";
import { afterAll, describe, expect, test } from "vitest";
import { createLogger } from "../../server/logger.ts";
import type { GuestPagesEmptied } from "../../server/web/page-cache.ts";
import { sharePageCacheClears } from "../../server/web/shared-page-cache-clears.ts";

const REDIS_URL = process.env.REALTIME_TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const logger = createLogger("silent");
const opened: Array<{ close(): void } | Redis> = [];

afterAll(() => {
  for (const item of opened) {
    if (item instanceof Redis) item.disconnect();
    else item.close();
  }
});

function connection(url = REDIS_URL) {
  const redis = new Redis(url, { maxRetriesPerRequest: 1, retryStrategy: () => null, lazyConnect: false });
  redis.on("error", () => undefined);
  opened.push(redis);
  return redis;
}

/** One instance: its own connection to Redis, and the clears it handled, in order. */
async function instance(channel: string, ackTimeoutMs?: number) {
  const emptied: GuestPagesEmptied[] = [];
  const clears = sharePageCacheClears(connection(), (kind) => emptied.push(kind), logger, { channel, ackTimeoutMs });
  opened.push(clears);
  return { emptied, clears };
}

/** Until Redis counts `count` subscribers on the channel (a subscription is made asynchronously). */
async function subscribed(channel: string, count: number) {
  const redis = connection();
  await expect.poll(async () => ((await redis.pubsub("NUMSUB", channel)) as [string, number])[1], { timeout: 5_000 }).toBe(count);
}

describe("guest page clears through Redis", () => {
  test("publish resolves after every instance emptied its guest pages, the writer's own included", async () => {
    const channel = `it-page-cache-${process.pid}-${Date.now()}`;
    const [one, two, three] = [await instance(channel), await instance(channel), await instance(channel)];
    await subscribed(channel, 3);

    await one.clears.publish("every");
    // No wait here: the other instances' clears were handled before the publish resolved.
    expect(two.emptied).toEqual(["every"]);
    expect(three.emptied).toEqual(["every"]);
    expect(one.emptied).toEqual(["every"]);

    await two.clears.publish("seeing-every-write");
    expect(one.emptied).toEqual(["every", "seeing-every-write"]);
    expect(three.emptied).toEqual(["every", "seeing-every-write"]);
  });

  test("an instance that never acknowledges is waited for no longer than the timeout", async () => {
    const channel = `it-page-cache-silent-${process.pid}-${Date.now()}`;
    const one = await instance(channel, 300);
    // A subscriber that receives clears and never answers (an older version, a stalled process).
    const silent = connection();
    await silent.subscribe(channel);
    await subscribed(channel, 2);

    const started = performance.now();
    await one.clears.publish("every");
    const waited = performance.now() - started;
    expect(waited).toBeGreaterThanOrEqual(290);
    expect(waited).toBeLessThan(2_000);
    expect(one.emptied).toEqual(["every"]);
  });

  test("with Redis out of reach, publish resolves at once and does not throw", async () => {
    const emptied: GuestPagesEmptied[] = [];
    // Nothing listens on port 1: every command fails.
    const clears = sharePageCacheClears(connection("redis://127.0.0.1:1"), (kind) => emptied.push(kind), logger, { ackTimeoutMs: 5_000 });
    opened.push(clears);
    const started = performance.now();
    await expect(clears.publish("every")).resolves.toBeUndefined();
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(emptied).toEqual([]);
  });
});
