/**
 * Scale-out through Redis.
 * - Events: one Redis pub/sub channel per app channel, subscribed while this node has a local subscriber. The
 *   publishing node delivers to its own sockets directly and ignores its own Redis messages.
 * - Presence: per channel three hashes (members: user -> info, refs: user -> socket count, sockets: socket -> user)
 *   changed only by Lua scripts, so "first join" and "last leave" are decided once for the whole cluster.
 * - Liveness: each node heartbeats into a sorted set (scored with Redis' clock, so node clocks do not matter);
 *   any node reaps nodes silent for longer than the timeout, removing their presence members and announcing
 *   member_removed. Subscription counts live in a per-node hash and only live nodes are summed.
 * - After every reconnect, and whenever the heartbeat finds our entry missing (Redis restarted without persistence,
 *   or we were reaped during a partition), the node reconciles its counts and presence members with Redis.
 */
import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import type { ChannelFrame, ClusterAdapter, ClusterHandlers } from "./cluster.ts";
import type { RealtimeLogger } from "./config.ts";
import type { PresenceAddResult, PresenceMemberInput, PresenceMembers, PresenceRemoval, PresenceStore } from "./hub.ts";
import { encodeMemberAdded } from "./presence.ts";

export interface RedisAdapterOptions {
  url: string;
  keyPrefix: string;
  appId: string;
  heartbeatIntervalMs: number;
  heartbeatTimeoutMs: number;
  logger: RealtimeLogger;
}

const NEWLINE = 0x0a;

const NOW_MS_LUA = `local t = redis.call('TIME') local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)`;

/**
 * Builds and publishes a member_removed frame (origin "" so every instance delivers it). Frames are
 * `origin\nexceptSocketId\nframe`, see RedisClusterAdapter.publish.
 */
const ANNOUNCE_REMOVED_LUA = `
  local function announceRemoved(pubSubChannel, channel, userId)
    local frame = cjson.encode({event = 'pusher_internal:member_removed', channel = channel, data = cjson.encode({user_id = userId})})
    redis.call('PUBLISH', pubSubChannel, '\\n\\n' .. frame)
  end`;

const LUA = {
  // KEYS: members, refs, sockets, node presence set. ARGV: socketId, userId, userInfoJson, maxMembers,
  // node entry, pub/sub channel, member_added message. Returns {status, flat members}: 0 added, 1 added first
  // socket of the user (announced), 2 socket already present, 3 channel full.
  presenceAdd: `
    if redis.call('HEXISTS', KEYS[3], ARGV[1]) == 1 then return {2, redis.call('HGETALL', KEYS[1])} end
    local refs = tonumber(redis.call('HGET', KEYS[2], ARGV[2]) or '0')
    if refs == 0 and redis.call('HLEN', KEYS[1]) >= tonumber(ARGV[4]) then return {3, {}} end
    redis.call('HSET', KEYS[3], ARGV[1], ARGV[2])
    redis.call('HINCRBY', KEYS[2], ARGV[2], 1)
    redis.call('SADD', KEYS[4], ARGV[5])
    if refs == 0 then
      redis.call('HSET', KEYS[1], ARGV[2], ARGV[3])
      redis.call('PUBLISH', ARGV[6], ARGV[7])
      return {1, redis.call('HGETALL', KEYS[1])}
    end
    return {0, redis.call('HGETALL', KEYS[1])}`,
  // KEYS as presenceAdd. ARGV: socketId, node entry, channel, pub/sub channel. Returns {userId, wasLast} or nil.
  presenceRemove: `${ANNOUNCE_REMOVED_LUA}
    local userId = redis.call('HGET', KEYS[3], ARGV[1])
    if not userId then return false end
    redis.call('HDEL', KEYS[3], ARGV[1])
    redis.call('SREM', KEYS[4], ARGV[2])
    if redis.call('HINCRBY', KEYS[2], userId, -1) <= 0 then
      redis.call('HDEL', KEYS[2], userId)
      redis.call('HDEL', KEYS[1], userId)
      announceRemoved(ARGV[4], ARGV[3], userId)
      return {userId, 1}
    end
    return {userId, 0}`,
  // KEYS: nodes. ARGV: nodeId. Returns 1 when the entry was new, i.e. Redis did not know this instance.
  // No TTL on instance keys: a dead instance's keys must survive until some instance reaps them.
  heartbeat: `${NOW_MS_LUA}
    return redis.call('ZADD', KEYS[1], now, ARGV[1])`,
  // KEYS: nodes. ARGV: key base, timeout. Returns flat {channel, userId} of members removed (and announced).
  reapDeadNodes: `${NOW_MS_LUA} ${ANNOUNCE_REMOVED_LUA}
    local base = ARGV[1]
    local removed = {}
    for _, node in ipairs(redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', now - tonumber(ARGV[2]))) do
      local presenceSet = base .. 'node:' .. node .. ':presence'
      for _, entry in ipairs(redis.call('SMEMBERS', presenceSet)) do
        local separator = string.find(entry, '\\n', 1, true)
        local channel = string.sub(entry, 1, separator - 1)
        local socketId = string.sub(entry, separator + 1)
        local prefix = base .. 'presence:' .. channel
        local userId = redis.call('HGET', prefix .. ':sockets', socketId)
        if userId then
          redis.call('HDEL', prefix .. ':sockets', socketId)
          if redis.call('HINCRBY', prefix .. ':refs', userId, -1) <= 0 then
            redis.call('HDEL', prefix .. ':refs', userId)
            redis.call('HDEL', prefix .. ':members', userId)
            announceRemoved(base .. 'channel:' .. channel, channel, userId)
            table.insert(removed, channel)
            table.insert(removed, userId)
          end
        end
      end
      redis.call('DEL', presenceSet, base .. 'node:' .. node .. ':counts')
      redis.call('ZREM', KEYS[1], node)
    end
    return removed`,
  subscriptionCounts: `${NOW_MS_LUA}
    local base = ARGV[1]
    local totals = {}
    local order = {}
    for _, node in ipairs(redis.call('ZRANGEBYSCORE', KEYS[1], now - tonumber(ARGV[2]), '+inf')) do
      local counts = base .. 'node:' .. node .. ':counts'
      if ARGV[3] then
        local value = redis.call('HGET', counts, ARGV[3])
        if value then
          if not totals[ARGV[3]] then table.insert(order, ARGV[3]) totals[ARGV[3]] = 0 end
          totals[ARGV[3]] = totals[ARGV[3]] + tonumber(value)
        end
      else
        local flat = redis.call('HGETALL', counts)
        for i = 1, #flat, 2 do
          if not totals[flat[i]] then table.insert(order, flat[i]) totals[flat[i]] = 0 end
          totals[flat[i]] = totals[flat[i]] + tonumber(flat[i + 1])
        end
      end
    end
    local result = {}
    for _, channel in ipairs(order) do
      if totals[channel] > 0 then
        table.insert(result, channel)
        table.insert(result, tostring(totals[channel]))
      end
    end
    return result`,
} as const;

