/**
 * Pusher HTTP API (events, batch_events, channels, channel, users) as Node/Express middleware. It reads the raw
 * body itself because body_md5 must be checked against the exact bytes, so mount it before any body parser.
 * Paths are matched relative to the mount point (Express strips it from req.url), and signatures are checked
 * against that relative path, which is what pusher-http-node signs.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { channelKind, checkChannelName, MAX_API_CHANNEL_NAME_LENGTH } from "./channels.ts";
import type { ResolvedRealtimeConfig } from "./config.ts";
import type { PublishRequest, RealtimeEngine } from "./engine.ts";
import { isPlainObject } from "./protocol.ts";
import { parseQueryString, verifyApiRequest, type ApiAuthFailure } from "./signatures.ts";
import { isValidSocketId } from "./socket-id.ts";

export type HttpApiMiddleware = (req: IncomingMessage, res: ServerResponse, next?: (error?: unknown) => void) => void;

const MAX_BODY_BYTES = 256 * 1024;

class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const authFailureMessages: Record<ApiAuthFailure, string> = {
  "missing-parameters": "Missing auth_key, auth_timestamp, auth_version or auth_signature",
  "wrong-key": "Unknown auth_key",
  "unsupported-auth-version": "auth_version must be 1.0",
  "timestamp-expired": "auth_timestamp is more than 600 seconds away from the server time",
  "body-md5-mismatch": "body_md5 does not match the request body",
  "bad-signature": "Invalid signature",
};

export function createHttpApi(engine: RealtimeEngine, config: ResolvedRealtimeConfig): HttpApiMiddleware {
  return (req, res, next) => {
    const url = req.url ?? "/";
    const queryStart = url.indexOf("?");
    const path = queryStart === -1 ? url : url.slice(0, queryStart);
    if (!path.startsWith("/apps/")) {
      if (next) next();
      else sendJson(res, 404, { error: "Not found" });
      return;
    }
    handleApiRequest(engine, config, req, path, queryStart === -1 ? "" : url.slice(queryStart + 1))
      .then((body) => sendJson(res, 200, body))
      .catch((error: unknown) => {
        if (error instanceof ApiError) {
          sendJson(res, error.status, { error: error.message });
          return;
        }
        config.logger.error({ err: error }, "realtime: HTTP API request failed");
        sendJson(res, 500, { error: "Internal error" });
      });
  };
}

async function handleApiRequest(
  engine: RealtimeEngine,
  config: ResolvedRealtimeConfig,
  req: IncomingMessage,
  path: string,
  rawQuery: string,
): Promise<unknown> {
  const segments = path.slice("/apps/".length).split("/");
  const [appId, resource, ...rest] = segments;
  if (decodeSegment(appId) !== config.appId) {
    req.resume();
    throw new ApiError(404, "Unknown app");
  }
  const body = await readRawBody(req);
  const query = parseQueryString(rawQuery);
  const method = (req.method ?? "GET").toUpperCase();
  const auth = verifyApiRequest({
    method,
    path,
    query,
    body,
    key: config.key,
    secret: config.secret,
    nowSeconds: Math.floor(Date.now() / 1000),
  });
  if (!auth.ok) throw new ApiError(401, authFailureMessages[auth.failure]);
  const params = new Map(query.map(([key, value]) => [key.toLowerCase(), value]));

  if (resource === "events" && rest.length === 0) {
    requireMethod(method, "POST");
    return triggerEvent(engine, parseJsonObject(body));
  }
  if (resource === "batch_events" && rest.length === 0) {
    requireMethod(method, "POST");
    return triggerBatch(engine, parseJsonObject(body));
  }
  if (resource === "channels" && rest.length === 0) {
    requireMethod(method, "GET");
    return listChannels(engine, params.get("filter_by_prefix") ?? "", parseInfo(params.get("info")));
  }
  if (resource === "channels" && rest.length === 1) {
    requireMethod(method, "GET");
    return describeChannel(engine, validApiChannel(decodeSegment(rest[0])), parseInfo(params.get("info")));
  }
  if (resource === "channels" && rest.length === 2 && rest[1] === "users") {
    requireMethod(method, "GET");
    return listUsers(engine, validApiChannel(decodeSegment(rest[0])));
  }
  throw new ApiError(404, "Not found");
}

function requireMethod(actual: string, expected: string): void {
  if (actual !== expected) throw new ApiError(405, `Use ${expected}`);
}

function decodeSegment(segment: string | undefined): string {
  if (segment === undefined) return "";
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

async function readRawBody(req: IncomingMessage): Promise<Buffer> {
  const preRead = (req as IncomingMessage & { rawBody?: unknown }).rawBody;
  if (Buffer.isBuffer(preRead)) return preRead;
  if (typeof preRead === "string") return Buffer.from(preRead, "utf8");
  if (req.readableEnded) {
    throw new Error("Request body already consumed: mount the Pusher HTTP API before any body parser");
  }
  // Event-based on purpose: leaving a for-await loop early would destroy the socket before the 413 is written.
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    req.on("end", () => {
      if (size > MAX_BODY_BYTES) reject(new ApiError(413, "Request body too large"));
      else resolve(Buffer.concat(chunks));
    });
    req.on("error", reject);
  });
}

function parseJsonObject(body: Buffer): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString("utf8"));
  } catch {
    throw new ApiError(400, "Body must be JSON");
  }
  if (!isPlainObject(parsed)) throw new ApiError(400, "Body must be a JSON object");
  return parsed;
}

type InfoAttribute = "user_count" | "subscription_count";

function parseInfo(value: string | undefined): Set<InfoAttribute> {
  const attributes = new Set<InfoAttribute>();
  for (const item of (value ?? "").split(",")) {
    const attribute = item.trim();
    if (attribute === "user_count" || attribute === "subscription_count") attributes.add(attribute);
  }
  return attributes;
}

function validApiChannel(name: unknown): string {
  const check = checkChannelName(name, MAX_API_CHANNEL_NAME_LENGTH);
  if (!check.ok) throw new ApiError(400, `Invalid channel name (${check.problem})`);
  return name as string;
}

interface ValidatedEvent extends PublishRequest {
  info: Set<InfoAttribute>;
}

/** One event of /events or of a batch; `limits` come from the protocol (names ≤ 200, data ≤ 10 KB). */
function validateEvent(engine: RealtimeEngine, input: Record<string, unknown>, channels: unknown[]): ValidatedEvent {
  const { limits } = engine.config;
  const { name, data, socket_id: socketId, info } = input;
  if (typeof name !== "string" || name.length === 0) throw new ApiError(400, "name is required");
  if (name.length > limits.maxEventNameLength) throw new ApiError(400, `name exceeds ${limits.maxEventNameLength} characters`);
  if (typeof data !== "string") throw new ApiError(400, "data must be a string");
  if (Buffer.byteLength(data, "utf8") > limits.maxEventDataBytes) {
    throw new ApiError(413, `data exceeds ${limits.maxEventDataBytes} bytes`);
  }
  if (channels.length === 0) throw new ApiError(400, "channels is required");
  if (channels.length > limits.maxChannelsPerTrigger) {
    throw new ApiError(400, `at most ${limits.maxChannelsPerTrigger} channels per event`);
  }
  const validChannels = channels.map(validApiChannel);
  if (socketId !== undefined && socketId !== null && !isValidSocketId(socketId)) throw new ApiError(400, "Invalid socket_id");
  if (info !== undefined && typeof info !== "string") throw new ApiError(400, "info must be a string");
  return {
    event: name,
    data,
    channels: validChannels,
    exceptSocketId: typeof socketId === "string" ? socketId : undefined,
    info: parseInfo(info),
  };
}

