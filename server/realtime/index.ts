/**
 * Public entry of the realtime server (Pusher protocol v7 over `ws`, optional Redis scale-out).
 *
 *   const realtime = await createRealtimeServer({ appId, key, secret, redisUrl });
 *   server.on("upgrade", (req, socket, head) => { if (!realtime.handleUpgrade(req, socket, head)) socket.destroy(); });
 *   app.use(realtime.httpApi); // before any body parser
 */
import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { WebSocketServer } from "ws";
import { createEmbeddedBroadcaster, type Broadcaster } from "./broadcast.ts";
import { SingleNodeAdapter, type ClusterAdapter } from "./cluster.ts";
import { resolveConfig, type RealtimeConfig } from "./config.ts";
import { RealtimeEngine } from "./engine.ts";
import { createHttpApi, type HttpApiMiddleware } from "./http-api.ts";
import { RedisClusterAdapter } from "./redis-adapter.ts";
import { parseUpgradeTarget, refuseUpgrade } from "./upgrade.ts";

export interface RealtimeServer {
  /**
   * Takes WebSocket upgrades for `/app/...` and returns true; returns false for any other path. A malformed
   * request gets an HTTP 400; nothing about the request can make it throw.
   */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean;
  /** Pusher HTTP API as Node/Express middleware; calls next() for paths outside `/apps/`. */
  httpApi: HttpApiMiddleware;
  /** Embedded driver: local hub, plus Redis fan-out when `redisUrl` is set. */
  broadcaster: Broadcaster;
  /** This instance's open connections and occupied channels. */
  stats(): { connections: number; channels: number };
  /** Sends 4200 (reconnect) to every client, removes their presence, leaves the cluster. */
  close(): Promise<void>;
  /** Resolves once the instance has joined the Redis cluster (immediately without Redis). Usable before that. */
  ready: Promise<void>;
}

export function createRealtimeServer(config: RealtimeConfig): RealtimeServer {
  const resolved = resolveConfig(config);
  const engine = new RealtimeEngine(resolved, (hub): ClusterAdapter => {
    if (resolved.redisUrl === undefined) return new SingleNodeAdapter(hub);
    return new RedisClusterAdapter({
      url: resolved.redisUrl,
      keyPrefix: resolved.redisKeyPrefix,
      appId: resolved.appId,
      heartbeatIntervalMs: resolved.heartbeatIntervalMs,
      heartbeatTimeoutMs: resolved.heartbeatTimeoutMs,
      logger: resolved.logger,
    });
  });
  const ready = engine.start();

  const webSockets = new WebSocketServer({
    noServer: true,
    clientTracking: false,
    perMessageDeflate: false,
    maxPayload: resolved.limits.maxFrameBytes,
  });

  return {
    handleUpgrade(req, socket, head) {
      const target = parseUpgradeTarget(req.url);
      if (!target.ok) {
        refuseUpgrade(socket, target.status, target.message);
        return true;
      }
      if (!target.url.pathname.startsWith("/app/")) return false;
      try {
        const clientAddress = resolved.clientAddress(req);
        webSockets.handleUpgrade(req, socket, head, (webSocket) => engine.acceptSocket(webSocket, socket, target.url, clientAddress));
      } catch (error) {
        // One bad upgrade must never take the process down with it.
        resolved.logger.error({ err: error }, "realtime: upgrade failed");
        if (!socket.destroyed) socket.destroy();
      }
      return true;
    },
    httpApi: createHttpApi(engine, resolved),
    broadcaster: createEmbeddedBroadcaster(engine),
    stats: () => engine.stats(),
    ready,
    async close() {
      await ready.catch(() => undefined);
      await engine.close();
      webSockets.close();
    },
  };
}

export { authorizeChannel, ChannelAuthorizationError, type PresenceData } from "./authorize.ts";
export {
  accountChannelName,
  cartChannelName,
  parseAccountChannel,
  parseCartChannel,
  parseUserChannel,
  PLATFORM_CHANNEL,
  userChannelName,
} from "./app-channels.ts";
export { BroadcastError, createBroadcaster, createMemoryBroadcaster, type Broadcaster } from "./broadcast.ts";
export { pusherClientOptions } from "./client-options.ts";
export type { RealtimeConfig } from "./config.ts";
export { refuseUpgrade } from "./upgrade.ts";
export type { HttpApiMiddleware } from "./http-api.ts";
