/** Checklist S1-S12: public/private/presence subscriptions, authorisation, presence semantics, names. */
import { describe, expect, it } from "vitest";
import { authorizeChannel } from "../../server/realtime/index.ts";
import { signChannelAuth } from "../../server/realtime/signatures.ts";
import { startHost } from "./support/harness.ts";
import { useRealtimeHost } from "./support/fixture.ts";
import { connected, createEcho, createPusherClient, subscribed } from "./support/pusher-clients.ts";
import type { Frame } from "./support/raw-client.ts";
import { deferred, waitUntil, withTimeout } from "./support/wait.ts";

const { host, rawClient, closeRawClients } = useRealtimeHost();

async function channelInfo(channel: string, info = "subscription_count"): Promise<Record<string, unknown>> {
  const response = await host.sdk().get({ path: `/channels/${channel}`, params: { info } });
  return (await response.json()) as Record<string, unknown>;
}

async function occupiedChannels(): Promise<string[]> {
  const response = await host.sdk().get({ path: "/channels" });
  return Object.keys(((await response.json()) as { channels: Record<string, unknown> }).channels);
}

function expectAuthError(frame: Frame, channel: string): void {
  expect(frame.event).toBe("pusher:subscription_error");
  expect(frame.channel).toBe(channel);
  expect(frame.payload).toMatchObject({ type: "AuthError", status: 401 });
}

describe("S1 public channels", () => {
  it("pusher-js gets pusher:subscription_succeeded and Echo's subscribed() fires", async () => {
    const client = createPusherClient(host.app, host.port);
    await connected(client);
    const echo = createEcho(client);
    const fired = deferred<void>();
    echo.channel("s1-public").subscribed(() => fired.resolve());
    await withTimeout(fired.promise, 5_000, "Echo subscribed()");
    expect(client.channel("s1-public").subscribed).toBe(true);
  });

  it("raw: subscription_succeeded carries the channel and data as a JSON string", async () => {
    const client = await rawClient();
    const reply = await client.subscribe("s1-raw");
    expect(reply.event).toBe("pusher_internal:subscription_succeeded");
    expect(typeof reply.data).toBe("string");
  });
});

describe("S2 private channels", () => {
  it("accepts a valid signature from authorizeChannel", async () => {
    const client = createPusherClient(host.app, host.port);
    await connected(client);
    const channel = await subscribed(client, "private-s2");
    expect(channel.subscribed).toBe(true);
  });

  it.each([
    ["a wrong secret", (socketId: string) => signChannelAuth({ key: host.app.key, secret: "wrong", socketId, channelName: "private-s2" })],
    ["a wrong key", (socketId: string) => signChannelAuth({ key: "other-key", secret: host.app.secret, socketId, channelName: "private-s2" })],
    ["another socket id", () => signChannelAuth({ key: host.app.key, secret: host.app.secret, socketId: "1.1", channelName: "private-s2" })],
    ["another channel", (socketId: string) => signChannelAuth({ key: host.app.key, secret: host.app.secret, socketId, channelName: "private-other" })],
    ["no auth at all", () => ""],
  ])("rejects %s with subscription_error AuthError 401 on the channel", async (_label, makeAuth) => {
    const client = await rawClient();
    expectAuthError(await client.subscribe("private-s2", { auth: makeAuth(client.socketId) }), "private-s2");
    expect((await channelInfo("private-s2")).occupied).toBe(false);
  });

  it("Echo's error() fires with the AuthError when the signature is wrong", async () => {
    const client = createPusherClient(host.app, host.port, {
      authorize: async (socketId, channelName) => ({
        auth: signChannelAuth({ key: host.app.key, secret: "not-the-secret", socketId, channelName }),
      }),
    });
    await connected(client);
    const failed = deferred<unknown>();
    createEcho(client)
      .private("s2-echo")
      .error((error: unknown) => failed.resolve(error));
    expect(await withTimeout(failed.promise, 5_000, "Echo error()")).toMatchObject({ type: "AuthError", status: 401 });
  });
});

describe("S3 auth replay", () => {
  it("rejects a signature made for a previous connection's socket id", async () => {
    const first = await rawClient();
    const oldAuth = authorizeChannel({ socketId: first.socketId, channelName: "private-s3", key: host.app.key, secret: host.app.secret });
    first.close();
    const second = await rawClient();
    expect(second.socketId).not.toBe(first.socketId);
    expectAuthError(await second.subscribe("private-s3", oldAuth), "private-s3");
  });
});

