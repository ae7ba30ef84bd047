/** Checklist H1-H8: the Pusher HTTP API, driven by the official `pusher` SDK (pusher-http-node). */
import express from "express";
import Pusher from "pusher";
import { describe, expect, it, vi } from "vitest";
import { startHost } from "./support/harness.ts";
import { useRealtimeHost } from "./support/fixture.ts";
import { connected, createEcho, createPusherClient, nextChannelEvent, subscribed } from "./support/pusher-clients.ts";

const { host, rawClient, closeRawClients } = useRealtimeHost();

interface SignedRequest {
  method: "GET" | "POST";
  path: string;
  body?: unknown;
  /** Body text to sign and send instead of JSON.stringify(body). */
  rawBody?: string;
  params?: Record<string, string>;
  /** Moves the signing clock (the SDK reads Date.now() while signing). */
  clockOffsetSeconds?: number;
  sdk?: Pusher;
  /** Path actually requested, when it differs from the signed one (proxies, mounts). */
  requestPath?: string;
  /** Body actually sent, when it differs from the signed one. */
  sentBody?: string;
  editQuery?: (query: string) => string;
}

/** Signs with the SDK's own signer, then sends with fetch so that anything can be altered in between. */
async function signedRequest(request: SignedRequest): Promise<{ status: number; body: unknown }> {
  const sdk = request.sdk ?? host.sdk();
  const signedPath = `/apps/${host.app.appId}${request.path}`;
  const bodyText = request.rawBody ?? (request.body === undefined ? undefined : JSON.stringify(request.body));
  const realNow = Date.now();
  const clock = vi.spyOn(Date, "now").mockReturnValue(realNow + (request.clockOffsetSeconds ?? 0) * 1000);
  let query: string;
  try {
    query = sdk.createSignedQueryString({ method: request.method, path: signedPath, body: bodyText, params: request.params });
  } finally {
    clock.mockRestore();
  }
  if (request.editQuery) query = request.editQuery(query);
  const response = await fetch(`${host.baseUrl}${request.requestPath ?? signedPath}?${query}`, {
    method: request.method,
    body: request.sentBody ?? bodyText,
    headers: bodyText ? { "content-type": "application/json" } : {},
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined };
}

function post(path: string, body: unknown): Promise<{ status: number; body: unknown }> {
  return signedRequest({ method: "POST", path, body });
}

describe("H1 trigger", () => {
  it("delivers {event, channel, data} with data byte-identical and answers 200 {}", async () => {
    const client = await rawClient();
    await client.subscribe("h1");
    const response = await host.sdk().trigger("h1", "greeting", { text: "¡hola!", list: [1, 2] });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({});
    const frame = await client.nextEvent("greeting", "h1");
    expect(JSON.parse(frame.raw)).toEqual({ event: "greeting", channel: "h1", data: JSON.stringify({ text: "¡hola!", list: [1, 2] }) });
  });

  it("passes a string payload through untouched", async () => {
    const client = await rawClient();
    await client.subscribe("h1-string");
    await host.sdk().trigger("h1-string", "plain", "not json at all");
    expect((await client.nextEvent("plain")).data).toBe("not json at all");
  });

  it("returns channel attributes when info is requested", async () => {
    const client = await rawClient();
    await client.subscribe("h1-info");
    const response = await host.sdk().trigger(["h1-info", "h1-empty"], "with-info", {}, { info: "subscription_count" });
    expect(await response.json()).toEqual({ channels: { "h1-info": { subscription_count: 1 }, "h1-empty": { subscription_count: 0 } } });
  });
});

describe("H2 trigger limits", () => {
  it("accepts 100 channels and refuses 101 with 400", async () => {
    const channels = Array.from({ length: 101 }, (_, index) => `h2-${index}`);
    const client = await rawClient();
    await client.subscribe("h2-99");
    expect((await host.sdk().trigger(channels.slice(0, 100), "many", {})).status).toBe(200);
    await client.nextEvent("many", "h2-99");
    expect((await post("/events", { name: "many", data: "{}", channels })).status).toBe(400);
  });

  it("accepts a 200-character channel name and refuses 201 with 400", async () => {
    expect((await post("/events", { name: "n", data: "{}", channels: ["c".repeat(200)] })).status).toBe(200);
    expect((await post("/events", { name: "n", data: "{}", channels: ["c".repeat(201)] })).status).toBe(400);
  });

  it("accepts 10 KB of data and refuses 10 KB + 1 byte with 413", async () => {
    expect((await post("/events", { name: "n", data: "d".repeat(10 * 1024), channel: "h2" })).status).toBe(200);
    expect((await post("/events", { name: "n", data: "d".repeat(10 * 1024 + 1), channel: "h2" })).status).toBe(413);
  });

  it.each([
    ["no name", { data: "{}", channels: ["h2"] }],
    ["a 201-character name", { name: "e".repeat(201), data: "{}", channels: ["h2"] }],
    ["data that is not a string", { name: "n", data: { a: 1 }, channels: ["h2"] }],
    ["no channels", { name: "n", data: "{}" }],
    ["an invalid channel name", { name: "n", data: "{}", channels: ["bad name"] }],
    ["a malformed socket_id", { name: "n", data: "{}", channels: ["h2"], socket_id: "abc" }],
  ])("refuses %s with 400", async (_label, body) => {
    expect((await post("/events", body)).status).toBe(400);
  });

  it("refuses a body that is not JSON with 400", async () => {
    expect((await signedRequest({ method: "POST", path: "/events", rawBody: "{not json" })).status).toBe(400);
    expect((await signedRequest({ method: "POST", path: "/events", rawBody: "[1,2]" })).status).toBe(400);
  });
});

describe("H3 socket exclusion (Laravel toOthers)", () => {
  it("leaves out the socket named in socket_id and reaches the others", async () => {
    const sender = createPusherClient(host.app, host.port);
    const other = createPusherClient(host.app, host.port);
    await Promise.all([connected(sender), connected(other)]);
    const senderEcho = createEcho(sender);
    const excludedReceived: unknown[] = [];
    senderEcho.private("h3").listen(".Updated", (data: unknown) => excludedReceived.push(data));
    const [senderChannel, otherChannel] = await Promise.all([subscribed(sender, "private-h3"), subscribed(other, "private-h3")]);
    const delivered = nextChannelEvent(otherChannel, "Updated");
    await host.sdk().trigger("private-h3", "Updated", { id: 1 }, { socket_id: senderEcho.socketId() });
    expect(await delivered).toEqual({ id: 1 });
    const marker = nextChannelEvent(senderChannel, "marker");
    await host.sdk().trigger("private-h3", "marker", {});
    await marker;
    expect(excludedReceived).toEqual([]);
  });
});

describe("H4 batch", () => {
  it("accepts 10 events, honours socket_id per item, and refuses 11 with 400", async () => {
    const a = await rawClient();
    const b = await rawClient();
    await a.subscribe("h4");
    await b.subscribe("h4");
    const batch = Array.from({ length: 10 }, (_, index) => ({
      channel: "h4",
      name: `batch-${index}`,
      data: { index },
      ...(index === 3 ? { socket_id: a.socketId } : {}),
    }));
    const response = await host.sdk().triggerBatch(batch);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({});
    await b.nextEvent("batch-9");
    await a.nextEvent("batch-9");
    expect(b.frames.filter((frame) => frame.event.startsWith("batch-"))).toHaveLength(10);
    expect(a.frames.filter((frame) => frame.event.startsWith("batch-")).map((frame) => frame.event)).not.toContain("batch-3");
    expect(a.frames.filter((frame) => frame.event.startsWith("batch-"))).toHaveLength(9);

    const tooMany = Array.from({ length: 11 }, (_, index) => ({ channel: "h4", name: `x-${index}`, data: "{}" }));
    expect((await post("/batch_events", { batch: tooMany })).status).toBe(400);
    expect((await post("/batch_events", { batch: [] })).status).toBe(400);
  });

  it("returns per-item attributes when info is requested", async () => {
    const client = await rawClient();
    await client.subscribe("h4-info");
    const result = await post("/batch_events", { batch: [{ channel: "h4-info", name: "n", data: "{}", info: "subscription_count" }] });
    expect(result).toEqual({ status: 200, body: { batch: [{ subscription_count: 1 }] } });
  });
});

describe("H5 request authentication", () => {
  const body = { name: "n", data: "{}", channel: "h5" };

  it("accepts a correctly signed request and timestamps within 600 s", async () => {
    expect((await signedRequest({ method: "POST", path: "/events", body })).status).toBe(200);
    expect((await signedRequest({ method: "POST", path: "/events", body, clockOffsetSeconds: -595 })).status).toBe(200);
    expect((await signedRequest({ method: "POST", path: "/events", body, clockOffsetSeconds: 595 })).status).toBe(200);
  });

  it.each<[string, () => Partial<SignedRequest>]>([
    [
      "a tampered signature",
      () => ({ editQuery: (query) => query.replace(/auth_signature=([0-9a-f])/, (_m, c: string) => `auth_signature=${c === "0" ? "1" : "0"}`) }),
    ],
    ["a wrong key", () => ({ sdk: host.sdk({ key: "other-key" }) })],
    ["a wrong secret", () => ({ sdk: host.sdk({ secret: "wrong-secret" }) })],
    ["auth_version 2.0", () => ({ editQuery: (query) => query.replace("auth_version=1.0", "auth_version=2.0") })],
    ["a tampered body (body_md5 mismatch)", () => ({ sentBody: JSON.stringify({ ...body, data: '{"evil":1}' }) })],
    ["a body_md5 that was dropped", () => ({ editQuery: (query) => query.replace(/&?body_md5=[0-9a-f]+/, "") })],
    ["a timestamp 601 s in the past", () => ({ clockOffsetSeconds: -601 })],
    ["a timestamp 601 s in the future", () => ({ clockOffsetSeconds: 601 })],
    ["no signature", () => ({ editQuery: (query) => query.replace(/&auth_signature=[0-9a-f]+/, "") })],
  ])("refuses %s with 401", async (_label, change) => {
    expect((await signedRequest({ method: "POST", path: "/events", body, ...change() })).status).toBe(401);
  });

  it("refuses GET requests with a bad signature too", async () => {
    const result = await signedRequest({ method: "GET", path: "/channels", editQuery: (query) => `${query}&extra=1` });
    expect(result.status).toBe(401);
  });
});

describe("H6 mounted under a path prefix", () => {
  it("verifies requests the SDK signed for /apps/{id}/... when Express mounts the API under /realtime", async () => {
    const mounted = await startHost({ mountPath: "/realtime" });
    try {
      const client = await rawClient(mounted);
      await client.subscribe("h6");
      const sdk = mounted.sdk();
      const signedPath = `/apps/${mounted.app.appId}/events`;
      const body = JSON.stringify({ name: "via-prefix", data: "{}", channels: ["h6"] });
      const query = sdk.createSignedQueryString({ method: "POST", path: signedPath, body });
      const response = await fetch(`${mounted.baseUrl}/realtime${signedPath}?${query}`, { method: "POST", body });
      expect(response.status).toBe(200);
      await client.nextEvent("via-prefix", "h6");
      const unmounted = await fetch(`${mounted.baseUrl}${signedPath}?${query}`, { method: "POST", body });
      expect(await unmounted.json()).toEqual({ fallthrough: expect.stringContaining("/apps/") });
    } finally {
      closeRawClients();
      await mounted.close();
    }
  });
});

describe("mounting", () => {
  it("answers 500 with a clear log line when a body parser consumed the body first", async () => {
    const misconfigured = await startHost({ configure: (web) => web.use(express.json()) });
    try {
      const response = await misconfigured
        .sdk()
        .trigger("m", "n", {})
        .catch((error: { status: number }) => error);
      expect(response).toMatchObject({ status: 500 });
      expect(misconfigured.logs.some((entry) => String((entry.details.err as Error)?.message).includes("before any body parser"))).toBe(true);
    } finally {
      await misconfigured.close();
    }
  });
});

describe("H7 channel queries", () => {
  it("lists occupied channels, filters by prefix and gives user_count only for presence prefixes", async () => {
    const a = await rawClient();
    const b = await rawClient();
    await a.subscribe("h7-public");
    await a.subscribeAuthorised(host.app, "presence-h7", { user_id: "1" });
    await b.subscribeAuthorised(host.app, "presence-h7", { user_id: "2" });
    await b.subscribeAuthorised(host.app, "private-h7");

    const all = (await (await host.sdk().get({ path: "/channels" })).json()) as { channels: Record<string, unknown> };
    expect(all.channels).toMatchObject({ "h7-public": {}, "presence-h7": {}, "private-h7": {} });
    const presence = await host.sdk().get({ path: "/channels", params: { filter_by_prefix: "presence-", info: "user_count" } });
    expect(await presence.json()).toEqual({ channels: { "presence-h7": { user_count: 2 } } });
    const privateOnly = await host.sdk().get({ path: "/channels", params: { filter_by_prefix: "private-" } });
    expect(await privateOnly.json()).toEqual({ channels: { "private-h7": {} } });
    const refused = await signedRequest({ method: "GET", path: "/channels", params: { filter_by_prefix: "private-", info: "user_count" } });
    expect(refused.status).toBe(400);
    const refusedNoPrefix = await signedRequest({ method: "GET", path: "/channels", params: { info: "user_count" } });
    expect(refusedNoPrefix.status).toBe(400);
  });

  it("describes one channel", async () => {
    const a = await rawClient();
    await a.subscribeAuthorised(host.app, "presence-h7-one", { user_id: "1" });
    await a.subscribe("h7-one");
    const presence = await host.sdk().get({ path: "/channels/presence-h7-one", params: { info: "user_count,subscription_count" } });
    expect(await presence.json()).toEqual({ occupied: true, user_count: 1, subscription_count: 1 });
    expect(await (await host.sdk().get({ path: "/channels/h7-one" })).json()).toEqual({ occupied: true });
    expect(await (await host.sdk().get({ path: "/channels/h7-nobody" })).json()).toEqual({ occupied: false });
    expect((await signedRequest({ method: "GET", path: "/channels/h7-one", params: { info: "user_count" } })).status).toBe(400);
    expect((await signedRequest({ method: "GET", path: "/channels/bad%20name" })).status).toBe(400);
  });

  it("lists the users of a presence channel once each, and refuses other channels with 400", async () => {
    const tabs = await Promise.all([rawClient(), rawClient(), rawClient()]);
    await tabs[0].subscribeAuthorised(host.app, "presence-h7-users", { user_id: "u1" });
    await tabs[1].subscribeAuthorised(host.app, "presence-h7-users", { user_id: "u1" });
    await tabs[2].subscribeAuthorised(host.app, "presence-h7-users", { user_id: "u2" });
    const users = (await (await host.sdk().get({ path: "/channels/presence-h7-users/users" })).json()) as { users: Array<{ id: string }> };
    expect(users.users.map((user) => user.id).sort()).toEqual(["u1", "u2"]);
    expect((await signedRequest({ method: "GET", path: "/channels/h7-public/users" })).status).toBe(400);
  });
});

describe("H8 routing and event names", () => {
  it("answers 404 for an unknown app id", async () => {
    const other = new Pusher({ appId: "no-such-app", key: host.app.key, secret: host.app.secret, host: "127.0.0.1", port: String(host.port) });
    await expect(other.trigger("h8", "n", {})).rejects.toMatchObject({ status: 404 });
  });

  it("round-trips a Laravel class name with backslashes as the event name", async () => {
    const client = await rawClient();
    await client.subscribe("h8");
    await host.sdk().trigger("h8", "App\\Events\\CartUpdate", { cart: 1 });
    const frame = await client.nextEvent("App\\Events\\CartUpdate", "h8");
    expect(JSON.parse(frame.raw).event).toBe("App\\Events\\CartUpdate");
  });

  it("answers 404 for unknown routes and 405 for wrong methods, and passes other paths to next()", async () => {
    expect((await signedRequest({ method: "GET", path: "/nothing" })).status).toBe(404);
    expect((await signedRequest({ method: "GET", path: "/events" })).status).toBe(405);
    const outside = await fetch(`${host.baseUrl}/something-else`);
    expect(await outside.json()).toEqual({ fallthrough: "/something-else" });
  });
});