type ScriptName = keyof typeof LUA;

/** Presence announcements carry no origin, so every instance (the announcing one included) delivers them. */
function announcementMessage(frame: string, exceptSocketId?: string): string {
  return `\n${exceptSocketId ?? ""}\n${frame}`;
}

export class RedisClusterAdapter implements ClusterAdapter {
  readonly nodeId = randomUUID();
  private readonly nodeIdBytes = Buffer.from(this.nodeId);
  readonly presence: PresenceStore;
  private readonly commands: Redis;
  private readonly subscriber: Redis;
  private readonly base: string;
  /** Start of every pub/sub channel name of this app, as bytes. */
  private readonly channelPrefix: Buffer;
  private handlers: ClusterHandlers | undefined;
  private heartbeatTimer: NodeJS.Timeout | undefined;
  private closing = false;
  private lastErrorLogAt = 0;

  constructor(private readonly options: RedisAdapterOptions) {
    this.base = `${options.keyPrefix}${options.appId}:`;
    this.channelPrefix = Buffer.from(this.pubSubChannel(""));
    this.commands = new Redis(options.url, { maxRetriesPerRequest: 3 });
    // Subscriptions wait for Redis instead of failing: ioredis re-subscribes them after a reconnect.
    this.subscriber = new Redis(options.url, { maxRetriesPerRequest: null, autoResubscribe: true });
    for (const client of [this.commands, this.subscriber]) client.on("error", (error: Error) => this.logRedisError(error));
    for (const [name, lua] of Object.entries(LUA)) {
      this.commands.defineCommand(name, { numberOfKeys: name.startsWith("presence") ? 4 : 1, lua });
    }
    this.presence = new RedisPresenceStore(this);
  }

  async start(handlers: ClusterHandlers): Promise<void> {
    this.handlers = handlers;
    this.subscriber.on("messageBuffer", (redisChannel: Buffer, message: Buffer) => this.onRedisMessage(redisChannel, message));
    await this.heartbeat();
    // After a reconnect, updates may have been lost while disconnected: rewrite this instance's share at once.
    this.commands.on("ready", () => void this.reconcile().then(() => this.heartbeat()));
    this.heartbeatTimer = setInterval(() => void this.heartbeat(), this.options.heartbeatIntervalMs);
    this.heartbeatTimer.unref();
  }

