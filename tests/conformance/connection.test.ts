/** Checklist C1-C12: handshake, close codes, ping/pong, reconnection behaviour of pusher-js, bad frames. */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { authorizeChannel } from "../../server/realtime/index.ts";
import { CloseCode, ErrorOnlyCode } from "../../server/realtime/protocol.ts";
import { startHost, type TestHost } from "./support/harness.ts";
import { useRealtimeHost } from "./support/fixture.ts";
import { connected, createPusherClient, disconnectAllClients, subscribed, waitForState } from "./support/pusher-clients.ts";
import { RawClient } from "./support/raw-client.ts";
import { deferred, withTimeout } from "./support/wait.ts";

const { host, openRawClient, closeAfterTest } = useRealtimeHost();

/**
 * pusher-js stays in state "connected" while it waits to retry, so the moment the server closed the socket is
 * taken from its `connecting_in` event (emitted when it schedules a delayed retry); resolves with the delay
 * announced and the time from then until it is connected again with another socket id.
 */
function measureReconnection(client: ReturnType<typeof createPusherClient>, previousSocketId: string) {
  const scheduled = deferred<{ at: number; delaySeconds: number }>();
  client.connection.bind("connecting_in", (delaySeconds: number) => scheduled.resolve({ at: Date.now(), delaySeconds }));
  const reconnected = new Promise<number>((resolve) => {
    client.connection.bind("connected", () => {
      if (client.connection.socket_id !== previousSocketId) resolve(Date.now());
    });
  });
  return withTimeout(
    Promise.all([scheduled.promise, reconnected]).then(([retry, connectedAt]) => ({
      delaySeconds: retry.delaySeconds,
      waitedMs: connectedAt - retry.at,
    })),
    10_000,
    "reconnection",
  );
}

describe("C1 connection_established", () => {
  it("sends connection_established first, with data as a JSON string, a digits.digits socket_id and activity_timeout", async () => {
    const client = await openRawClient(host.wsUrl());
    const first = await client.next(() => true, "first frame");
    expect(first.event).toBe("pusher:connection_established");
    expect(typeof first.data).toBe("string");
    const payload = first.payload as { socket_id: string; activity_timeout: number };
    expect(payload.socket_id).toMatch(/^\d+\.\d+$/);
    expect(payload.activity_timeout).toBe(120);
  });

  it("gives every connection a different socket id", async () => {
    const ids = new Set<string>();
    for (let index = 0; index < 20; index += 1) {
      const client = await openRawClient(host.wsUrl());
      await client.nextEvent("pusher:connection_established");
      ids.add(client.socketId);
    }
    expect(ids.size).toBe(20);
  });
});

describe("C2 unknown app key", () => {
  it("sends pusher:error 4001 then closes with 4001", async () => {
    const client = await openRawClient(host.wsUrl("/app/not-our-key?protocol=7"));
    const error = await client.nextEvent("pusher:error");
    expect(error.payload).toMatchObject({ code: 4001 });
    expect((await withTimeout(client.closed, 5_000, "close")).code).toBe(4001);
    expect(client.frames.some((frame) => frame.event === "pusher:connection_established")).toBe(false);
  });
});

