/** A plain `ws` client that records every frame, for protocol edge cases pusher-js would never produce. */
import WebSocket from "ws";
import { authorizeChannel, type PresenceData } from "../../../server/realtime/index.ts";
import type { TestApp } from "./harness.ts";
import { withTimeout } from "./wait.ts";

export interface Frame {
  event: string;
  channel?: string;
  data?: unknown;
  user_id?: string;
  /** `data` decoded when it was a JSON string. */
  payload: unknown;
  raw: string;
}

export interface CloseInfo {
  code: number;
  reason: string;
}

type Waiter = { predicate: (frame: Frame) => boolean; resolve: (frame: Frame) => void };

export class RawClient {
  readonly frames: Frame[] = [];
  readonly closed: Promise<CloseInfo>;
  private cursor = 0;
  private waiters: Waiter[] = [];

  private constructor(readonly socket: WebSocket) {
    socket.on("message", (data, isBinary) => {
      const text = isBinary ? `<binary ${String(data)}>` : String(data);
      const frame = parseFrame(text);
      this.frames.push(frame);
      this.waiters = this.waiters.filter((waiter) => {
        if (!waiter.predicate(frame)) return true;
        waiter.resolve(frame);
        return false;
      });
    });
    this.closed = new Promise((resolve) => socket.on("close", (code, reason) => resolve({ code, reason: String(reason) })));
    socket.on("error", () => undefined);
  }

  /** Opens a socket and resolves after the WebSocket handshake (not the Pusher handshake). */
  static async open(url: string, timeoutMs = 5_000): Promise<RawClient> {
    const socket = new WebSocket(url);
    const client = new RawClient(socket);
    await withTimeout(
      new Promise<void>((resolve, reject) => {
        socket.once("open", () => resolve());
        socket.once("error", reject);
      }),
      timeoutMs,
      `WebSocket open ${url}`,
    );
    return client;
  }

  /** Opens a socket and waits for pusher:connection_established. */
  static async connect(url: string): Promise<RawClient> {
    const client = await RawClient.open(url);
    await client.next((frame) => frame.event === "pusher:connection_established", "connection_established");
    return client;
  }

  get socketId(): string {
    const established = this.frames.find((frame) => frame.event === "pusher:connection_established");
    const payload = established?.payload as { socket_id?: string } | undefined;
    if (!payload?.socket_id) throw new Error("Not connected");
    return payload.socket_id;
  }

  send(message: unknown): void {
    this.socket.send(JSON.stringify(message));
  }

  sendRaw(data: string | Buffer, options: { binary?: boolean } = {}): void {
    this.socket.send(data, { binary: options.binary ?? false });
  }

  /** Next frame (after those already consumed by earlier `next` calls) matching the predicate. */
  next(predicate: (frame: Frame) => boolean, label: string, timeoutMs = 5_000): Promise<Frame> {
    for (; this.cursor < this.frames.length; this.cursor += 1) {
      const frame = this.frames[this.cursor];
      if (predicate(frame)) {
        this.cursor += 1;
        return Promise.resolve(frame);
      }
    }
    const found = new Promise<Frame>((resolve) => {
      this.waiters.push({
        predicate,
        resolve: (frame) => {
          this.cursor = this.frames.length;
          resolve(frame);
        },
      });
    });
    return withTimeout(found, timeoutMs, label);
  }

  nextEvent(event: string, channel?: string, timeoutMs?: number): Promise<Frame> {
    return this.next(
      (frame) => frame.event === event && (channel === undefined || frame.channel === channel),
      `${event}${channel ? ` on ${channel}` : ""}`,
      timeoutMs,
    );
  }

  /** Round trip through the server: everything the server sent before the pong has arrived when this resolves. */
  async barrier(): Promise<void> {
    const seen = this.frames.length;
    this.send({ event: "pusher:ping", data: {} });
    await withTimeout(
      new Promise<void>((resolve) => {
        const check = (frame: Frame) => frame.event === "pusher:pong";
        if (this.frames.slice(seen).some(check)) return resolve();
        this.waiters.push({ predicate: check, resolve: () => resolve() });
      }),
      5_000,
      "pong (barrier)",
    );
  }

  framesFor(event: string, channel?: string): Frame[] {
    return this.frames.filter((frame) => frame.event === event && (channel === undefined || frame.channel === channel));
  }

  /** Subscribes and resolves with subscription_succeeded or subscription_error for that channel. */
  async subscribe(channel: string, extra: { auth?: string; channel_data?: string } = {}): Promise<Frame> {
    const start = this.frames.length;
    this.send({ event: "pusher:subscribe", data: { channel, auth: extra.auth ?? "", ...(extra.channel_data ? { channel_data: extra.channel_data } : {}) } });
    const isReply = (frame: Frame) =>
      frame.channel === channel && (frame.event === "pusher_internal:subscription_succeeded" || frame.event === "pusher:subscription_error");
    const existing = this.frames.slice(start).find(isReply);
    if (existing) return existing;
    return withTimeout(new Promise<Frame>((resolve) => this.waiters.push({ predicate: isReply, resolve })), 5_000, `subscription reply for ${channel}`);
  }

  /** Authorises with the app's secret (like the back API would) and subscribes. */
  subscribeAuthorised(app: TestApp, channel: string, presenceData?: PresenceData): Promise<Frame> {
    const body = authorizeChannel({ socketId: this.socketId, channelName: channel, key: app.key, secret: app.secret, presenceData });
    return this.subscribe(channel, body);
  }

  close(): void {
    if (this.socket.readyState === WebSocket.OPEN || this.socket.readyState === WebSocket.CONNECTING) this.socket.terminate();
  }
}

function parseFrame(raw: string): Frame {
  try {
    const parsed = JSON.parse(raw) as Omit<Frame, "payload" | "raw">;
    let payload: unknown = parsed.data;
    if (typeof payload === "string") {
      try {
        payload = JSON.parse(payload);
      } catch {
        // data that is not JSON stays a string
      }
    }
    return { ...parsed, payload, raw };
  } catch {
    return { event: "<unparseable>", payload: raw, raw };
  }
}
