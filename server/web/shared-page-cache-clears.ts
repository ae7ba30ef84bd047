import type { Redis } from "ioredis";
import type { Logger } from "../logger.ts";

const CHANNEL = "page-cache:clear";

/**
 * With several instances on one Redis, a write through one empties every instance's guest page cache, not only its
 * own (ADR 0122): a guest never gets a page older than a write made through another instance. Without Redis (or while
 * it is down) the other instances' copies live out their time to live, as with a single instance and no write.
 */
export function sharePageCacheClears(redis: Redis, clear: () => void, logger: Logger) {
  const subscriber = redis.duplicate();
  subscriber.on("error", (error) => logger.debug({ err: error }, "page cache clears: Redis subscriber error"));
  subscriber.on("message", () => clear());
  void subscriber.subscribe(CHANNEL).catch((error: unknown) => logger.warn({ err: error }, "page cache clears: cannot subscribe"));
  return {
    publish() {
      redis.publish(CHANNEL, "").catch((error: unknown) => logger.warn({ err: error }, "page cache clears: cannot publish"));
    },
    close() {
      subscriber.disconnect();
    },
  };
}
