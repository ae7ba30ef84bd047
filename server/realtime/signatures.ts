/** HMAC-SHA256 signatures for channel authorisation and for the Pusher HTTP API, compared in constant time. */
import { createHash, createHmac, timingSafeEqual } from "node:crypto";

export function hmacSha256Hex(secret: string, message: string): string {
  return createHmac("sha256", secret).update(message, "utf8").digest("hex");
}

export function md5Hex(body: Buffer | string): string {
  return createHash("md5").update(body).digest("hex");
}

/** Constant-time string comparison; unequal lengths still cost one comparison so timing reveals nothing useful. */
export function constantTimeEqual(expected: string, received: string): boolean {
  const expectedBytes = Buffer.from(expected, "utf8");
  const receivedBytes = Buffer.from(received, "utf8");
  if (expectedBytes.length !== receivedBytes.length) {
    timingSafeEqual(expectedBytes, expectedBytes);
    return false;
  }
  return timingSafeEqual(expectedBytes, receivedBytes);
}

/** The string Pusher signs for a subscription: `socket_id:channel[:channel_data]` (channel_data byte-exact). */
export function channelAuthMessage(socketId: string, channelName: string, channelData?: string): string {
  return channelData === undefined ? `${socketId}:${channelName}` : `${socketId}:${channelName}:${channelData}`;
}

export function signChannelAuth(input: { key: string; secret: string; socketId: string; channelName: string; channelData?: string }): string {
  const signature = hmacSha256Hex(input.secret, channelAuthMessage(input.socketId, input.channelName, input.channelData));
  return `${input.key}:${signature}`;
}

export function verifyChannelAuth(input: { key: string; secret: string; socketId: string; channelName: string; channelData?: string; auth: unknown }): boolean {
  if (typeof input.auth !== "string") return false;
  const separator = input.auth.indexOf(":");
  if (separator <= 0) return false;
  const receivedKey = input.auth.slice(0, separator);
  const receivedSignature = input.auth.slice(separator + 1);
  const expectedSignature = hmacSha256Hex(input.secret, channelAuthMessage(input.socketId, input.channelName, input.channelData));
  const keyMatches = constantTimeEqual(input.key, receivedKey);
  const signatureMatches = constantTimeEqual(expectedSignature, receivedSignature);
  return keyMatches && signatureMatches;
}

/** Query parameter as received: decoded value, original key. */
export type QueryPair = [key: string, value: string];

/**
 * Decodes a raw query string without turning `+` into spaces: pusher-http-node sends values unescaped and signs
 * them that way, so the only transformation we may undo is percent-encoding added by the HTTP client.
 */
export function parseQueryString(rawQuery: string): QueryPair[] {
  if (rawQuery === "") return [];
  return rawQuery
    .split("&")
    .filter(Boolean)
    .map((part) => {
      const equals = part.indexOf("=");
      const key = equals === -1 ? part : part.slice(0, equals);
      const value = equals === -1 ? "" : part.slice(equals + 1);
      return [safeDecode(key), safeDecode(value)];
    });
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** `METHOD\nPATH\nk=v&...` with keys lowercased and sorted, `auth_signature` excluded, values not escaped. */
export function apiStringToSign(method: string, path: string, query: QueryPair[]): string {
  const canonicalQuery = query
    .filter(([key]) => key.toLowerCase() !== "auth_signature")
    .map(([key, value]): QueryPair => [key.toLowerCase(), value])
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, value]) => `${key}=${value}`)
    .join("&");
  return `${method.toUpperCase()}\n${path}\n${canonicalQuery}`;
}

export const API_TIMESTAMP_GRACE_SECONDS = 600;

export type ApiAuthFailure = "missing-parameters" | "wrong-key" | "unsupported-auth-version" | "timestamp-expired" | "body-md5-mismatch" | "bad-signature";

export type ApiAuthResult = { ok: true } | { ok: false; failure: ApiAuthFailure };

export function verifyApiRequest(input: {
  method: string;
  path: string;
  query: QueryPair[];
  body: Buffer;
  key: string;
  secret: string;
  nowSeconds: number;
}): ApiAuthResult {
  const params = new Map(input.query.map(([key, value]) => [key.toLowerCase(), value]));
  const authKey = params.get("auth_key");
  const timestamp = params.get("auth_timestamp");
  const version = params.get("auth_version");
  const signature = params.get("auth_signature");
  if (authKey === undefined || timestamp === undefined || version === undefined || signature === undefined) {
    return { ok: false, failure: "missing-parameters" };
  }
  if (!constantTimeEqual(input.key, authKey)) return { ok: false, failure: "wrong-key" };
  if (version !== "1.0") return { ok: false, failure: "unsupported-auth-version" };
  const timestampSeconds = Number(timestamp);
  if (!/^\d+$/.test(timestamp) || Math.abs(input.nowSeconds - timestampSeconds) >= API_TIMESTAMP_GRACE_SECONDS) {
    return { ok: false, failure: "timestamp-expired" };
  }
  if (input.body.length > 0) {
    const bodyMd5 = params.get("body_md5");
    if (bodyMd5 === undefined || !constantTimeEqual(md5Hex(input.body), bodyMd5)) {
      return { ok: false, failure: "body-md5-mismatch" };
    }
  }
  const expected = hmacSha256Hex(input.secret, apiStringToSign(input.method, input.path, input.query));
  if (!constantTimeEqual(expected, signature)) return { ok: false, failure: "bad-signature" };
  return { ok: true };
}

/** Signs an HTTP API request the way pusher-http-node does (used by the benchmark and tests' raw requests). */
export function signApiQuery(input: {
  method: string;
  path: string;
  key: string;
  secret: string;
  body?: string;
  params?: Record<string, string>;
  timestampSeconds?: number;
}): string {
  const query: QueryPair[] = [
    ["auth_key", input.key],
    ["auth_timestamp", String(input.timestampSeconds ?? Math.floor(Date.now() / 1000))],
    ["auth_version", "1.0"],
  ];
  if (input.body) query.push(["body_md5", md5Hex(input.body)]);
  for (const [key, value] of Object.entries(input.params ?? {})) query.push([key, value]);
  const signature = hmacSha256Hex(input.secret, apiStringToSign(input.method, input.path, query));
  return [...query, ["auth_signature", signature]].map(([key, value]) => `${key}=${value}`).join("&");
}