describe("S4 presence with Echo", () => {
  it("here(), joining() and unique member lists", async () => {
    const alice = createPusherClient(host.app, host.port, { presence: { user_id: "1", user_info: { name: "Alice" } } });
    const bob = createPusherClient(host.app, host.port, { presence: { user_id: 2, user_info: { name: "Bob" } } });
    await Promise.all([connected(alice), connected(bob)]);
    const aliceHere = deferred<unknown[]>();
    const aliceSawJoin = deferred<unknown>();
    createEcho(alice)
      .join("s4")
      .here((members: unknown[]) => aliceHere.resolve(members))
      .joining((member: unknown) => aliceSawJoin.resolve(member));
    expect(await withTimeout(aliceHere.promise, 5_000, "Alice here()")).toEqual([{ name: "Alice" }]);

    const bobHere = deferred<unknown[]>();
    createEcho(bob)
      .join("s4")
      .here((members: unknown[]) => bobHere.resolve(members));
    expect(await withTimeout(bobHere.promise, 5_000, "Bob here()")).toEqual(expect.arrayContaining([{ name: "Alice" }, { name: "Bob" }]));
    expect(await withTimeout(aliceSawJoin.promise, 5_000, "Alice joining()")).toEqual({ name: "Bob" });

    const presence = bob.channel("presence-s4") as unknown as { members: { count: number; me: { id: string } } };
    expect(presence.members.count).toBe(2);
    expect(presence.members.me.id).toBe("2");
  });

  it("raw: the presence snapshot has ids, hash and count", async () => {
    const client = await rawClient();
    const reply = await client.subscribeAuthorised(host.app, "presence-s4-raw", { user_id: "7", user_info: { role: "x" } });
    expect(reply.payload).toEqual({ presence: { ids: ["7"], hash: { "7": { role: "x" } }, count: 1 } });
  });
});

describe("S5 one user in two tabs", () => {
  it("announces the user once and removes them only when the last tab leaves", async () => {
    const channel = "presence-s5";
    const observer = await rawClient();
    await observer.subscribeAuthorised(host.app, channel, { user_id: "observer" });
    const tab1 = await rawClient();
    const tab2 = await rawClient();
    await tab1.subscribeAuthorised(host.app, channel, { user_id: "u5" });
    const secondTab = await tab2.subscribeAuthorised(host.app, channel, { user_id: "u5" });
    expect((secondTab.payload as { presence: { count: number; ids: string[] } }).presence).toMatchObject({ count: 2 });
    await observer.barrier();
    expect(observer.framesFor("pusher_internal:member_added", channel)).toHaveLength(1);

    const connectionsBefore = host.realtime.stats().connections;
    tab1.close();
    await waitUntil(
      () => host.realtime.stats().connections,
      (count) => count === connectionsBefore - 1,
      { label: "tab 1 gone" },
    );
    await observer.barrier();
    expect(observer.framesFor("pusher_internal:member_removed", channel)).toHaveLength(0);
    expect(await (await host.sdk().get({ path: `/channels/${channel}/users` })).json()).toEqual({
      users: expect.arrayContaining([{ id: "observer" }, { id: "u5" }]),
    });

    tab2.close();
    const removed = await observer.nextEvent("pusher_internal:member_removed", channel);
    expect(removed.payload).toEqual({ user_id: "u5" });
    await waitUntil(
      async () => (await channelInfo(channel, "user_count")).user_count,
      (count) => count === 1,
      { label: "one user left" },
    );
    await observer.barrier();
    expect(observer.framesFor("pusher_internal:member_removed", channel)).toHaveLength(1);
  });
});

