/** A running realtime node: accepts sockets, dispatches frames, publishes events, answers channel queries. */
import type { Duplex } from "node:stream";
import WebSocket from "ws";
import { activityPolicy, sweepIdleConnections, type ActivityPolicy } from "./activity.ts";
import { handleClientEvent } from "./client-events.ts";
import type { ChannelFrame, ClusterAdapter, LocalClusterState } from "./cluster.ts";
import type { ResolvedRealtimeConfig } from "./config.ts";
import { ClientConnection } from "./connection.ts";
import type { RealtimeContext } from "./context.ts";
import { LocalHub } from "./hub.ts";
import {
  checkProtocolVersion,
  CloseCode,
  encodeChannelEvent,
  encodeErrorFrame,
  encodeProtocolEvent,
  parseInboundFrame,
  type CloseCodeValue,
} from "./protocol.ts";
import { constantTimeEqual } from "./signatures.ts";
import { generateSocketId } from "./socket-id.ts";
import { handleUnsubscribeFrame, subscribe, unsubscribe } from "./subscriptions.ts";
import { safeDecode } from "./upgrade.ts";

/** A subscription is confirmed after at most this long even if the cluster has not acknowledged the watch yet. */
const WATCH_WAIT_LIMIT_MS = 2_000;
const PONG_FRAME = encodeProtocolEvent("pusher:pong", {});

export interface PublishRequest {
  channels: string[];
  event: string;
  /** Sent to subscribers untouched (the HTTP API requires a string). */
  data: string;
  exceptSocketId?: string;
}

