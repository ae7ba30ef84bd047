import type { Redis } from "ioredis";
import type { Logger } from "../logger.ts";
import type { GuestPagesEmptied } from "./page-cache.ts";

const CHANNEL = "page-cache:clear";

/**
 * With several instances on one Redis, a write through one empties the same guest pages on every instance, not only
 * its own (ADRs 0122 and 0141): a guest never gets a page older than a write made through another instance. Without
 * Redis (or while it is down) the other instances' copies live out their time to live, as with a single instance and
 * no write. A message that names no known kind empties every guest page.
 */
export function sharePageCacheClears(redis: Redis, clear: (emptied: GuestPagesEmptied) => void, logger: Logger) {
  const subscriber = redis.duplicate();
  subscriber.on("error", (error) => logger.debug({ err: error }, "page cache clears: Redis subscriber error"));
  subscriber.on("message", (_channel: string, message: string) => clear(message === "seeing-every-write" ? "seeing-every-write" : "every"));
  void subscriber.subscribe(CHANNEL).catch((error: unknown) => logger.warn({ err: error }, "page cache clears: cannot subscribe"));
  return {
    publish(emptied: GuestPagesEmptied) {
      redis.publish(CHANNEL, emptied).catch((error: unknown) => logger.warn({ err: error }, "page cache clears: cannot publish"));
    },
    close() {
      subscriber.disconnect();
    },
  };
}
