/** The Broadcaster drivers and the channel authorisation helpers the back API will use. */
import Pusher from "pusher";
import { describe, expect, it } from "vitest";
import {
  authorizeChannel,
  BroadcastError,
  cartChannelName,
  ChannelAuthorizationError,
  createBroadcaster,
  createMemoryBroadcaster,
  parseAccountChannel,
  parseCartChannel,
  parseUserChannel,
  type Broadcaster,
} from "../../server/realtime/index.ts";
import { useRealtimeHost } from "./support/fixture.ts";

const { host, rawClient } = useRealtimeHost();

function drivers(): Array<[string, Broadcaster]> {
  return [
    ["embedded", createBroadcaster({ driver: "embedded", server: host.realtime })],
    [
      "pusher",
      createBroadcaster({
        driver: "pusher",
        appId: host.app.appId,
        key: host.app.key,
        secret: host.app.secret,
        host: "127.0.0.1",
        port: host.port,
        useTLS: false,
      }),
    ],
  ];
}

describe("Broadcaster drivers", () => {
  it.each(["embedded", "pusher"])("%s: delivers {event, channel, data: JSON string} and honours exceptSocketId", async (name) => {
    const broadcaster = drivers().find(([driver]) => driver === name)![1];
    const excluded = await rawClient();
    const receiver = await rawClient();
    const channel = `broadcast-${name}`;
    await excluded.subscribe(channel);
    await receiver.subscribe(channel);
    await broadcaster.broadcast(channel, "NotificationUpdate", { notification: { id: 1, text: "Bonjour" } });
    const frame = await receiver.nextEvent("NotificationUpdate", channel);
    expect(JSON.parse(frame.raw)).toEqual({
      event: "NotificationUpdate",
      channel,
      data: JSON.stringify({ notification: { id: 1, text: "Bonjour" } }),
    });
    await excluded.nextEvent("NotificationUpdate", channel);

    await broadcaster.broadcast(channel, "ContactUpdate", {}, { exceptSocketId: excluded.socketId });
    await receiver.nextEvent("ContactUpdate", channel);
    await broadcaster.broadcast(channel, "Marker", {});
    await excluded.nextEvent("Marker", channel);
    expect(excluded.framesFor("ContactUpdate")).toHaveLength(0);
  });

  it.each(["embedded", "pusher"])("%s: refuses invalid channels and payloads above 10 KB", async (name) => {
    const broadcaster = drivers().find(([driver]) => driver === name)![1];
    await expect(broadcaster.broadcast("bad channel", "E", {})).rejects.toBeInstanceOf(BroadcastError);
    await expect(broadcaster.broadcast("ok", "E", { blob: "x".repeat(10 * 1024) })).rejects.toBeInstanceOf(BroadcastError);
    await expect(broadcaster.broadcast("ok", "E", {}, { exceptSocketId: "nope" })).rejects.toBeInstanceOf(BroadcastError);
  });

  it("pusher: surfaces HTTP errors from the remote server", async () => {
    const wrongSecret = createBroadcaster({ driver: "pusher", appId: host.app.appId, key: host.app.key, secret: "nope", host: "127.0.0.1", port: host.port });
    await expect(wrongSecret.broadcast("ok", "E", {})).rejects.toMatchObject({ status: 401 });
  });

  it("memory: records broadcasts without sending them", async () => {
    const memory = createMemoryBroadcaster();
    await memory.broadcast("private-user.1", "ReloadEvent", { a: 1 }, { exceptSocketId: "1.2" });
    expect(memory.sent).toEqual([{ channel: "private-user.1", event: "ReloadEvent", data: '{"a":1}', exceptSocketId: "1.2" }]);

    // The factory's "memory" driver is such a recorder, with nothing recorded yet.
    const configured = createBroadcaster({ driver: "memory" });
    expect(configured).toMatchObject({ sent: [] });
    await configured.broadcast("private-user.2", "NotificationUpdate", { id: 2 });
    expect(configured).toMatchObject({ sent: [{ channel: "private-user.2", event: "NotificationUpdate", data: '{"id":2}' }] });
  });
});

describe("authorizeChannel", () => {
  const app = { appId: "1", key: "app-key", secret: "app-secret" };
  const official = new Pusher({ ...app, host: "127.0.0.1" });

  it("signs private channels exactly like the official SDK", () => {
    const ours = authorizeChannel({ socketId: "123.456", channelName: "private-user.42", key: app.key, secret: app.secret });
    expect(ours).toEqual(official.authorizeChannel("123.456", "private-user.42"));
    expect(ours.auth).toMatch(/^app-key:[0-9a-f]{64}$/);
  });

  it("signs presence channels with channel_data like the official SDK", () => {
    const presenceData = { user_id: "42", user_info: { name: "Ana" } };
    const ours = authorizeChannel({ socketId: "1.2", channelName: "presence-room", key: app.key, secret: app.secret, presenceData });
    expect(ours).toEqual(official.authorizeChannel("1.2", "presence-room", presenceData));
  });

  it("sends user_id as a string and omits an absent user_info", () => {
    const result = authorizeChannel({ socketId: "1.2", channelName: "presence-room", key: app.key, secret: app.secret, presenceData: { user_id: 42 } });
    expect(result.channel_data).toBe('{"user_id":"42"}');
  });

  it.each([
    ["a socket id that is not digits.digits", { socketId: "abc", channelName: "private-x" }],
    ["a socket id with a suffix", { socketId: "1.2:private-x", channelName: "private-x" }],
    ["an invalid channel name", { socketId: "1.2", channelName: "private-x y" }],
    ["a channel name over 164 characters", { socketId: "1.2", channelName: `private-${"x".repeat(160)}` }],
    ["a presence channel without presenceData", { socketId: "1.2", channelName: "presence-x" }],
  ])("refuses %s", (_label, input) => {
    expect(() => authorizeChannel({ ...input, key: app.key, secret: app.secret })).toThrow(ChannelAuthorizationError);
  });

  it("refuses user_info above 1 KB", () => {
    expect(() =>
      authorizeChannel({
        socketId: "1.2",
        channelName: "presence-x",
        key: app.key,
        secret: app.secret,
        presenceData: { user_id: "1", user_info: { blob: "x".repeat(1100) } },
      }),
    ).toThrow(ChannelAuthorizationError);
  });
});

describe("platform channel names", () => {
  it.each([
    ["private-user.42", "42", null, null],
    ["private-account.7", null, "7", null],
    ["private-cart.cart-2024-001", null, null, "cart-2024-001"],
    ["private-user.", null, null, null],
    ["private-user.4.2", null, null, null],
    ["user.42", null, null, null],
    ["presence-user.42", null, null, null],
    ["private-cart.a b", null, null, null],
  ])("%s", (channel, user, account, cart) => {
    expect(parseUserChannel(channel)).toBe(user);
    expect(parseAccountChannel(channel)).toBe(account);
    expect(parseCartChannel(channel)).toBe(cart);
  });

  it("cartChannelName replaces every dot with a dash and round-trips through parseCartChannel", () => {
    expect(cartChannelName("cart.2024.001")).toBe("private-cart.cart-2024-001");
    expect(cartChannelName(12)).toBe("private-cart.12");
    expect(parseCartChannel(cartChannelName("a.b.c"))).toBe("a-b-c");
    expect(() => cartChannelName("has space")).toThrow();
  });
});
