/**
 * Checklist R1-R6: two instances on different ports sharing Redis. R1-R5 use the local Redis at
 * redis://127.0.0.1:6379 with a unique key prefix per run (deleted afterwards); R6 restarts a private redis-server.
 */
import { Redis } from "ioredis";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startHost, uniqueApp, type HostOptions, type TestHost } from "./support/harness.ts";
import { deleteKeysWithPrefix, startPrivateRedis, startRealtimeNodeProcess, type RedisServerProcess } from "./support/processes.ts";
import { connected, createEcho, createPusherClient, disconnectAllClients } from "./support/pusher-clients.ts";
import { RawClient, type Frame } from "./support/raw-client.ts";
import { deferred, uniqueSuffix, waitUntil, withTimeout } from "./support/wait.ts";

const SHARED_REDIS_URL = process.env.REALTIME_TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const prefix = `conformance-${uniqueSuffix()}:`;
const app = uniqueApp();
const clusterOptions: HostOptions = { app, redisUrl: SHARED_REDIS_URL, redisKeyPrefix: prefix, heartbeatIntervalMs: 200, heartbeatTimeoutMs: 1_000 };

let nodeA: TestHost;
let nodeB: TestHost;
const openRawClients: RawClient[] = [];
async function rawClient(node: { wsUrl(): string }): Promise<RawClient> {
  const client = await RawClient.connect(node.wsUrl());
  openRawClients.push(client);
  return client;
}

