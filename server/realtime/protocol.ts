import type { RawData } from "ws";

/**
 * Pusher protocol v7 wire format: close codes, limits, inbound frame parsing and outbound frame encoding.
 * Reference: /work/shared/references/pusher-protocol.md sections 1-3.
 */

/** Codes sent as the WebSocket close code (always preceded by a `pusher:error` frame with the same code). */
export const CloseCode = {
  applicationDoesNotExist: 4001,
  overConnectionQuota: 4004,
  pathNotFound: 4005,
  unsupportedProtocol: 4007,
  noProtocolVersion: 4008,
  /** Client sends frames faster than the server accepts them: back off at least 1 s, then reconnect. */
  overCapacity: 4100,
  /** Server shutting down or rebalancing: reconnect immediately. */
  reconnectNow: 4200,
  pongNotReceived: 4201,
} as const;

export type CloseCodeValue = (typeof CloseCode)[keyof typeof CloseCode];

/**
 * Codes only ever sent inside a `pusher:error` frame. pusher-js treats a 43xx close code as "refused"
 * (never reconnects), so these must never reach `ws.close()`.
 */
export const ErrorOnlyCode = {
  clientEventRejected: 4301,
} as const;

export const PROTOCOL_VERSION = { min: 5, max: 7 } as const;

export const Limits = {
  /** WebSocket frame size; larger frames make `ws` close with 1009. */
  maxFrameBytes: 64 * 1024,
  /** Event payload size for client events and the HTTP API (Pusher: 10 KB, answered with 413 on the API). */
  maxEventDataBytes: 10 * 1024,
  clientEventsPerSecond: 10,
  maxEventNameLength: 200,
  maxChannelsPerTrigger: 100,
  maxBatchSize: 10,
  maxPresenceMembers: 100,
  maxUserInfoBytes: 1024,
  maxUserIdLength: 128,
  maxChannelsPerConnection: 100,
  /** A client that does not read (bufferedAmount above this) is cut off with 4100 rather than buffered forever. */
  maxBufferedBytes: 4 * 1024 * 1024,
  /** Token bucket for all inbound frames: burst size and refill per second. */
  inboundFrameBurst: 100,
  inboundFramesPerSecond: 20,
} as const;

export type ProtocolLimits = { -readonly [K in keyof typeof Limits]: number };

export interface InboundFrame {
  event: string;
  channel?: string;
  /** Either the decoded object or the original value; clients may send `data` as object or JSON string. */
  data: unknown;
}

export type FrameParseResult = { ok: true; frame: InboundFrame } | { ok: false; reason: string };

export function parseInboundFrame(raw: RawData, isBinary: boolean): FrameParseResult {
  if (isBinary) return { ok: false, reason: "Binary frames are not supported" };
  const text = rawDataToText(raw);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ok: false, reason: "Invalid JSON" };
  }
  if (!isPlainObject(parsed)) return { ok: false, reason: "Frame must be a JSON object" };
  const { event, channel, data } = parsed;
  if (typeof event !== "string" || event.length === 0) return { ok: false, reason: "Missing event name" };
  if (channel !== undefined && typeof channel !== "string") return { ok: false, reason: "Channel must be a string" };
  return { ok: true, frame: { event, channel, data } };
}

function rawDataToText(raw: RawData): string {
  if (Buffer.isBuffer(raw)) return raw.toString("utf8");
  if (Array.isArray(raw)) return Buffer.concat(raw).toString("utf8");
  return Buffer.from(raw).toString("utf8");
}

/** `pusher:subscribe` data may arrive as an object or as its JSON string. */
export function decodeDataObject(data: unknown): Record<string, unknown> | null {
  if (isPlainObject(data)) return data;
  if (typeof data === "string") {
    try {
      const parsed: unknown = JSON.parse(data);
      return isPlainObject(parsed) ? parsed : null;
    } catch {
      return null;
    }
  }
  return null;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Server events (`pusher:*`, `pusher_internal:*`) carry `data` as a JSON-encoded string ("double encoding"). */
export function encodeProtocolEvent(event: string, data: unknown, channel?: string): string {
  const frame: Record<string, unknown> = { event };
  if (channel !== undefined) frame.channel = channel;
  frame.data = JSON.stringify(data);
  return JSON.stringify(frame);
}

/** `pusher:error` carries `data` as an object, as in the Pusher protocol document. */
export function encodeErrorFrame(code: number | null, message: string): string {
  return JSON.stringify({ event: "pusher:error", data: { code, message } });
}

export interface SubscriptionErrorDetails {
  type: "AuthError" | "LimitReached" | "InvalidChannel" | "ServerError";
  error: string;
  status: number;
}

export function encodeSubscriptionError(channel: string, details: SubscriptionErrorDetails): string {
  return JSON.stringify({ event: "pusher:subscription_error", channel, data: details });
}

/** An application event: `data` is forwarded untouched (string from the HTTP API, any JSON from client events). */
export function encodeChannelEvent(event: string, channel: string, data: unknown, userId?: string): string {
  const frame: Record<string, unknown> = { event, channel, data };
  if (userId !== undefined) frame.user_id = userId;
  return JSON.stringify(frame);
}

export type ProtocolCheck = { ok: true; version: number } | { ok: false; code: CloseCodeValue; message: string };

/** Protocol 5-7 accepted (pusher-js sends 7); a missing value is an error rather than an implicit default. */
export function checkProtocolVersion(value: string | null): ProtocolCheck {
  if (value === null || value === "") {
    return { ok: false, code: CloseCode.noProtocolVersion, message: "No protocol version supplied" };
  }
  if (!/^\d+$/.test(value)) {
    return { ok: false, code: CloseCode.unsupportedProtocol, message: `Unsupported protocol version ${value}` };
  }
  const version = Number(value);
  if (version < PROTOCOL_VERSION.min || version > PROTOCOL_VERSION.max) {
    return { ok: false, code: CloseCode.unsupportedProtocol, message: `Unsupported protocol version ${value}` };
  }
  return { ok: true, version };
}

export function byteLength(value: unknown): number {
  if (typeof value === "string") return Buffer.byteLength(value, "utf8");
  const json = JSON.stringify(value);
  return json === undefined ? 0 : Buffer.byteLength(json, "utf8");
}
