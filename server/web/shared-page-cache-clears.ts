import { randomUUID } from "node:crypto";
import type { Redis } from "ioredis";
import type { Logger } from "../logger.ts";
import type { GuestPagesEmptied } from "./page-cache.ts";

const CHANNEL = "page-cache:clear";
/** How long a write's answer waits for the instances to say they emptied their guest pages. */
export const CLEAR_ACK_TIMEOUT_MS = 500;

/**
 * With several instances on one Redis, a write through one empties the same guest pages on every instance, not only
 * its own (ADRs 0122, 0141 and 0151): a guest never gets a page older than a write made through another instance.
 *
 * Each instance handles a clear on its own event loop, so `publish` waits until every instance that received the
 * message has said it emptied its pages (on `<channel>:done`) before the write's answer ends: the writer's next request,
 * through any instance, comes after the clear. An instance that does not answer within `ackTimeoutMs` (an older
 * version, a stalled process) is not waited for longer; its copies live out their time to live. Without Redis (or
 * while it is down) the other instances' copies live out their time to live, as with a single instance and no write.
 * A message that names no known kind empties every guest page.
 */
export function sharePageCacheClears(
  redis: Redis,
  clear: (emptied: GuestPagesEmptied) => void,
  logger: Logger,
  { channel = CHANNEL, ackTimeoutMs = CLEAR_ACK_TIMEOUT_MS }: { channel?: string; ackTimeoutMs?: number } = {},
) {
  const doneChannel = `${channel}:done`;
  /** Clears published by this instance and not yet acknowledged by all: their id, the acks counted so far. */
  const waiting = new Map<string, { acks: number; expected: number; resolve: () => void }>();
  const subscriber = redis.duplicate();
  subscriber.on("error", (error) => logger.debug({ err: error }, "page cache clears: Redis subscriber error"));
  subscriber.on("message", (from: string, message: string) => {
    if (from === doneChannel) {
      const wait = waiting.get(message);
      if (wait && ++wait.acks >= wait.expected) wait.resolve();
      return;
    }
    const [kind, id] = message.split(" ");
    clear(kind === "seeing-every-write" ? "seeing-every-write" : "every");
    if (id) redis.publish(doneChannel, id).catch((error: unknown) => logger.debug({ err: error }, "page cache clears: cannot acknowledge"));
  });
  void subscriber.subscribe(channel, doneChannel).catch((error: unknown) => logger.warn({ err: error }, "page cache clears: cannot subscribe"));
  return {
    /** Empties every instance's guest pages; resolves when they all did, or after the timeout. Never rejects. */
    async publish(emptied: GuestPagesEmptied): Promise<void> {
      const id = randomUUID();
      let timer: NodeJS.Timeout | undefined;
      const acknowledged = new Promise<void>((resolve) => {
        // Acks may come before PUBLISH's reply gives their number: counted from here, compared once it is known.
        waiting.set(id, { acks: 0, expected: Number.POSITIVE_INFINITY, resolve });
        timer = setTimeout(resolve, ackTimeoutMs);
      });
      try {
        const receivers = await redis.publish(channel, `${emptied} ${id}`);
        const wait = waiting.get(id)!;
        wait.expected = receivers;
        if (wait.acks >= receivers) wait.resolve();
        await acknowledged;
      } catch (error) {
        logger.warn({ err: error }, "page cache clears: cannot publish");
      } finally {
        clearTimeout(timer);
        waiting.delete(id);
      }
    },
    close() {
      subscriber.disconnect();
    },
  };
}
