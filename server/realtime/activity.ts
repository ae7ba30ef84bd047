/**
 * Server-side liveness: after a silence the server sends pusher:ping; if nothing arrives within the pong timeout
 * the connection is closed with 4201. The server waits a little longer than the announced activity_timeout so a
 * healthy pusher-js client, which pings after exactly activity_timeout, always pings first.
 */
import type { ClientConnection } from "./connection.ts";
import { encodeProtocolEvent } from "./protocol.ts";

export interface ActivityPolicy {
  idleBeforePingMs: number;
  pongTimeoutMs: number;
  sweepIntervalMs: number;
}

export function activityPolicy(activityTimeoutSeconds: number, pongTimeoutSeconds: number): ActivityPolicy {
  const activityMs = activityTimeoutSeconds * 1000;
  const idleBeforePingMs = activityMs + Math.max(1000, Math.round(activityMs * 0.1));
  const pongTimeoutMs = pongTimeoutSeconds * 1000;
  const sweepIntervalMs = Math.max(100, Math.min(1000, Math.floor(idleBeforePingMs / 4), Math.floor(pongTimeoutMs / 4)));
  return { idleBeforePingMs, pongTimeoutMs, sweepIntervalMs };
}

const PING_FRAME = encodeProtocolEvent("pusher:ping", {});

export function sweepIdleConnections(
  connections: Iterable<ClientConnection>,
  now: number,
  policy: ActivityPolicy,
  onPongTimeout: (connection: ClientConnection) => void,
): void {
  for (const connection of connections) {
    if (connection.pingSentAt !== null) {
      if (now - connection.pingSentAt >= policy.pongTimeoutMs) onPongTimeout(connection);
      continue;
    }
    if (now - connection.lastInboundAt >= policy.idleBeforePingMs) {
      connection.pingSentAt = now;
      connection.send(PING_FRAME);
    }
  }
}