  key(...parts: string[]): string {
    return this.base + parts.join(":");
  }

  pubSubChannel(channel: string): string {
    return this.key("channel", channel);
  }

  nodePresenceKey(): string {
    return this.key("node", this.nodeId, "presence");
  }

  private nodeCountsKey(): string {
    return this.key("node", this.nodeId, "counts");
  }

  runScript(name: ScriptName, keys: string[], args: Array<string | number>): Promise<unknown> {
    const command = (this.commands as unknown as Record<ScriptName, (...values: Array<string | number>) => Promise<unknown>>)[name];
    return command.call(this.commands, ...keys, ...args);
  }

  async hgetallFlat(key: string): Promise<string[]> {
    return (await this.commands.call("HGETALL", key)) as string[];
  }

  hlen(key: string): Promise<number> {
    return this.commands.hlen(key);
  }

  async watchChannel(channel: string): Promise<void> {
    await this.subscriber.subscribe(this.pubSubChannel(channel));
  }

  async unwatchChannel(channel: string): Promise<void> {
    await this.subscriber.unsubscribe(this.pubSubChannel(channel));
  }

  /**
   * Wire format: `origin\nexceptSocketId\nframe` (cheaper than wrapping the frame in another JSON string). Several
   * frames (an event for many channels) go in one pipeline: one write and one round trip instead of one per channel.
   */
  async publish(frames: ChannelFrame[], exceptSocketId?: string): Promise<void> {
    // Fail at once while disconnected: waiting for a reconnect would hold up the HTTP API for seconds.
    if (this.commands.status !== "ready") throw new Error(`Redis is ${this.commands.status}`);
    const header = `${this.nodeId}\n${exceptSocketId ?? ""}\n`;
    if (frames.length === 1) {
      await this.commands.publish(this.pubSubChannel(frames[0].channel), header + frames[0].frame);
      return;
    }
    const pipeline = this.commands.pipeline();
    for (const { channel, frame } of frames) pipeline.publish(this.pubSubChannel(channel), header + frame);
    const failure = (await pipeline.exec())?.find(([error]) => error !== null)?.[0];
    if (failure) throw failure;
  }

  /** Messages stay Buffers: the frame goes to the sockets as bytes, so decoding it to a string would be wasted. */
  private onRedisMessage(redisChannel: Buffer, message: Buffer): void {
    if (this.handlers === undefined || !redisChannel.subarray(0, this.channelPrefix.length).equals(this.channelPrefix)) return;
    const firstBreak = message.indexOf(NEWLINE);
    const secondBreak = message.indexOf(NEWLINE, firstBreak + 1);
    if (firstBreak === -1 || secondBreak === -1) return;
    if (message.subarray(0, firstBreak).equals(this.nodeIdBytes)) return;
    const exceptSocketId = message.toString("utf8", firstBreak + 1, secondBreak) || undefined;
    const channel = redisChannel.toString("utf8", this.channelPrefix.length);
    this.handlers.onRemoteFrame(channel, message.subarray(secondBreak + 1), exceptSocketId);
  }

  reportLocalSubscriptionCount(channel: string, count: number): void {
    const update = count > 0 ? this.commands.hset(this.nodeCountsKey(), channel, count) : this.commands.hdel(this.nodeCountsKey(), channel);
    update.catch((error: unknown) => this.logRedisError(error));
  }

  async subscriptionCounts(): Promise<Map<string, number>> {
    const flat = (await this.runScript("subscriptionCounts", [this.key("nodes")], [this.base, this.options.heartbeatTimeoutMs])) as string[];
    const counts = new Map<string, number>();
    for (let index = 0; index < flat.length; index += 2) counts.set(flat[index], Number(flat[index + 1]));
    return counts;
  }

  async subscriptionCount(channel: string): Promise<number> {
    const flat = (await this.runScript("subscriptionCounts", [this.key("nodes")], [this.base, this.options.heartbeatTimeoutMs, channel])) as string[];
    return flat.length === 2 ? Number(flat[1]) : 0;
  }

  private async heartbeat(): Promise<void> {
    if (this.closing || this.handlers === undefined) return;
    try {
      const added = await this.runScript("heartbeat", [this.key("nodes")], [this.nodeId]);
      if (added === 1) await this.reconcile();
      await this.reapDeadNodes();
    } catch (error) {
      this.logRedisError(error);
    }
  }

  private async reapDeadNodes(): Promise<void> {
    const removed = (await this.runScript("reapDeadNodes", [this.key("nodes")], [this.base, this.options.heartbeatTimeoutMs])) as string[];
    for (let index = 0; index < removed.length; index += 2) {
      this.options.logger.info({ channel: removed[index], userId: removed[index + 1] }, "realtime: removed presence member of a dead instance");
    }
  }