describe("C3 protocol version", () => {
  it.each([
    ["3", 4007],
    ["abc", 4007],
    ["8", 4007],
    ["", 4008],
  ])("protocol=%s is refused with %i", async (version, code) => {
    const client = await openRawClient(host.wsUrl(`/app/${host.app.key}?protocol=${version}`));
    expect((await client.nextEvent("pusher:error")).payload).toMatchObject({ code });
    expect((await withTimeout(client.closed, 5_000, "close")).code).toBe(code);
  });

  it("a missing protocol parameter is refused with 4008", async () => {
    const client = await openRawClient(host.wsUrl(`/app/${host.app.key}`));
    expect((await client.nextEvent("pusher:error")).payload).toMatchObject({ code: 4008 });
    expect((await withTimeout(client.closed, 5_000, "close")).code).toBe(4008);
  });

  it("protocol 5 to 7 are accepted", async () => {
    for (const version of ["5", "6", "7"]) {
      const client = await openRawClient(host.wsUrl(`/app/${host.app.key}?protocol=${version}`));
      const first = await client.next(() => true, `first frame for protocol ${version}`);
      expect(first.event).toBe("pusher:connection_established");
      expect((first.payload as { socket_id: string }).socket_id).toMatch(/^\d+\.\d+$/);
      await client.barrier(); // the connection stays open and answers a ping
      expect(client.framesFor("pusher:error")).toEqual([]);
      expect(client.socket.readyState).toBe(WebSocket.OPEN);
    }
  });
});

describe("C4 paths", () => {
  it("closes with 4005 for a malformed /app/ path", async () => {
    const client = await openRawClient(host.wsUrl(`/app/${host.app.key}/extra?protocol=7`));
    expect((await client.nextEvent("pusher:error")).payload).toMatchObject({ code: 4005 });
    expect((await withTimeout(client.closed, 5_000, "close")).code).toBe(4005);
  });

  it("does not take upgrades outside /app/ (the host then destroys the socket)", async () => {
    const socket = new WebSocket(host.wsUrl("/other/path"));
    const outcome = await withTimeout(
      new Promise<string>((resolve) => {
        socket.once("open", () => resolve("open"));
        socket.once("error", (error) => resolve(`error: ${error.message}`));
      }),
      5_000,
      "upgrade outcome",
    );
    expect(outcome).toMatch(/^error/);
  });
});

describe("C2/C5 codes that must stop pusher-js from retrying", () => {
  it("over quota: 4004 error then close; pusher-js (4001 and 4004) ends disconnected and does not retry within 5 s", async () => {
    const limited = await startHost({ maxConnections: 2 });
    try {
      const first = await RawClient.connect(limited.wsUrl());
      const second = await RawClient.connect(limited.wsUrl());
      closeAfterTest(first, second);
      const third = await openRawClient(limited.wsUrl());
      expect((await third.nextEvent("pusher:error")).payload).toMatchObject({ code: 4004 });
      expect((await withTimeout(third.closed, 5_000, "close")).code).toBe(4004);

      const overQuota = createPusherClient(limited.app, limited.port);
      const wrongKey = createPusherClient({ ...host.app, key: "wrong-key" }, host.port);
      const attemptsBefore = { limited: limited.upgradeUrls.length, host: host.upgradeUrls.length };
      overQuota.connect();
      wrongKey.connect();
      await Promise.all([waitForState(overQuota, "disconnected"), waitForState(wrongKey, "disconnected")]);
      await new Promise((resolve) => setTimeout(resolve, 5_000)); // the property under test is "nothing happens for 5 s"
      expect(overQuota.connection.state).toBe("disconnected");
      expect(wrongKey.connection.state).toBe("disconnected");
      expect(limited.upgradeUrls.length - attemptsBefore.limited).toBe(1);
      expect(host.upgradeUrls.length - attemptsBefore.host).toBe(1);
    } finally {
      disconnectAllClients();
      await limited.close();
    }
  }, 20_000);
});

describe("C6 ping/pong", () => {
  it.each([
    ["an object", { event: "pusher:ping", data: {} }],
    ["a JSON string", { event: "pusher:ping", data: "{}" }],
    ["no data", { event: "pusher:ping" }],
  ])("answers pusher:ping with data as %s", async (_label, ping) => {
    const client = await RawClient.connect(host.wsUrl());
    closeAfterTest(client);
    client.send(ping);
    const pong = await client.nextEvent("pusher:pong");
    expect(pong.channel).toBeUndefined();
  });
});

