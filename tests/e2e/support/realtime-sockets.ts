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
  connected: boolean;
  closed: boolean;
  /** Channels asked for and not yet answered (succeeded or refused). */
  pending: Set<string>;
}

/**
 * Watches every socket the page opens. `settled(expected)` waits until the island is quiet: with `"up"`, exactly one
 * socket open, connected, every subscription it asked for answered, and the others closed; with `"down"`, every
 * socket closed.
 */
export function watchSockets(page: Page) {
  const sockets: SocketState[] = [];
  page.on("websocket", (socket) => {
    const state: SocketState = { socket, connected: false, closed: false, pending: new Set() };
    sockets.push(state);
    socket.on("framesent", ({ payload }) => {
      const frame = parse(payload);
      const channel = frame ? subscribedChannel(frame) : null;
      if (frame?.event === "pusher:subscribe" && channel) state.pending.add(channel);
      if (frame?.event === "pusher:unsubscribe" && channel) state.pending.delete(channel);
    });
    socket.on("framereceived", ({ payload }) => {
      const frame = parse(payload);
      if (frame?.event === "pusher:connection_established") state.connected = true;
      if ((frame?.event === "pusher_internal:subscription_succeeded" || frame?.event === "pusher:subscription_error") && frame.channel) {
        state.pending.delete(frame.channel);
      }
    });
    socket.on("close", () => (state.closed = true));
  });

  const quiet = (expected: "up" | "down"): boolean => {
    const open = sockets.filter((state) => !state.closed);
    if (expected === "down") return open.length === 0;
    return open.length === 1 && open[0].connected && open[0].pending.size === 0;
  };

  return {
    settled: (expected: "up" | "down", timeout = 20_000) =>
      expect.poll(() => quiet(expected), { message: `the realtime island's sockets ${expected === "up" ? "open and subscribed" : "closed"}`, timeout }).toBe(true),
  };
}
