import type { IncomingMessage } from "node:http";
import { Limits, type ProtocolLimits } from "./protocol.ts";

/** pino-compatible: `(details, message)`. */
export interface RealtimeLogger {
  info(details: Record<string, unknown>, message?: string): void;
  warn(details: Record<string, unknown>, message?: string): void;
  error(details: Record<string, unknown>, message?: string): void;
}

export interface RealtimeConfig {
  appId: string;
  key: string;
  secret: string;
  /** redis://... enables scale-out; without it everything stays in this process. */
  redisUrl?: string;
  logger?: RealtimeLogger;
  /** Announced to clients in connection_established (default 120, the pusher-js default). */
  activityTimeoutSeconds?: number;
  /** How long the server waits for any frame after its own pusher:ping before closing with 4201 (default 30). */
  pongTimeoutSeconds?: number;
  /** Per-instance connection cap; beyond it new connections get 4004 (default: unlimited). */
  maxConnections?: number;
  /** Open connections one client address may hold on this instance; beyond it 4004 (default: unlimited). */
  maxConnectionsPerAddress?: number;
  /** The client address of an upgrade request (default: the socket's peer address). */
  clientAddress?: (req: IncomingMessage) => string;
  /** Redis key and channel prefix; give each deployment (or test run) its own. Default `realtime:`. */
  redisKeyPrefix?: string;
  /** Instance heartbeat period and the silence after which an instance counts as dead (defaults 5 s / 15 s). */
  heartbeatIntervalMs?: number;
  heartbeatTimeoutMs?: number;
  limits?: Partial<ProtocolLimits>;
}

export interface ResolvedRealtimeConfig {
  appId: string;
  key: string;
  secret: string;
  redisUrl: string | undefined;
  logger: RealtimeLogger;
  activityTimeoutSeconds: number;
  pongTimeoutSeconds: number;
  maxConnections: number;
  maxConnectionsPerAddress: number;
  clientAddress: (req: IncomingMessage) => string;
  redisKeyPrefix: string;
  heartbeatIntervalMs: number;
  heartbeatTimeoutMs: number;
  limits: ProtocolLimits;
}

const silentLogger: RealtimeLogger = { info() {}, warn() {}, error() {} };

export function resolveConfig(config: RealtimeConfig): ResolvedRealtimeConfig {
  for (const field of ["appId", "key", "secret"] as const) {
    if (typeof config[field] !== "string" || config[field].length === 0) {
      throw new Error(`Realtime config: ${field} is required`);
    }
  }
  const activityTimeoutSeconds = config.activityTimeoutSeconds ?? 120;
  if (!Number.isInteger(activityTimeoutSeconds) || activityTimeoutSeconds < 1) {
    throw new Error("Realtime config: activityTimeoutSeconds must be a positive integer");
  }
  const heartbeatIntervalMs = config.heartbeatIntervalMs ?? 5_000;
  return {
    appId: config.appId,
    key: config.key,
    secret: config.secret,
    redisUrl: config.redisUrl || undefined,
    logger: config.logger ?? silentLogger,
    activityTimeoutSeconds,
    pongTimeoutSeconds: config.pongTimeoutSeconds ?? 30,
    maxConnections: config.maxConnections ?? Number.POSITIVE_INFINITY,
    maxConnectionsPerAddress: config.maxConnectionsPerAddress ?? Number.POSITIVE_INFINITY,
    clientAddress: config.clientAddress ?? ((req) => req.socket.remoteAddress ?? "unknown"),
    redisKeyPrefix: config.redisKeyPrefix ?? "realtime:",
    heartbeatIntervalMs,
    heartbeatTimeoutMs: config.heartbeatTimeoutMs ?? heartbeatIntervalMs * 3,
    limits: { ...Limits, ...config.limits },
  };
}