describe("C7/C8 activity timeout", () => {
  let quick: TestHost;
  beforeAll(async () => {
    quick = await startHost({ activityTimeoutSeconds: 1, pongTimeoutSeconds: 1 });
  });
  afterAll(async () => {
    await quick.close();
  });

  it("C7 pings a silent client and closes it with 4201 when no pong follows", async () => {
    const client = await RawClient.connect(quick.wsUrl());
    closeAfterTest(client);
    const connectedAt = Date.now();
    await client.nextEvent("pusher:ping", undefined, 5_000);
    expect(Date.now() - connectedAt).toBeGreaterThanOrEqual(1_000);
    const error = await client.nextEvent("pusher:error", undefined, 5_000);
    expect(error.payload).toMatchObject({ code: 4201 });
    expect((await withTimeout(client.closed, 5_000, "close")).code).toBe(4201);
  });

  it("C7 keeps a client that answers the server's ping", async () => {
    const client = await RawClient.connect(quick.wsUrl());
    closeAfterTest(client);
    for (let round = 0; round < 2; round += 1) {
      await client.nextEvent("pusher:ping", undefined, 5_000);
      client.send({ event: "pusher:pong", data: {} });
    }
    await client.barrier();
    expect(client.socket.readyState).toBe(WebSocket.OPEN);
    expect(client.framesFor("pusher:error")).toHaveLength(0);
  });

  it("C8 pusher-js pings after the server's activity_timeout and stays connected", async () => {
    const slower = await startHost({ activityTimeoutSeconds: 2 });
    try {
      const client = createPusherClient(slower.app, slower.port);
      const socketId = await connected(client);
      const pongReceived = deferred<number>();
      client.connection.bind("message", (message: { event: string }) => {
        if (message.event === "pusher:pong") pongReceived.resolve(Date.now());
      });
      const connectedAt = Date.now();
      const pongAt = await withTimeout(pongReceived.promise, 6_000, "pong for pusher-js' ping");
      expect(pongAt - connectedAt).toBeGreaterThanOrEqual(1_500);
      expect(client.connection.state).toBe("connected");
      expect(client.connection.socket_id).toBe(socketId);
      expect(slower.upgradeUrls).toHaveLength(1);
      expect(slower.upgradeUrls[0]).toMatch(/protocol=7/);
    } finally {
      disconnectAllClients();
      await slower.close();
    }
  });
});

describe("C9 server asks clients to reconnect (4200)", () => {
  it("pusher-js reconnects with a new socket id and re-subscribes every channel, re-authorising private ones", async () => {
    const authorisedFor: string[] = [];
    const tracked = createPusherClient(host.app, host.port, {
      authorize: async (socketId, channelName) => {
        authorisedFor.push(`${socketId} ${channelName}`);
        return authorizeChannel({
          socketId,
          channelName,
          key: host.app.key,
          secret: host.app.secret,
          presenceData: channelName.startsWith("presence-") ? { user_id: "u2" } : undefined,
        });
      },
    });
    const firstId = await connected(tracked);
    const names = ["c9-public", "private-c9", "presence-c9"];
    const channels = await Promise.all(names.map((name) => subscribed(tracked, name)));
    const resubscribed = channels.map((channel) => new Promise<void>((resolve) => channel.bind("pusher:subscription_succeeded", () => resolve())));

    await host.replaceRealtime();

    await withTimeout(Promise.all(resubscribed), 10_000, "re-subscriptions");
    const secondId = tracked.connection.socket_id;
    expect(secondId).not.toBe(firstId);
    expect(authorisedFor).toEqual(
      expect.arrayContaining([`${firstId} private-c9`, `${firstId} presence-c9`, `${secondId} private-c9`, `${secondId} presence-c9`]),
    );
    const received = channels.map((channel) => new Promise<unknown>((resolve) => channel.bind("after-reconnect", resolve)));
    await host.sdk().trigger(names, "after-reconnect", { ok: true });
    expect(await withTimeout(Promise.all(received), 5_000, "events after reconnect")).toEqual([{ ok: true }, { ok: true }, { ok: true }]);
  });
});

