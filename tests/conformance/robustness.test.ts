/** Abuse that must leave the server and every other connection fine: floods, garbage, churn. */
import { describe, expect, it } from "vitest";
import WebSocket from "ws";
import { authorizeChannel } from "../../server/realtime/index.ts";
import { startHost } from "./support/harness.ts";
import { useRealtimeHost } from "./support/fixture.ts";
import { RawClient } from "./support/raw-client.ts";
import { waitUntil, withTimeout } from "./support/wait.ts";

const { host, rawClient, closeRawClients } = useRealtimeHost();

/** A bystander subscribed to a channel must keep receiving events while something else misbehaves. */
async function expectBystanderServed(bystander: RawClient, channel: string): Promise<void> {
  const name = `alive-${Math.random().toString(36).slice(2)}`;
  await host.sdk().trigger(channel, name, "{}");
  await bystander.nextEvent(name, channel);
  expect(bystander.socket.readyState).toBe(WebSocket.OPEN);
}

describe("floods", () => {
  it("a subscribe flood closes the flooder with 4100, releases its channels, and does not disturb others", async () => {
    const bystander = await rawClient();
    await bystander.subscribe("robust-bystander");
    const channelsBefore = host.realtime.stats().channels;
    const flooder = await rawClient();
    for (let index = 0; index < 10_000; index += 1) flooder.send({ event: "pusher:subscribe", data: { channel: `flood-${index}` } });
    expect((await withTimeout(flooder.closed, 10_000, "flooder closed")).code).toBe(4100);
    await waitUntil(
      () => host.realtime.stats().channels,
      (count) => count === channelsBefore,
      { label: "flood channels released" },
    );
    await expectBystanderServed(bystander, "robust-bystander");
  });

  it("caps the channels of one connection with LimitReached", async () => {
    const limited = await startHost({ limits: { maxChannelsPerConnection: 3 } });
    try {
      const client = await rawClient(limited);
      for (const name of ["a", "b", "c"]) expect((await client.subscribe(name)).event).toBe("pusher_internal:subscription_succeeded");
      const refused = await client.subscribe("d");
      expect(refused.event).toBe("pusher:subscription_error");
      expect(refused.payload).toMatchObject({ type: "LimitReached" });
      expect(client.socket.readyState).toBe(WebSocket.OPEN);
    } finally {
      closeRawClients();
      await limited.close();
    }
  });

  it("garbage of every kind from many sockets at once leaves the server serving", async () => {
    const bystander = await rawClient();
    await bystander.subscribe("robust-garbage");
    const garbage: Array<string | Buffer> = [
      Buffer.from([0xff, 0xfe, 0x00]),
      "{",
      "null",
      '"string"',
      "42",
      JSON.stringify({ event: "pusher:subscribe", data: "not json" }),
      JSON.stringify({ event: "pusher:subscribe", data: { channel: 42 } }),
      JSON.stringify({ event: "pusher:subscribe", data: { channel: "private-x", auth: 12 } }),
      JSON.stringify({ event: "pusher:subscribe", data: { channel: "presence-x", auth: "k:s", channel_data: { user_id: 1 } } }),
      JSON.stringify({ event: "pusher:unsubscribe", data: {} }),
      JSON.stringify({ event: "client-x", channel: "private-x", data: { deep: { deeper: [1, 2, 3] } } }),
      JSON.stringify({ event: "pusher_internal:member_added", channel: "presence-x", data: "{}" }),
      JSON.stringify({ event: "pusher:signin", data: { auth: "x", user_data: "{}" } }),
      JSON.stringify({ event: "x".repeat(5_000), channel: "robust-garbage", data: {} }),
    ];
    const senders = await Promise.all(Array.from({ length: 20 }, () => rawClient()));
    for (const sender of senders) {
      for (const item of garbage) sender.sendRaw(item, { binary: Buffer.isBuffer(item) });
    }
    await Promise.all(senders.map((sender) => sender.barrier()));
    for (const sender of senders) expect(sender.socket.readyState).toBe(WebSocket.OPEN);
    await expectBystanderServed(bystander, "robust-garbage");
  });
});

describe("slow consumers", () => {
  it("a client that stops reading is cut off (4100) instead of growing the server's buffers", async () => {
    const limited = await startHost({ limits: { maxBufferedBytes: 512 * 1024 } });
    try {
      const bystander = await rawClient(limited);
      await bystander.subscribe("robust-slow");
      const stalled = await rawClient(limited);
      await stalled.subscribe("robust-slow");
      (stalled.socket as unknown as { _socket: { pause(): void } })._socket.pause();
      const sdk = limited.sdk();
      const data = "x".repeat(10 * 1024);
      const connectionsBefore = limited.realtime.stats().connections;
      const deadline = Date.now() + 20_000;
      let batches = 0;
      while (limited.realtime.stats().connections === connectionsBefore) {
        if (Date.now() > deadline) throw new Error(`stalled client still connected after ${batches} batches`);
        await sdk.triggerBatch(Array.from({ length: 10 }, () => ({ channel: "robust-slow", name: "big", data })));
        batches += 1;
      }
      expect(limited.realtime.stats().connections).toBe(connectionsBefore - 1);
      const name = "after-slow";
      await sdk.trigger("robust-slow", name, "{}");
      await bystander.nextEvent(name, "robust-slow", 10_000);
    } finally {
      closeRawClients();
      await limited.close();
    }
  }, 30_000);
});

describe("churn", () => {
  it("sockets killed in the middle of presence subscriptions leave no members and no channels behind", async () => {
    const channel = "presence-churn";
    const observer = await rawClient();
    await observer.subscribeAuthorised(host.app, channel, { user_id: "observer" });
    const rounds = await Promise.all(
      Array.from({ length: 50 }, async (_, index) => {
        const client = await RawClient.connect(host.wsUrl());
        const body = authorizeChannel({
          socketId: client.socketId,
          channelName: channel,
          key: host.app.key,
          secret: host.app.secret,
          presenceData: { user_id: `churn-${index % 10}` },
        });
        client.send({ event: "pusher:subscribe", data: { channel, ...body } });
        if (index % 2 === 0) client.socket.terminate();
        else setImmediate(() => client.socket.terminate());
        return client.closed;
      }),
    );
    expect(rounds).toHaveLength(50);
    await waitUntil(
      async () => ((await (await host.sdk().get({ path: `/channels/${channel}/users` })).json()) as { users: Array<{ id: string }> }).users,
      (users) => users.length === 1 && users[0].id === "observer",
      { label: "only the observer left" },
    );
    await waitUntil(
      () => host.realtime.stats().connections,
      (count) => count === 1,
      { label: "connections released" },
    );
    // Every announced join has a matching leave.
    await observer.barrier();
    const added = observer.framesFor("pusher_internal:member_added", channel).length;
    const removed = observer.framesFor("pusher_internal:member_removed", channel).length;
    expect(added).toBe(removed);
  });
});
