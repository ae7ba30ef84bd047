/**
 * One way for services to publish realtime events, whatever serves the WebSockets:
 * - `embedded`: this process's realtime server (its local hub, plus Redis fan-out when it runs with Redis);
 * - `pusher`: any Pusher-compatible server through the official `pusher` SDK (REALTIME_DRIVER=pusher);
 * - `memory`: records broadcasts without sending them (tests, or realtime disabled).
 */
import Pusher from "pusher";
import { checkChannelName, MAX_API_CHANNEL_NAME_LENGTH } from "./channels.ts";
import type { PublishRequest } from "./engine.ts";
import { Limits } from "./protocol.ts";
import { isValidSocketId } from "./socket-id.ts";

export interface BroadcastOptions {
  /** Socket to leave out (Laravel's toOthers(); the browser sends it as X-Socket-Id). */
  exceptSocketId?: string;
}

export interface Broadcaster {
  broadcast(channel: string, event: string, payload: unknown, opts?: BroadcastOptions): Promise<void>;
}

export interface EventPublisher {
  publishEvent(request: PublishRequest): Promise<void>;
}

export class BroadcastError extends Error {}

export interface PusherDriverConfig {
  appId: string;
  key: string;
  secret: string;
  host: string;
  port?: number;
  useTLS?: boolean;
  timeoutMs?: number;
}

export type BroadcasterConfig =
  /** `server` is what createRealtimeServer returned; its broadcaster is used as is. */
  { driver: "embedded"; server: { broadcaster: Broadcaster } } | ({ driver: "pusher" } & PusherDriverConfig) | { driver: "memory" };

export interface BroadcastRecord {
  channel: string;
  event: string;
  data: string;
  exceptSocketId?: string;
}

export interface MemoryBroadcaster extends Broadcaster {
  readonly sent: BroadcastRecord[];
}

/** Same rules as the HTTP API, checked before anything leaves the process. */
function prepare(channel: string, event: string, payload: unknown, opts: BroadcastOptions | undefined): BroadcastRecord {
  const nameCheck = checkChannelName(channel, MAX_API_CHANNEL_NAME_LENGTH);
  if (!nameCheck.ok) throw new BroadcastError(`Invalid channel name ${JSON.stringify(channel)} (${nameCheck.problem})`);
  if (event.length === 0 || event.length > Limits.maxEventNameLength) throw new BroadcastError("Invalid event name");
  // Strings pass through unchanged, like the pusher SDK does; everything else is JSON-encoded.
  const data = typeof payload === "string" ? payload : JSON.stringify(payload ?? null);
  if (Buffer.byteLength(data, "utf8") > Limits.maxEventDataBytes) {
    throw new BroadcastError(`Payload exceeds ${Limits.maxEventDataBytes} bytes`);
  }
  const exceptSocketId = opts?.exceptSocketId || undefined;
  if (exceptSocketId !== undefined && !isValidSocketId(exceptSocketId)) throw new BroadcastError("Invalid socket id");
  return { channel, event, data, exceptSocketId };
}

export function createEmbeddedBroadcaster(publisher: EventPublisher): Broadcaster {
  return {
    async broadcast(channel, event, payload, opts) {
      const record = prepare(channel, event, payload, opts);
      await publisher.publishEvent({
        channels: [record.channel],
        event: record.event,
        data: record.data,
        exceptSocketId: record.exceptSocketId,
      });
    },
  };
}

export function createPusherBroadcaster(config: PusherDriverConfig): Broadcaster {
  const client = new Pusher({
    appId: config.appId,
    key: config.key,
    secret: config.secret,
    host: config.host,
    port: config.port === undefined ? undefined : String(config.port),
    useTLS: config.useTLS ?? false,
    timeout: config.timeoutMs ?? 10_000,
  });
  return {
    async broadcast(channel, event, payload, opts) {
      const record = prepare(channel, event, payload, opts);
      await client.trigger(record.channel, record.event, record.data, record.exceptSocketId === undefined ? undefined : { socket_id: record.exceptSocketId });
    },
  };
}

export function createMemoryBroadcaster(): MemoryBroadcaster {
  const sent: BroadcastRecord[] = [];
  return {
    sent,
    async broadcast(channel, event, payload, opts) {
      sent.push(prepare(channel, event, payload, opts));
    },
  };
}

export function createBroadcaster(config: BroadcasterConfig): Broadcaster {
  switch (config.driver) {
    case "embedded":
      return config.server.broadcaster;
    case "pusher":
      return createPusherBroadcaster(config);
    case "memory":
      return createMemoryBroadcaster();
  }
}
