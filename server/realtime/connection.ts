/** One client WebSocket: its socket id, subscriptions, liveness, rate limits and an ordered task queue. */
import type { Duplex } from "node:stream";
import WebSocket from "ws";
import type { ChannelKind } from "./channels.ts";
import type { SharedFrame } from "./frames.ts";
import type { ChannelSubscriber } from "./hub.ts";
import { acceptMemberChange } from "./presence.ts";
import { encodeErrorFrame, type CloseCodeValue, type ProtocolLimits } from "./protocol.ts";

export interface Subscription {
  kind: ChannelKind;
  /** Pending until subscription_succeeded was sent; frames for pending channels are held back meanwhile. */
  state: "pending" | "active";
  /** Presence channels: the user id this socket joined as. */
  userId?: string;
  userInfoJson?: string;
  heldFrames: SharedFrame[];
  /** Presence channels: the user ids this client currently believes present (see acceptMemberChange). */
  knownMembers?: Set<string>;
}

/** A socket being closed may need a moment for the close handshake; after this it is cut. */
const CLOSE_HANDSHAKE_GRACE_MS = 2_000;
const MAX_HELD_FRAMES = 1_000;

/** TCP sockets corked during the current tick, uncorked together once its work is done (see writeCorked). */
const corkedTransports: Duplex[] = [];

function uncorkAll(): void {
  for (const transport of corkedTransports.splice(0)) transport.uncork();
}

/**
 * Frames written to one socket in the same tick (a Redis read carrying several messages, an event for several of its
 * channels) leave in one system call instead of one each.
 */
function writeCorked(transport: Duplex, bytes: Buffer): void {
  if (transport.writableCorked === 0) {
    if (corkedTransports.length === 0) process.nextTick(uncorkAll);
    transport.cork();
    corkedTransports.push(transport);
  }
  transport.write(bytes);
}

export class ClientConnection implements ChannelSubscriber {
  readonly subscriptions = new Map<string, Subscription>();
  lastInboundAt = Date.now();
  /** Set when the server sent pusher:ping and no frame has arrived since. */
  pingSentAt: number | null = null;
  private closing = false;
  private taskChain: Promise<void> | null = null;
  private readonly clientEventTimes: number[] = [];
  private inboundTokens: number;
  private tokensRefilledAt = Date.now();
  /** Pre-framed bytes may skip `ws` only while no extension (compression) rewrites frames. */
  private readonly writesFramesItself: boolean;

  /** `transport` is the TCP socket under `socket`, where shared frames are written as they are. */
  constructor(
    private readonly socket: WebSocket,
    private readonly transport: Duplex,
    readonly socketId: string,
    private readonly limits: ProtocolLimits,
    private readonly onSlowConsumer: (connection: ClientConnection) => void,
  ) {
    this.inboundTokens = limits.inboundFrameBurst;
    this.writesFramesItself = socket.extensions === "";
  }

  get isOpen(): boolean {
    return !this.closing && this.socket.readyState === WebSocket.OPEN;
  }

  send(frame: string | Buffer): void {
    if (!this.isOpen) return;
    this.socket.send(frame, { binary: false });
    this.checkBuffered();
  }

  /** Writes a frame shared with other sockets: the same bytes for all of them, no framing per socket. */
  sendShared(frame: SharedFrame): void {
    if (!this.writesFramesItself) {
      this.send(frame.text);
      return;
    }
    if (!this.isOpen) return;
    writeCorked(this.transport, frame.wire);
    this.checkBuffered();
  }

  private checkBuffered(): void {
    if (this.socket.bufferedAmount > this.limits.maxBufferedBytes) this.onSlowConsumer(this);
  }

  deliver(channel: string, frame: SharedFrame): void {
    const subscription = this.subscriptions.get(channel);
    if (subscription === undefined) return;
    if (subscription.state === "pending") {
      if (subscription.heldFrames.length < MAX_HELD_FRAMES) subscription.heldFrames.push(frame);
      return;
    }
    if (subscription.knownMembers !== undefined && !acceptMemberChange(subscription.knownMembers, frame.text)) return;
    this.sendShared(frame);
  }

  /** Confirms a pending subscription, then sends what arrived for it in the meantime. */
  activate(channel: string, confirmation: string, presentUserIds?: Iterable<string>): void {
    const subscription = this.subscriptions.get(channel);
    if (subscription === undefined) return;
    subscription.state = "active";
    if (presentUserIds !== undefined) subscription.knownMembers = new Set(presentUserIds);
    const held = subscription.heldFrames;
    subscription.heldFrames = [];
    this.send(confirmation);
    for (const frame of held) this.deliver(channel, frame);
  }

  sendError(code: number | null, message: string): void {
    this.send(encodeErrorFrame(code, message));
  }

  /** Error frame, then the same close code: pusher-js only acts on the close code once connected. */
  closeWithError(code: CloseCodeValue, message: string): void {
    if (this.closing) return;
    this.closing = true;
    if (this.socket.readyState === WebSocket.OPEN) {
      this.socket.send(encodeErrorFrame(code, message));
      this.socket.close(code, message.slice(0, 120));
    }
    const cutOff = setTimeout(() => this.socket.terminate(), CLOSE_HANDSHAKE_GRACE_MS);
    cutOff.unref();
    this.socket.once("close", () => clearTimeout(cutOff));
  }

  recordInbound(now: number): void {
    this.lastInboundAt = now;
    this.pingSentAt = null;
  }

  /** Token bucket over all inbound frames; false means the client floods. */
  takeInboundToken(now: number): boolean {
    const elapsedSeconds = (now - this.tokensRefilledAt) / 1000;
    this.tokensRefilledAt = now;
    this.inboundTokens = Math.min(this.limits.inboundFrameBurst, this.inboundTokens + elapsedSeconds * this.limits.inboundFramesPerSecond);
    if (this.inboundTokens < 1) return false;
    this.inboundTokens -= 1;
    return true;
  }

  /** Sliding one-second window: at most `clientEventsPerSecond` accepted client events. */
  takeClientEventSlot(now: number): boolean {
    const windowStart = now - 1000;
    while (this.clientEventTimes.length > 0 && this.clientEventTimes[0] <= windowStart) this.clientEventTimes.shift();
    if (this.clientEventTimes.length >= this.limits.clientEventsPerSecond) return false;
    this.clientEventTimes.push(now);
    return true;
  }

  /** Runs tasks one after another in arrival order; synchronous tasks run immediately when the queue is idle. */
  runExclusive(task: () => void | Promise<void>, onError: (error: unknown) => void): void {
    const run = (): void | Promise<void> => {
      try {
        return task();
      } catch (error) {
        onError(error);
      }
    };
    if (this.taskChain === null) {
      const result = run();
      if (result instanceof Promise) this.track(result.catch(onError));
      return;
    }
    this.track(this.taskChain.then(run).catch(onError));
  }

  /** Resolves when every queued task has finished. */
  idle(): Promise<void> {
    return this.taskChain ?? Promise.resolve();
  }

  private track(chain: Promise<void>): void {
    const tracked = chain.finally(() => {
      if (this.taskChain === tracked) this.taskChain = null;
    });
    this.taskChain = tracked;
  }
}
