/** Checklist E1-E5: client events. */
import { describe, expect, it } from "vitest";
import WebSocket from "ws";
import { useRealtimeHost } from "./support/fixture.ts";
import { connected, createEcho, createPusherClient, nextChannelEvent, subscribed } from "./support/pusher-clients.ts";
import { deferred, withTimeout } from "./support/wait.ts";

const { host, rawClient } = useRealtimeHost();

describe("E1 client events on private channels", () => {
  it("reach the other subscriber with the data object intact and are never echoed to the sender", async () => {
    const sender = createPusherClient(host.app, host.port);
    const receiver = createPusherClient(host.app, host.port);
    await Promise.all([connected(sender), connected(receiver)]);
    const [senderChannel, receiverChannel] = await Promise.all([subscribed(sender, "private-e1"), subscribed(receiver, "private-e1")]);
    const echoed: unknown[] = [];
    senderChannel.bind("client-typing", (data: unknown) => echoed.push(data));
    const received = nextChannelEvent(receiverChannel, "client-typing");
    const payload = { text: "héllo", nested: { list: [1, 2, { deep: true }] }, nothing: null };
    expect(senderChannel.trigger("client-typing", payload)).toBe(true);
    expect(await received).toEqual(payload);
    // The receiver has the event, so any echo to the sender was written before this marker.
    const marker = nextChannelEvent(senderChannel, "marker");
    await host.sdk().trigger("private-e1", "marker", {});
    await marker;
    expect(echoed).toEqual([]);
  });

  it("raw: forwards data exactly as sent (object stays object, string stays string)", async () => {
    const a = await rawClient();
    const b = await rawClient();
    await a.subscribeAuthorised(host.app, "private-e1-raw");
    await b.subscribeAuthorised(host.app, "private-e1-raw");
    a.send({ event: "client-object", channel: "private-e1-raw", data: { n: 1 } });
    a.send({ event: "client-string", channel: "private-e1-raw", data: '{"n":1}' });
    const asObject = await b.nextEvent("client-object");
    const asString = await b.nextEvent("client-string");
    expect(JSON.parse(asObject.raw)).toEqual({ event: "client-object", channel: "private-e1-raw", data: { n: 1 } });
    expect(JSON.parse(asString.raw)).toEqual({ event: "client-string", channel: "private-e1-raw", data: '{"n":1}' });
    await a.barrier();
    expect(a.framesFor("client-object")).toHaveLength(0);
  });
});

describe("E2 client events on presence channels", () => {
  it("carry the sender's user_id, exposed by pusher-js as metadata.user_id, and Echo's whisper works", async () => {
    const alice = createPusherClient(host.app, host.port, { presence: { user_id: "alice" } });
    const bob = createPusherClient(host.app, host.port, { presence: { user_id: "bob" } });
    await Promise.all([connected(alice), connected(bob)]);
    const aliceEcho = createEcho(alice);
    const bobEcho = createEcho(bob);
    const joined = [deferred<void>(), deferred<void>()];
    aliceEcho.join("e2").here(() => joined[0].resolve());
    const whisper = deferred<{ data: unknown; metadata: { user_id?: string } }>();
    bobEcho.join("e2").here(() => joined[1].resolve());
    bob.channel("presence-e2").bind("client-typing", (data: unknown, metadata: { user_id?: string }) => whisper.resolve({ data, metadata }));
    await withTimeout(Promise.all(joined.map((entry) => entry.promise)), 5_000, "both joined");
    aliceEcho.join("e2").whisper("typing", { typing: true });
    const { data, metadata } = await withTimeout(whisper.promise, 5_000, "whisper");
    expect(data).toEqual({ typing: true });
    expect(metadata.user_id).toBe("alice");
  });
});

describe("E3 rejected client events", () => {
  it("on a public channel: pusher:error 4301, not delivered", async () => {
    const a = await rawClient();
    const b = await rawClient();
    await a.subscribe("e3-public");
    await b.subscribe("e3-public");
    a.send({ event: "client-x", channel: "e3-public", data: {} });
    expect((await a.nextEvent("pusher:error")).payload).toMatchObject({ code: 4301 });
    await host.sdk().trigger("e3-public", "marker", "{}");
    await b.nextEvent("marker");
    expect(b.framesFor("client-x")).toHaveLength(0);
  });

  it("on a channel the sender is not subscribed to: pusher:error 4301, not delivered", async () => {
    const a = await rawClient();
    const b = await rawClient();
    await b.subscribeAuthorised(host.app, "private-e3");
    a.send({ event: "client-x", channel: "private-e3", data: {} });
    expect((await a.nextEvent("pusher:error")).payload).toMatchObject({ code: 4301 });
    await host.sdk().trigger("private-e3", "marker", "{}");
    await b.nextEvent("marker");
    expect(b.framesFor("client-x")).toHaveLength(0);
  });

  it.each([["not-client-x"], ["myclient-x"], ["client-"]])("with the name %s: pusher:error 4301, not delivered", async (event) => {
    const a = await rawClient();
    const b = await rawClient();
    await a.subscribeAuthorised(host.app, "private-e3-name");
    await b.subscribeAuthorised(host.app, "private-e3-name");
    a.send({ event, channel: "private-e3-name", data: {} });
    expect((await a.nextEvent("pusher:error")).payload).toMatchObject({ code: 4301 });
    await host.sdk().trigger("private-e3-name", "marker", "{}");
    await b.nextEvent("marker");
    expect(b.framesFor(event)).toHaveLength(0);
  });
});

describe("E4 client event rate", () => {
  it("accepts 10 per second, rejects the rest with 4301 and keeps the connection", async () => {
    const a = await rawClient();
    const b = await rawClient();
    await a.subscribeAuthorised(host.app, "private-e4");
    await b.subscribeAuthorised(host.app, "private-e4");
    for (let index = 0; index < 15; index += 1) a.send({ event: "client-burst", channel: "private-e4", data: { index } });
    await a.barrier();
    await host.sdk().trigger("private-e4", "marker", "{}");
    await b.nextEvent("marker");
    expect(b.framesFor("client-burst").map((frame) => (frame.data as { index: number }).index)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(a.framesFor("pusher:error").map((frame) => (frame.payload as { code: number }).code)).toEqual([4301, 4301, 4301, 4301, 4301]);
    expect(a.socket.readyState).toBe(WebSocket.OPEN);
  });
});

describe("E5 client event size", () => {
  it("accepts 10 KB of data and rejects 10 KB + 1 byte with 4301", async () => {
    const a = await rawClient();
    const b = await rawClient();
    await a.subscribeAuthorised(host.app, "private-e5");
    await b.subscribeAuthorised(host.app, "private-e5");
    a.send({ event: "client-max", channel: "private-e5", data: "x".repeat(10 * 1024) });
    a.send({ event: "client-over", channel: "private-e5", data: "x".repeat(10 * 1024 + 1) });
    expect((await a.nextEvent("pusher:error")).payload).toMatchObject({ code: 4301 });
    await b.nextEvent("client-max");
    await host.sdk().trigger("private-e5", "marker", "{}");
    await b.nextEvent("marker");
    expect(b.framesFor("client-over")).toHaveLength(0);
    expect(a.socket.readyState).toBe(WebSocket.OPEN);
  });
});