describe("S6 abrupt disconnects", () => {
  it("a killed socket is removed from presence at once", async () => {
    const channel = "presence-s6";
    const observer = await rawClient();
    await observer.subscribeAuthorised(host.app, channel, { user_id: "observer" });
    const victim = await rawClient();
    await victim.subscribeAuthorised(host.app, channel, { user_id: "victim" });
    victim.socket.terminate();
    expect((await observer.nextEvent("pusher_internal:member_removed", channel)).payload).toEqual({ user_id: "victim" });
  });

  it("a client that stops answering is removed after activity timeout + pong timeout", async () => {
    const quick = await startHost({ activityTimeoutSeconds: 1, pongTimeoutSeconds: 1 });
    try {
      const channel = "presence-s6-silent";
      const observer = await rawClient(quick);
      await observer.subscribeAuthorised(quick.app, channel, { user_id: "observer" });
      const silent = await rawClient(quick);
      await silent.subscribeAuthorised(quick.app, channel, { user_id: "silent" });
      // The observer keeps itself alive; the silent client never answers the server's ping.
      observer.socket.on("message", (data) => {
        if (String(data).includes('"pusher:ping"')) observer.send({ event: "pusher:pong", data: {} });
      });
      const since = Date.now();
      const removed = await observer.nextEvent("pusher_internal:member_removed", channel, 8_000);
      expect(removed.payload).toEqual({ user_id: "silent" });
      expect(Date.now() - since).toBeLessThan(6_000);
    } finally {
      closeRawClients();
      await quick.close();
    }
  });
});

describe("S7 presence channel_data", () => {
  it("verifies channel_data byte for byte (whitespace kept, reordered keys rejected)", async () => {
    const channel = "presence-s7";
    const client = await rawClient();
    const signed = '{ "user_id": "9",  "user_info": {"a": 1} }';
    const auth = signChannelAuth({ key: host.app.key, secret: host.app.secret, socketId: client.socketId, channelName: channel, channelData: signed });
    const reordered = '{"user_info":{"a":1},"user_id":"9"}';
    expectAuthError(await client.subscribe(channel, { auth, channel_data: reordered }), channel);
    const accepted = await client.subscribe(channel, { auth, channel_data: signed });
    expect(accepted.event).toBe("pusher_internal:subscription_succeeded");
    expect(accepted.payload).toEqual({ presence: { ids: ["9"], hash: { "9": { a: 1 } }, count: 1 } });
  });

  it.each([
    ["missing channel_data", undefined],
    ["channel_data without user_id", '{"user_info":{}}'],
    ["channel_data that is not JSON", "user 9"],
  ])("rejects %s", async (_label, channelData) => {
    const channel = "presence-s7-bad";
    const client = await rawClient();
    const auth = signChannelAuth({ key: host.app.key, secret: host.app.secret, socketId: client.socketId, channelName: channel, channelData });
    expectAuthError(await client.subscribe(channel, { auth, channel_data: channelData }), channel);
  });
});

describe("S8 presence limits", () => {
  it("refuses the 101st member with LimitReached but still lets an existing user open another tab", async () => {
    const channel = "presence-s8";
    const members = await Promise.all(Array.from({ length: 100 }, () => rawClient()));
    for (const [index, member] of members.entries()) {
      const reply = await member.subscribeAuthorised(host.app, channel, { user_id: `m${index}` });
      expect(reply.event).toBe("pusher_internal:subscription_succeeded");
    }
    const extra = await rawClient();
    const refused = await extra.subscribeAuthorised(host.app, channel, { user_id: "m100" });
    expect(refused.event).toBe("pusher:subscription_error");
    expect(refused.payload).toMatchObject({ type: "LimitReached" });
    const anotherTab = await rawClient();
    expect((await anotherTab.subscribeAuthorised(host.app, channel, { user_id: "m5" })).event).toBe("pusher_internal:subscription_succeeded");
    expect(await channelInfo(channel, "user_count,subscription_count")).toEqual({ occupied: true, user_count: 100, subscription_count: 101 });
  });

  it("rejects user_info above 1 KB", async () => {
    const channel = "presence-s8-info";
    const client = await rawClient();
    const channelData = JSON.stringify({ user_id: "big", user_info: { blob: "x".repeat(1100) } });
    const auth = signChannelAuth({ key: host.app.key, secret: host.app.secret, socketId: client.socketId, channelName: channel, channelData });
    const reply = await client.subscribe(channel, { auth, channel_data: channelData });
    expect(reply.event).toBe("pusher:subscription_error");
    expect(reply.payload).toMatchObject({ type: "LimitReached" });
  });
});

describe("S9 channel names", () => {
  it.each([
    ["165 characters", "a".repeat(165), "LimitReached"],
    ["a space", "bad name", "InvalidChannel"],
    ["a backslash", "bad\\name", "InvalidChannel"],
    ["a leading #", "#server-to-user-1", "InvalidChannel"],
    ["a slash", "a/b", "InvalidChannel"],
  ])("rejects a name with %s", async (_label, name, type) => {
    const client = await rawClient();
    const reply = await client.subscribe(name);
    expect(reply.event).toBe("pusher:subscription_error");
    expect(reply.payload).toMatchObject({ type, status: 4009 });
  });

  it.each([["foo-bar_1234@=,.;"], ["a".repeat(164)], ["user.42"]])("accepts %s", async (name) => {
    const client = await rawClient();
    expect((await client.subscribe(name)).event).toBe("pusher_internal:subscription_succeeded");
  });
});