beforeAll(async () => {
  const probe = new Redis(SHARED_REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  probe.on("error", () => undefined);
  try {
    await probe.connect();
    await probe.ping();
  } catch (error) {
    throw new Error(`R1-R6 need Redis at ${SHARED_REDIS_URL} (set REALTIME_TEST_REDIS_URL): ${String(error)}`);
  } finally {
    probe.disconnect();
  }
  nodeA = await startHost(clusterOptions);
  nodeB = await startHost(clusterOptions);
});

afterAll(async () => {
  await nodeA?.close();
  await nodeB?.close();
  await deleteKeysWithPrefix(SHARED_REDIS_URL, prefix);
});

afterEach(() => {
  disconnectAllClients();
  for (const client of openRawClients.splice(0)) client.close();
});

/** Sends a marker through `via`'s HTTP API and waits for it at `client`: everything published before has arrived. */
async function markerBarrier(via: TestHost, client: RawClient, channel: string): Promise<void> {
  const name = `marker-${Math.random().toString(36).slice(2)}`;
  await via.sdk().trigger(channel, name, "{}");
  await client.nextEvent(name, channel);
}

function count(client: RawClient, event: string, channel?: string): number {
  return client.framesFor(event, channel).length;
}

describe("R1 HTTP events across instances", () => {
  it("an event triggered on A reaches subscribers on B and on A exactly once", async () => {
    const onB = await rawClient(nodeB);
    const onA = await rawClient(nodeA);
    await onB.subscribe("r1");
    await onA.subscribe("r1");
    await nodeA.sdk().trigger("r1", "hello", { n: 1 });
    expect((await onB.nextEvent("hello", "r1")).payload).toEqual({ n: 1 });
    expect((await onA.nextEvent("hello", "r1")).payload).toEqual({ n: 1 });
    await markerBarrier(nodeA, onB, "r1");
    await markerBarrier(nodeA, onA, "r1");
    expect(count(onB, "hello")).toBe(1);
    expect(count(onA, "hello")).toBe(1);
  });

  it("the embedded broadcaster of A reaches B", async () => {
    const onB = await rawClient(nodeB);
    await onB.subscribe("r1-broadcaster");
    await nodeA.realtime.broadcaster.broadcast("r1-broadcaster", "ReloadEvent", { reason: "deploy" });
    expect((await onB.nextEvent("ReloadEvent", "r1-broadcaster")).payload).toEqual({ reason: "deploy" });
  });

  it("a node stops receiving a channel's Redis messages when its last local subscriber leaves", async () => {
    const onB = await rawClient(nodeB);
    await onB.subscribe("r1-unwatch");
    const redis = new Redis(SHARED_REDIS_URL);
    try {
      const channelKey = `${prefix}${app.appId}:channel:r1-unwatch`;
      const numsub = async () => Number(((await redis.pubsub("NUMSUB", channelKey)) as [string, number])[1]);
      expect(await numsub()).toBe(1);
      onB.send({ event: "pusher:unsubscribe", data: { channel: "r1-unwatch" } });
      await waitUntil(numsub, (value) => value === 0, { label: "Redis unsubscribe" });
    } finally {
      redis.disconnect();
    }
  });
});

describe("R2 client events and exclusion across instances", () => {
  it("a client event from a socket on A reaches B and is not echoed", async () => {
    const sender = await rawClient(nodeA);
    const receiver = await rawClient(nodeB);
    await sender.subscribeAuthorised(app, "private-r2");
    await receiver.subscribeAuthorised(app, "private-r2");
    sender.send({ event: "client-ping", channel: "private-r2", data: { from: "A" } });
    expect((await receiver.nextEvent("client-ping", "private-r2")).data).toEqual({ from: "A" });
    await markerBarrier(nodeA, sender, "private-r2");
    await markerBarrier(nodeA, receiver, "private-r2");
    expect(count(sender, "client-ping")).toBe(0);
    expect(count(receiver, "client-ping")).toBe(1);
  });

  it("socket_id given to A excludes a socket connected to B", async () => {
    const excluded = await rawClient(nodeB);
    const included = await rawClient(nodeB);
    await excluded.subscribe("r2-exclusion");
    await included.subscribe("r2-exclusion");
    await nodeA.sdk().trigger("r2-exclusion", "to-others", "{}", { socket_id: excluded.socketId });
    await included.nextEvent("to-others", "r2-exclusion");
    await markerBarrier(nodeA, excluded, "r2-exclusion");
    expect(count(excluded, "to-others")).toBe(0);
  });
});

describe("R3 presence across instances", () => {
  it("members on A and B see each other with here/joining/leaving; one user on both nodes counts once", async () => {
    const alice = createPusherClient(app, nodeA.port, { presence: { user_id: "alice", user_info: { name: "Alice" } } });
    const bob = createPusherClient(app, nodeB.port, { presence: { user_id: "bob", user_info: { name: "Bob" } } });
    await Promise.all([connected(alice), connected(bob)]);
    const aliceHere = deferred<unknown[]>();
    const aliceSawBob = deferred<unknown>();
    const aliceSawBobLeave = deferred<unknown>();
    createEcho(alice)
      .join("r3")
      .here((members: unknown[]) => aliceHere.resolve(members))
      .joining((member: unknown) => aliceSawBob.resolve(member))
      .leaving((member: unknown) => aliceSawBobLeave.resolve(member));
    expect(await withTimeout(aliceHere.promise, 5_000, "alice here")).toEqual([{ name: "Alice" }]);
    const bobHere = deferred<unknown[]>();
    createEcho(bob)
      .join("r3")
      .here((members: unknown[]) => bobHere.resolve(members));
    expect(await withTimeout(bobHere.promise, 5_000, "bob here")).toEqual(expect.arrayContaining([{ name: "Alice" }, { name: "Bob" }]));
    expect(await withTimeout(aliceSawBob.promise, 5_000, "alice sees bob join")).toEqual({ name: "Bob" });

    // Bob opens a second tab on node A: no second member_added anywhere, user_count stays 2.
    const observer = await rawClient(nodeB);
    await observer.subscribeAuthorised(app, "presence-r3", { user_id: "observer" });
    const bobSecondTab = await rawClient(nodeA);
    const snapshot = await bobSecondTab.subscribeAuthorised(app, "presence-r3", { user_id: "bob", user_info: { name: "Bob" } });
    expect((snapshot.payload as { presence: { count: number } }).presence.count).toBe(3);
    await markerBarrier(nodeA, observer, "presence-r3");
    expect(observer.framesFor("pusher_internal:member_added", "presence-r3").map((frame) => (frame.payload as { user_id: string }).user_id)).toEqual([]);
    const info = await (await nodeB.sdk().get({ path: "/channels/presence-r3", params: { info: "user_count,subscription_count" } })).json();
    expect(info).toEqual({ occupied: true, user_count: 3, subscription_count: 4 });

    // Bob's tab on B leaves: he is still present through node A, so nobody hears member_removed.
    bob.disconnect();
    await waitUntil(
      async () =>
        ((await (await nodeA.sdk().get({ path: "/channels/presence-r3", params: { info: "subscription_count" } })).json()) as { subscription_count: number })
          .subscription_count,
      (value) => value === 3,
      { label: "bob's first tab gone" },
    );
    await markerBarrier(nodeA, observer, "presence-r3");
    expect(count(observer, "pusher_internal:member_removed", "presence-r3")).toBe(0);

    // His last tab (on A) leaves: member_removed reaches Alice (A) and the observer (B) once.
    bobSecondTab.close();
    expect(await withTimeout(aliceSawBobLeave.promise, 5_000, "alice sees bob leave")).toEqual({ name: "Bob" });
    expect((await observer.nextEvent("pusher_internal:member_removed", "presence-r3")).payload).toEqual({ user_id: "bob" });
    await markerBarrier(nodeA, observer, "presence-r3");
    expect(count(observer, "pusher_internal:member_removed", "presence-r3")).toBe(1);
  });

  it("concurrent joins on both nodes give consistent snapshots and announcements", async () => {
    const channel = "presence-r3-race";
    const clients = await Promise.all(Array.from({ length: 10 }, (_, index) => rawClient(index % 2 === 0 ? nodeA : nodeB)));
    const replies = await Promise.all(clients.map((client, index) => client.subscribeAuthorised(app, channel, { user_id: `racer-${index}` })));
    for (const reply of replies) expect(reply.event).toBe("pusher_internal:subscription_succeeded");
    // Each client must end up knowing all 10 members: its snapshot plus the member_added it received after it.
    for (const [index, client] of clients.entries()) {
      await markerBarrier(index % 2 === 0 ? nodeB : nodeA, client, channel);
      const known = new Set((replies[index].payload as { presence: { ids: string[] } }).presence.ids);
      for (const frame of client.framesFor("pusher_internal:member_added", channel)) {
        const userId = (frame.payload as { user_id: string }).user_id;
        expect(known.has(userId), `${userId} announced twice to racer-${index}`).toBe(false);
        known.add(userId);
      }
      expect(known.size).toBe(10);
    }
  });
});

describe("R4 cluster-wide queries", () => {
  it("GET /channels, subscription_count, user_count and users are answered for the whole cluster by either node", async () => {
    const onA = await rawClient(nodeA);
    const onB = await rawClient(nodeB);
    const alsoOnB = await rawClient(nodeB);
    await onB.subscribe("r4-only-on-b");
    await onA.subscribe("r4-both");
    await onB.subscribe("r4-both");
    await onA.subscribeAuthorised(app, "presence-r4", { user_id: "1" });
    await onB.subscribeAuthorised(app, "presence-r4", { user_id: "2" });
    await alsoOnB.subscribeAuthorised(app, "presence-r4", { user_id: "1" });
    for (const node of [nodeA, nodeB]) {
      const sdk = node.sdk();
      const channels = (await (await sdk.get({ path: "/channels", params: { info: "subscription_count" } })).json()) as {
        channels: Record<string, { subscription_count: number }>;
      };
      expect(channels.channels["r4-only-on-b"]).toEqual({ subscription_count: 1 });
      expect(channels.channels["r4-both"]).toEqual({ subscription_count: 2 });
      const presence = await (await sdk.get({ path: "/channels", params: { filter_by_prefix: "presence-r4", info: "user_count" } })).json();
      expect(presence).toEqual({ channels: { "presence-r4": { user_count: 2 } } });
      const users = (await (await sdk.get({ path: "/channels/presence-r4/users" })).json()) as { users: Array<{ id: string }> };
      expect(users.users.map((user) => user.id).sort()).toEqual(["1", "2"]);
      expect(await (await sdk.get({ path: "/channels/presence-r4", params: { info: "user_count,subscription_count" } })).json()).toEqual({
        occupied: true,
        user_count: 2,
        subscription_count: 3,
      });
    }
    onB.close();
    alsoOnB.close();
    await waitUntil(
      async () => (await (await nodeA.sdk().get({ path: "/channels/r4-only-on-b" })).json()) as { occupied: boolean },
      (value) => value.occupied === false,
      { label: "channel vacated cluster-wide" },
    );
  });
});

describe("R5 a node dies without shutting down", () => {
  it("its presence members are removed cluster-wide within the heartbeat timeout, without stalling others", async () => {
    const channel = "presence-r5";
    const observer = await rawClient(nodeA);
    await observer.subscribeAuthorised(app, channel, { user_id: "observer" });
    const doomed = await startRealtimeNodeProcess({
      ...app,
      redisUrl: SHARED_REDIS_URL,
      redisKeyPrefix: prefix,
      heartbeatIntervalMs: 200,
      heartbeatTimeoutMs: 1_000,
    });
    try {
      const victim = await rawClient({ wsUrl: () => `ws://127.0.0.1:${doomed.port}/app/${app.key}?protocol=7` });
      await victim.subscribeAuthorised(app, channel, { user_id: "victim" });
      await observer.nextEvent("pusher_internal:member_added", channel);

      await doomed.kill("SIGKILL");
      const killedAt = Date.now();
      // While the dead node is not reaped yet, joining the channel elsewhere must not wait for it.
      const latecomer = await rawClient(nodeB);
      const joinStarted = Date.now();
      const reply = await latecomer.subscribeAuthorised(app, channel, { user_id: "latecomer" });
      expect(reply.event).toBe("pusher_internal:subscription_succeeded");
      expect(Date.now() - joinStarted).toBeLessThan(2_000);

      const removed = await observer.next(
        (frame: Frame) => frame.event === "pusher_internal:member_removed" && (frame.payload as { user_id: string }).user_id === "victim",
        "member_removed for the dead node's member",
        5_000,
      );
      expect(removed.channel).toBe(channel);
      expect(Date.now() - killedAt).toBeLessThan(3_000);
      const users = (await (await nodeB.sdk().get({ path: `/channels/${channel}/users` })).json()) as { users: Array<{ id: string }> };
      expect(users.users.map((user) => user.id).sort()).toEqual(["latecomer", "observer"]);
    } finally {
      await doomed.kill("SIGKILL");
    }
  });
});

describe("R6 Redis restarts", () => {
  let redis: RedisServerProcess;
  let first: TestHost;
  let second: TestHost;
  beforeAll(async () => {
    redis = await startPrivateRedis();
    const options: HostOptions = { app: uniqueApp(), redisUrl: redis.url, redisKeyPrefix: "r6:", heartbeatIntervalMs: 200, heartbeatTimeoutMs: 1_000 };
    first = await startHost(options);
    second = await startHost(options);
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await redis?.stop();
  });

  it("instances resubscribe and restore presence; delivery resumes without duplicates", async () => {
    const subscriber = await rawClient(second);
    const local = await rawClient(first);
    await subscriber.subscribe("r6");
    await local.subscribe("r6");
    await subscriber.subscribeAuthorised(second.app, "presence-r6", { user_id: "kept" });
    await first.sdk().trigger("r6", "before", "{}");
    await subscriber.nextEvent("before", "r6");

    await redis.stop();
    await redis.start();

    // Events published while the instances reconnect may be lost; poll until one gets through.
    let sequence = 0;
    await waitUntil(
      async () => {
        sequence += 1;
        await first
          .sdk()
          .trigger("r6", "probe", { sequence })
          .catch(() => undefined);
        return subscriber.framesFor("probe", "r6").length;
      },
      (received) => received > 0,
      { label: "delivery after the Redis restart", timeoutMs: 15_000, intervalMs: 200 },
    );
    for (let index = 0; index < 5; index += 1) await first.sdk().trigger("r6", "after", { index });
    await markerBarrier(first, subscriber, "r6");
    await markerBarrier(first, local, "r6");
    expect(subscriber.framesFor("after", "r6").map((frame) => (frame.payload as { index: number }).index)).toEqual([0, 1, 2, 3, 4]);
    expect(local.framesFor("after", "r6").map((frame) => (frame.payload as { index: number }).index)).toEqual([0, 1, 2, 3, 4]);
    const probes = subscriber.framesFor("probe", "r6").map((frame) => (frame.payload as { sequence: number }).sequence);
    expect(new Set(probes).size).toBe(probes.length);

    const users = await waitUntil(
      async () => ((await (await first.sdk().get({ path: "/channels/presence-r6/users" })).json()) as { users: Array<{ id: string }> }).users,
      (list) => list.length === 1,
      { label: "presence restored in Redis" },
    );
    expect(users).toEqual([{ id: "kept" }]);
    expect(second.logs.some((entry) => entry.message?.includes("lost this instance's state"))).toBe(true);
  }, 30_000);
});