async function channelAttributes(engine: RealtimeEngine, channel: string, info: Set<InfoAttribute>): Promise<Record<string, number>> {
  const attributes: Record<string, number> = {};
  if (info.has("subscription_count")) attributes.subscription_count = await engine.subscriptionCount(channel);
  if (info.has("user_count") && channelKind(channel) === "presence") attributes.user_count = await engine.presenceUserCount(channel);
  return attributes;
}

async function triggerEvent(engine: RealtimeEngine, body: Record<string, unknown>): Promise<unknown> {
  const channels = Array.isArray(body.channels) ? body.channels : typeof body.channel === "string" ? [body.channel] : [];
  const event = validateEvent(engine, body, channels);
  await engine.publishEvent(event);
  if (event.info.size === 0) return {};
  const result: Record<string, Record<string, number>> = {};
  for (const channel of event.channels) result[channel] = await channelAttributes(engine, channel, event.info);
  return { channels: result };
}

async function triggerBatch(engine: RealtimeEngine, body: Record<string, unknown>): Promise<unknown> {
  const { batch } = body;
  if (!Array.isArray(batch) || batch.length === 0) throw new ApiError(400, "batch must be a non-empty array");
  if (batch.length > engine.config.limits.maxBatchSize) {
    throw new ApiError(400, `batch exceeds ${engine.config.limits.maxBatchSize} events`);
  }
  const events = batch.map((item) => {
    if (!isPlainObject(item)) throw new ApiError(400, "batch items must be objects");
    return validateEvent(engine, item, [item.channel]);
  });
  for (const event of events) await engine.publishEvent(event);
  if (events.every((event) => event.info.size === 0)) return {};
  return { batch: await Promise.all(events.map((event) => channelAttributes(engine, event.channels[0], event.info))) };
}

async function listChannels(engine: RealtimeEngine, prefix: string, info: Set<InfoAttribute>): Promise<unknown> {
  if (info.has("user_count") && !prefix.startsWith("presence-")) {
    throw new ApiError(400, "info=user_count requires filter_by_prefix=presence-");
  }
  const channels: Record<string, Record<string, number>> = {};
  for (const [channel, subscriptionCount] of await engine.subscriptionCounts()) {
    if (!channel.startsWith(prefix)) continue;
    const attributes: Record<string, number> = {};
    if (info.has("subscription_count")) attributes.subscription_count = subscriptionCount;
    if (info.has("user_count")) attributes.user_count = await engine.presenceUserCount(channel);
    channels[channel] = attributes;
  }
  return { channels };
}

async function describeChannel(engine: RealtimeEngine, channel: string, info: Set<InfoAttribute>): Promise<unknown> {
  if (info.has("user_count") && channelKind(channel) !== "presence") {
    throw new ApiError(400, "info=user_count is only available for presence channels");
  }
  const subscriptionCount = await engine.subscriptionCount(channel);
  const description: Record<string, unknown> = { occupied: subscriptionCount > 0 };
  if (info.has("subscription_count")) description.subscription_count = subscriptionCount;
  if (info.has("user_count")) description.user_count = await engine.presenceUserCount(channel);
  return description;
}

async function listUsers(engine: RealtimeEngine, channel: string): Promise<unknown> {
  if (channelKind(channel) !== "presence") throw new ApiError(400, "Users are only available for presence channels");
  return { users: (await engine.presenceUserIds(channel)).map((id) => ({ id })) };
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  if (res.headersSent) return;
  const text = JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", "content-length": Buffer.byteLength(text) });
  res.end(text);
}