describe("C10 back-off codes", () => {
  it("a flooding raw client gets pusher:error 4100 and close 4100", async () => {
    const client = await RawClient.connect(host.wsUrl());
    closeAfterTest(client);
    for (let index = 0; index < 500; index += 1) client.send({ event: "pusher:ping", data: {} });
    expect((await client.nextEvent("pusher:error")).payload).toMatchObject({ code: 4100 });
    expect((await withTimeout(client.closed, 5_000, "close")).code).toBe(4100);
  });

  it("pusher-js closed with 4100 reconnects after at least 1 s with a new socket id", async () => {
    const client = createPusherClient(host.app, host.port);
    const firstId = await connected(client);
    const reconnection = measureReconnection(client, firstId);
    for (let index = 0; index < 500; index += 1) client.send_event("pusher:ping", {});
    const { delaySeconds, waitedMs } = await reconnection;
    expect(delaySeconds).toBe(1);
    expect(waitedMs).toBeGreaterThanOrEqual(950);
  });

  it("close codes are below 4300 (pusher-js treats 43xx as 'refused'); 4301 exists only as an error-frame code", () => {
    for (const code of Object.values(CloseCode)) expect(code).toBeLessThan(4300);
    expect(Object.values(CloseCode)).not.toContain(ErrorOnlyCode.clientEventRejected);
    const sourceDir = path.resolve(import.meta.dirname, "../../server/realtime");
    for (const file of readdirSync(sourceDir).filter((name) => name.endsWith(".ts"))) {
      const source = readFileSync(path.join(sourceDir, file), "utf8");
      for (const match of source.matchAll(/\.close\(([^,)]*)/g)) {
        const argument = match[1].trim();
        expect(/^\d+$/.test(argument) ? Number(argument) : 0, `${file}: close(${argument})`).toBeLessThan(4300);
      }
      expect(source, `${file} must not pass ErrorOnlyCode to close()`).not.toMatch(/close\([^)]*ErrorOnlyCode/);
    }
  });
});

describe("C11 bad frames", () => {
  it.each([
    ["a binary frame", Buffer.from([1, 2, 3]), true],
    ["invalid JSON", "{not json", false],
    ["a JSON array", "[1,2]", false],
    ["a frame without event", JSON.stringify({ data: {} }), false],
    ["a non-string channel", JSON.stringify({ event: "client-x", channel: 5 }), false],
    ["an unknown pusher event", JSON.stringify({ event: "pusher:unknown", data: {} }), false],
  ])("answers %s with pusher:error and keeps the connection", async (_label, payload, binary) => {
    const client = await RawClient.connect(host.wsUrl());
    closeAfterTest(client);
    client.sendRaw(payload, { binary });
    const error = await client.nextEvent("pusher:error");
    expect((error.payload as { code: unknown }).code).toBeNull();
    await client.barrier();
    expect(client.socket.readyState).toBe(WebSocket.OPEN);
  });
});

describe("C12 oversized frames", () => {
  it("closes a raw client sending a frame above 64 KB with 1009", async () => {
    const client = await RawClient.connect(host.wsUrl());
    closeAfterTest(client);
    client.sendRaw(JSON.stringify({ event: "client-big", channel: "private-x", data: "x".repeat(70_000) }));
    expect((await withTimeout(client.closed, 5_000, "close")).code).toBe(1009);
  });

  it("pusher-js closed with 1009 reconnects after about 1 s", async () => {
    const client = createPusherClient(host.app, host.port);
    const firstId = await connected(client);
    const reconnection = measureReconnection(client, firstId);
    client.send_event("client-big", "x".repeat(70_000), "private-c12");
    const { delaySeconds, waitedMs } = await reconnection;
    expect(delaySeconds).toBe(1);
    expect(waitedMs).toBeGreaterThanOrEqual(950);
  });
});
