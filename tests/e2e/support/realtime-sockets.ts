/**
 * What the realtime island's sockets of a page do, read from their Pusher frames: the waits of the e2e tests on the
 * island (a channel joined, every subscription answered, a socket closed) instead of fixed sleeps.
 * Start watching before the page opens the socket (before its navigation).
 */
import { expect, type Page, type WebSocket } from "@playwright/test";

type Frame = { event?: string; channel?: string; data?: unknown };

function parse(payload: string | Buffer): Frame | null {
  try {
    const frame = JSON.parse(String(payload)) as unknown;
    return frame && typeof frame === "object" ? (frame as Frame) : null;
  } catch {
    return null;
  }
}

/** The channel a pusher:subscribe frame asks for (its data may be an object or a JSON string). */
function subscribedChannel(frame: Frame): string | null {
  const data = typeof frame.data === "string" ? (parse(frame.data) ?? {}) : (frame.data ?? {});
  const channel = (data as { channel?: unknown }).channel;
  return typeof channel === "string" ? channel : null;
}

/** Resolves when one of the page's sockets has joined a channel matching `channel` (subscription_succeeded). */
export function joined(page: Page, channel: RegExp): Promise<void> {
  return new Promise((resolve) => {
    page.on("websocket", (socket) =>
      socket.on("framereceived", ({ payload }) => {
        const frame = parse(payload);
        if (frame?.event === "pusher_internal:subscription_succeeded" && frame.channel && channel.test(frame.channel)) resolve();
      }),
    );
  });
}

interface SocketState {
  socket: WebSocket;
  /** From pusher:connection_established. */
  socketId: string | null;
  closed: boolean;
  /** Channels asked for and not yet answered (succeeded or refused). */
  pending: Set<string>;
}

/** The socket id of the page's current island (window.__realtime), or null (none, closed, or the page navigating). */
async function islandSocketId(page: Page): Promise<string | null> {
  try {
    return await page.evaluate(() => (window as unknown as { __realtime?: { socketId(): string | undefined } }).__realtime?.socketId() ?? null);
  } catch {
    return null;
  }
}

/**
 * Watches every socket the page opens. `settled(expected)` waits until the island is quiet: with `"up"`, the page's
 * island (window.__realtime) has its socket connected and every subscription it asked for answered; with `"down"`,
 * the page has no live island and the socket of the last island seen is closed. (A document left by a navigation
 * reports no close for its sockets: the page's own island tells which socket is current.)
 */
export function watchSockets(page: Page) {
  const sockets: SocketState[] = [];
  let lastIsland: SocketState | undefined;
  page.on("websocket", (socket) => {
    const state: SocketState = { socket, socketId: null, closed: false, pending: new Set() };
    sockets.push(state);
    socket.on("framesent", ({ payload }) => {
      const frame = parse(payload);
      const channel = frame ? subscribedChannel(frame) : null;
      if (frame?.event === "pusher:subscribe" && channel) state.pending.add(channel);
      if (frame?.event === "pusher:unsubscribe" && channel) state.pending.delete(channel);
    });
    socket.on("framereceived", ({ payload }) => {
      const frame = parse(payload);
      if (frame?.event === "pusher:connection_established") {
        const data = typeof frame.data === "string" ? parse(frame.data) : (frame.data as Frame | undefined);
        state.socketId = (data as { socket_id?: string } | null)?.socket_id ?? null;
      }
      if ((frame?.event === "pusher_internal:subscription_succeeded" || frame?.event === "pusher:subscription_error") && frame.channel) {
        state.pending.delete(frame.channel);
      }
    });
    socket.on("close", () => (state.closed = true));
  });

  const quiet = async (expected: "up" | "down"): Promise<boolean> => {
    const id = await islandSocketId(page);
    const island = id ? sockets.find((state) => state.socketId === id) : undefined;
    if (expected === "up") {
      if (island) lastIsland = island;
      return Boolean(island && !island.closed && island.pending.size === 0);
    }
    return (!island || island.closed) && (lastIsland?.closed ?? true);
  };

  const describe = () =>
    sockets.map((state) => `${state.socketId ?? "opening"} ${state.closed ? "closed" : "open"} pending=[${[...state.pending].join(", ")}]`).join("; ");

  return {
    async settled(expected: "up" | "down", timeout = 20_000) {
      try {
        await expect.poll(() => quiet(expected), { timeout }).toBe(true);
      } catch {
        throw new Error(`The realtime island's sockets are not ${expected === "up" ? "open and subscribed" : "closed"}: ${describe() || "none"}`);
      }
    },
  };
}