  /**
   * Makes Redis agree with this instance: rewrites its subscription counts, removes presence sockets it no longer
   * has and adds those Redis lost. The scripts announce member changes that this implies for the cluster.
   */
  private async reconcile(): Promise<void> {
    const state = this.handlers?.localState();
    if (state === undefined || this.closing) return;
    try {
      const counts = this.commands.multi().del(this.nodeCountsKey());
      for (const [channel, count] of state.subscriptionCounts) counts.hset(this.nodeCountsKey(), channel, count);
      await counts.exec();
      const local = new Map(state.presence.map((entry) => [`${entry.channel}\n${entry.member.socketId}`, entry]));
      const registered = new Set(await this.commands.smembers(this.nodePresenceKey()));
      for (const entry of registered) {
        if (local.has(entry)) continue;
        const separator = entry.indexOf("\n");
        await this.presence.remove(entry.slice(0, separator), entry.slice(separator + 1));
      }
      let restored = 0;
      for (const [entry, { channel, member }] of local) {
        if (registered.has(entry)) continue;
        await this.presence.add(channel, member, Number.MAX_SAFE_INTEGER);
        restored += 1;
      }
      if (restored > 0) this.options.logger.warn({ node: this.nodeId, restored }, "realtime: Redis lost this instance's state, restoring it");
    } catch (error) {
      this.logRedisError(error);
    }
  }

  private logRedisError(error: unknown): void {
    const now = Date.now();
    if (now - this.lastErrorLogAt < 10_000) return;
    this.lastErrorLogAt = now;
    this.options.logger.error({ err: error }, "realtime: Redis error");
  }

  async close(): Promise<void> {
    this.closing = true;
    clearInterval(this.heartbeatTimer);
    if (this.commands.status === "ready") {
      try {
        await this.commands.multi().del(this.nodeCountsKey(), this.nodePresenceKey()).zrem(this.key("nodes"), this.nodeId).exec();
      } catch (error) {
        this.logRedisError(error);
      }
    }
    await Promise.all([quietly(this.commands), quietly(this.subscriber)]);
  }
}

/** QUIT when connected (bounded), otherwise just drop the connection: a queued QUIT could wait for Redis forever. */
async function quietly(client: Redis): Promise<void> {
  if (client.status !== "ready") {
    client.disconnect();
    return;
  }
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, 1_000);
  });
  try {
    await Promise.race([client.quit(), timeout]);
  } catch {
    // fall through to disconnect
  } finally {
    clearTimeout(timer);
    client.disconnect();
  }
}

class RedisPresenceStore implements PresenceStore {
  constructor(private readonly adapter: RedisClusterAdapter) {}

  private keys(channel: string): string[] {
    const prefix = this.adapter.key("presence", channel);
    return [`${prefix}:members`, `${prefix}:refs`, `${prefix}:sockets`, this.adapter.nodePresenceKey()];
  }

  async add(channel: string, member: PresenceMemberInput, maxMembers: number): Promise<PresenceAddResult> {
    const [status, flat] = (await this.adapter.runScript("presenceAdd", this.keys(channel), [
      member.socketId,
      member.userId,
      member.userInfoJson,
      maxMembers,
      `${channel}\n${member.socketId}`,
      this.adapter.pubSubChannel(channel),
      announcementMessage(encodeMemberAdded(channel, member), member.socketId),
    ])) as [number, string[]];
    if (status === 3) return { status: "full" };
    const members = pairsToMembers(flat);
    if (status === 2) return { status: "already-present", members };
    return { status: "added", firstForUser: status === 1, members };
  }

  async remove(channel: string, socketId: string): Promise<PresenceRemoval | null> {
    const result = (await this.adapter.runScript("presenceRemove", this.keys(channel), [
      socketId,
      `${channel}\n${socketId}`,
      channel,
      this.adapter.pubSubChannel(channel),
    ])) as [string, number] | null;
    return result === null ? null : { userId: result[0], lastForUser: result[1] === 1 };
  }

  async members(channel: string): Promise<PresenceMembers> {
    return pairsToMembers(await this.adapter.hgetallFlat(this.keys(channel)[0]));
  }

  async userCount(channel: string): Promise<number> {
    return this.adapter.hlen(this.keys(channel)[0]);
  }
}

function pairsToMembers(flat: string[]): PresenceMembers {
  const members: PresenceMembers = new Map();
  for (let index = 0; index < flat.length; index += 2) members.set(flat[index], flat[index + 1]);
  return members;
}