describe("S10 channel kinds by prefix", () => {
  it("private-x needs auth while x does not, and they are different channels", async () => {
    const client = await rawClient();
    expectAuthError(await client.subscribe("private-s10"), "private-s10");
    expect((await client.subscribe("s10")).event).toBe("pusher_internal:subscription_succeeded");
    const privateSubscriber = await rawClient();
    await privateSubscriber.subscribeAuthorised(host.app, "private-s10");
    await host.sdk().trigger("s10", "only-public", "{}");
    await Promise.all([client.barrier(), privateSubscriber.barrier()]);
    expect(client.framesFor("only-public", "s10")).toHaveLength(1);
    expect(privateSubscriber.framesFor("only-public")).toHaveLength(0);
  });

  it.each([["privatex"], ["foo-private-x"], ["presencex"], ["x-presence-y"]])("treats %s as public", async (name) => {
    const client = await rawClient();
    expect((await client.subscribe(name)).event).toBe("pusher_internal:subscription_succeeded");
  });
});

describe("S11 unsubscribe", () => {
  it("sends no reply and no further events", async () => {
    const client = await rawClient();
    await client.subscribe("s11");
    client.send({ event: "pusher:unsubscribe", data: { channel: "s11" } });
    await client.barrier();
    await host.sdk().trigger("s11", "after-unsubscribe", "{}");
    await client.barrier();
    const afterSubscribe = client.frames.filter((frame) => frame.event !== "pusher:pong" && frame.event !== "pusher:connection_established");
    expect(afterSubscribe.map((frame) => frame.event)).toEqual(["pusher_internal:subscription_succeeded"]);
    expect((await channelInfo("s11")).occupied).toBe(false);
  });

  it("Echo.leave('x') drops x, private-x and presence-x", async () => {
    const client = createPusherClient(host.app, host.port, { presence: { user_id: "s11" } });
    await connected(client);
    const echo = createEcho(client);
    const ready = ["s11-leave", "private-s11-leave", "presence-s11-leave"].map((name) => {
      const done = deferred<void>();
      const channel = name.startsWith("presence-")
        ? echo.join("s11-leave")
        : name.startsWith("private-")
          ? echo.private("s11-leave")
          : echo.channel("s11-leave");
      channel.subscribed(() => done.resolve());
      return withTimeout(done.promise, 5_000, `subscribed ${name}`);
    });
    await Promise.all(ready);
    expect(await occupiedChannels()).toEqual(expect.arrayContaining(["s11-leave", "private-s11-leave", "presence-s11-leave"]));
    echo.leave("s11-leave");
    await waitUntil(occupiedChannels, (names) => !names.some((name) => name.includes("s11-leave")), { label: "all variants left" });
  });
});

describe("S12 double subscribe", () => {
  it("keeps a single membership and delivers once", async () => {
    const client = await rawClient();
    expect((await client.subscribe("s12")).event).toBe("pusher_internal:subscription_succeeded");
    expect((await client.subscribe("s12")).event).toBe("pusher_internal:subscription_succeeded");
    expect(await channelInfo("s12")).toEqual({ occupied: true, subscription_count: 1 });
    await host.sdk().trigger("s12", "once", "{}");
    await client.barrier();
    expect(client.framesFor("once", "s12")).toHaveLength(1);
  });

  it("a presence double subscribe neither duplicates the member nor announces it again", async () => {
    const observer = await rawClient();
    await observer.subscribeAuthorised(host.app, "presence-s12", { user_id: "obs" });
    const client = await rawClient();
    await client.subscribeAuthorised(host.app, "presence-s12", { user_id: "twice" });
    const again = await client.subscribeAuthorised(host.app, "presence-s12", { user_id: "twice" });
    expect((again.payload as { presence: { count: number } }).presence.count).toBe(2);
    await observer.barrier();
    expect(observer.framesFor("pusher_internal:member_added", "presence-s12")).toHaveLength(1);
    expect(await channelInfo("presence-s12", "user_count,subscription_count")).toEqual({ occupied: true, user_count: 2, subscription_count: 2 });
  });
});