export class RealtimeEngine implements RealtimeContext {
  readonly hub = new LocalHub();
  readonly cluster: ClusterAdapter;
  private readonly connections = new Map<string, ClientConnection>();
  /** Open connections per client address, for the per-address cap. */
  private readonly connectionsPerAddress = new Map<string, number>();
  private readonly addressOf = new WeakMap<ClientConnection, string>();
  private readonly watches = new Map<string, Promise<void>>();
  private readonly cleanups = new Set<Promise<void>>();
  private readonly policy: ActivityPolicy;
  private sweepTimer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    readonly config: ResolvedRealtimeConfig,
    createCluster: (hub: LocalHub) => ClusterAdapter,
  ) {
    this.cluster = createCluster(this.hub);
    this.policy = activityPolicy(config.activityTimeoutSeconds, config.pongTimeoutSeconds);
  }

  /** Usable at once; the promise settles when the cluster adapter has started. */
  start(): Promise<void> {
    this.sweepTimer = setInterval(() => {
      sweepIdleConnections(this.connections.values(), Date.now(), this.policy, (connection) =>
        this.disconnect(connection, CloseCode.pongNotReceived, "Pong reply not received"),
      );
    }, this.policy.sweepIntervalMs);
    this.sweepTimer.unref();
    return this.cluster.start({
      onRemoteFrame: (channel, frame, exceptSocketId) => {
        this.hub.deliver(channel, frame, exceptSocketId);
      },
      localState: () => this.localState(),
    });
  }

  /** Snapshot used by the Redis adapter to rebuild this node's shared state after Redis lost it. */
  localState(): LocalClusterState {
    const presence: LocalClusterState["presence"] = [];
    for (const connection of this.connections.values()) {
      for (const [channel, subscription] of connection.subscriptions) {
        if (subscription.userId === undefined || subscription.userInfoJson === undefined) continue;
        presence.push({
          channel,
          member: { socketId: connection.socketId, userId: subscription.userId, userInfoJson: subscription.userInfoJson },
        });
      }
    }
    return { subscriptionCounts: this.hub.subscriptionCounts(), presence };
  }

  /**
   * Never throws: whatever goes wrong with one socket is logged and ends that socket only. `transport` is the
   * upgraded TCP socket that `socket` runs on.
   */
  acceptSocket(socket: WebSocket, transport: Duplex, requestUrl: URL, clientAddress = "unknown"): void {
    socket.on("error", (error) => this.config.logger.warn({ err: error }, "realtime: socket error"));
    try {
      this.openConnection(socket, transport, requestUrl, clientAddress);
    } catch (error) {
      this.config.logger.error({ err: error }, "realtime: could not accept a connection");
      socket.terminate();
    }
  }

  private openConnection(socket: WebSocket, transport: Duplex, requestUrl: URL, clientAddress: string): void {
    const rejection = this.handshakeRejection(requestUrl, clientAddress);
    if (rejection !== null) {
      rejectSocket(socket, rejection.code, rejection.message);
      return;
    }
    let socketId = generateSocketId();
    while (this.connections.has(socketId)) socketId = generateSocketId();
    const connection = new ClientConnection(socket, transport, socketId, this.config.limits, (slow) =>
      this.disconnect(slow, CloseCode.overCapacity, "Client is not reading its messages"),
    );
    this.connections.set(socketId, connection);
    this.addressOf.set(connection, clientAddress);
    this.connectionsPerAddress.set(clientAddress, (this.connectionsPerAddress.get(clientAddress) ?? 0) + 1);
    socket.on("message", (raw, isBinary) => {
      try {
        this.onMessage(connection, raw, isBinary);
      } catch (error) {
        this.config.logger.error({ err: error }, "realtime: message handling failed");
        this.disconnect(connection, CloseCode.reconnectNow, "Internal error");
      }
    });
    socket.on("ping", () => connection.recordInbound(Date.now()));
    socket.on("pong", () => connection.recordInbound(Date.now()));
    socket.on("close", () => void this.forget(connection));
    connection.send(
      encodeProtocolEvent("pusher:connection_established", {
        socket_id: socketId,
        activity_timeout: this.config.activityTimeoutSeconds,
      }),
    );
  }

  private handshakeRejection(url: URL, clientAddress: string): { code: CloseCodeValue; message: string } | null {
    if (this.closed) return { code: CloseCode.reconnectNow, message: "Server is shutting down" };
    const match = /^\/app\/([^/]+)$/.exec(url.pathname);
    if (match === null) return { code: CloseCode.pathNotFound, message: "Path not found" };
    const key = safeDecode(match[1]);
    if (key === null || !constantTimeEqual(this.config.key, key)) {
      return { code: CloseCode.applicationDoesNotExist, message: "Application does not exist" };
    }
    const protocol = checkProtocolVersion(url.searchParams.get("protocol"));
    if (!protocol.ok) return { code: protocol.code, message: protocol.message };
    if (this.connections.size >= this.config.maxConnections) {
      return { code: CloseCode.overConnectionQuota, message: "Application is over connection quota" };
    }
    if ((this.connectionsPerAddress.get(clientAddress) ?? 0) >= this.config.maxConnectionsPerAddress) {
      return { code: CloseCode.overConnectionQuota, message: "Too many connections from this address" };
    }
    return null;
  }

  private onMessage(connection: ClientConnection, raw: WebSocket.RawData, isBinary: boolean): void {
    // `ws` still emits frames that were buffered before a close; a closing connection must not subscribe again.
    if (!connection.isOpen) return;
    const now = Date.now();
    connection.recordInbound(now);
    if (!connection.takeInboundToken(now)) {
      this.disconnect(connection, CloseCode.overCapacity, "Too many messages: back off and reconnect");
      return;
    }
    const parsed = parseInboundFrame(raw, isBinary);
    if (!parsed.ok) {
      connection.sendError(null, `Invalid message format: ${parsed.reason}`);
      return;
    }
    const { frame } = parsed;
    const onError = (error: unknown) => this.config.logger.error({ err: error, event: frame.event }, "realtime: frame handling failed");
    switch (frame.event) {
      case "pusher:ping":
        // Queued like everything else so the pong also confirms that earlier frames were handled.
        connection.runExclusive(() => connection.send(PONG_FRAME), onError);
        return;
      case "pusher:pong":
        return;
      case "pusher:subscribe":
        connection.runExclusive(() => subscribe(this, connection, frame.data), onError);
        return;
      case "pusher:unsubscribe":
        connection.runExclusive(() => handleUnsubscribeFrame(this, connection, frame.data), onError);
        return;
    }
    if (frame.event.startsWith("pusher:") || frame.event.startsWith("pusher_internal:")) {
      connection.sendError(null, `Unsupported event ${frame.event.slice(0, 60)}`);
      return;
    }
    connection.runExclusive(() => handleClientEvent(this, connection, frame, Date.now()), onError);
  }

  /** Closes with an error frame and close code, and releases the connection's channels right away. */
  private disconnect(connection: ClientConnection, code: CloseCodeValue, message: string): void {
    connection.closeWithError(code, message);
    void this.forget(connection);
  }

  private forget(connection: ClientConnection): Promise<void> {
    if (this.connections.get(connection.socketId) !== connection) return connection.idle();
    this.connections.delete(connection.socketId);
    const address = this.addressOf.get(connection);
    if (address !== undefined) {
      const remaining = (this.connectionsPerAddress.get(address) ?? 1) - 1;
      if (remaining > 0) this.connectionsPerAddress.set(address, remaining);
      else this.connectionsPerAddress.delete(address);
    }
    connection.runExclusive(
      async () => {
        for (const channel of [...connection.subscriptions.keys()]) await unsubscribe(this, connection, channel);
      },
      (error) => this.config.logger.error({ err: error }, "realtime: cleanup failed"),
    );
    const done = connection.idle();
    this.cleanups.add(done);
    void done.finally(() => this.cleanups.delete(done));
    return done;
  }

  watchChannel(channel: string): Promise<void> {
    let watch = this.watches.get(channel);
    if (watch === undefined) {
      watch = this.cluster.watchChannel(channel).catch((error: unknown) => {
        this.config.logger.error({ err: error, channel }, "realtime: could not watch channel in the cluster");
      });
      this.watches.set(channel, watch);
    }
    return withTimeLimit(watch, WATCH_WAIT_LIMIT_MS);
  }

  releaseChannel(channel: string): void {
    this.watches.delete(channel);
    this.cluster.unwatchChannel(channel).catch((error: unknown) => {
      this.config.logger.warn({ err: error, channel }, "realtime: could not unwatch channel");
    });
  }

  broadcastFrame(channel: string, frame: string, exceptSocketId?: string): Promise<void> {
    return this.broadcastFrames([{ channel, frame }], exceptSocketId);
  }

  private async broadcastFrames(frames: ChannelFrame[], exceptSocketId?: string): Promise<void> {
    for (const { channel, frame } of frames) this.hub.deliver(channel, frame, exceptSocketId);
    try {
      await this.cluster.publish(frames, exceptSocketId);
    } catch (error) {
      // Local subscribers already have the event; a retry by the caller would duplicate it for them.
      this.config.logger.error({ err: error, channels: frames.map((entry) => entry.channel) }, "realtime: could not publish to other instances");
    }
  }

  publishEvent(request: PublishRequest): Promise<void> {
    const frames = request.channels.map((channel) => ({ channel, frame: encodeChannelEvent(request.event, channel, request.data) }));
    return this.broadcastFrames(frames, request.exceptSocketId);
  }

  subscriptionCounts(): Promise<Map<string, number>> {
    return this.cluster.subscriptionCounts();
  }

  subscriptionCount(channel: string): Promise<number> {
    return this.cluster.subscriptionCount(channel);
  }

  presenceUserCount(channel: string): Promise<number> {
    return this.cluster.presence.userCount(channel);
  }

  async presenceUserIds(channel: string): Promise<string[]> {
    return [...(await this.cluster.presence.members(channel)).keys()];
  }

  stats(): { connections: number; channels: number } {
    return { connections: this.connections.size, channels: this.hub.channelCount() };
  }

  /** Tells every client to reconnect (4200, e.g. to another instance), removes its presence, leaves the cluster. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.sweepTimer);
    for (const connection of [...this.connections.values()]) {
      this.disconnect(connection, CloseCode.reconnectNow, "Server is shutting down");
    }
    await Promise.all([...this.cleanups]);
    await this.cluster.close();
  }
}

function rejectSocket(socket: WebSocket, code: CloseCodeValue, message: string): void {
  socket.send(encodeErrorFrame(code, message));
  socket.close(code, message);
  const cutOff = setTimeout(() => socket.terminate(), 2_000);
  cutOff.unref();
  socket.once("close", () => clearTimeout(cutOff));
}

function withTimeLimit(promise: Promise<void>, limitMs: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, limitMs);
    void promise.finally(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}
