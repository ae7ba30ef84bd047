/**
 * Checklist L1-L4: the platform's own flow with laravel-echo 2 + pusher-js 8 (Node build), its channels
 * (DESIGN.md section 9) and a fake `POST /back/api/broadcasting/auth` built on authorizeChannel, as the back API will.
 */
import express from "express";
import Pusher from "pusher-js";
import { describe, expect, it } from "vitest";
import {
  accountChannelName,
  authorizeChannel,
  cartChannelName,
  parseAccountChannel,
  parseCartChannel,
  parseUserChannel,
  PLATFORM_CHANNEL,
  pusherClientOptions,
  userChannelName,
} from "../../server/realtime/index.ts";
import { useRealtimeHost } from "./support/fixture.ts";
import { connected, createEcho, createPusherClient } from "./support/pusher-clients.ts";
import { deferred, withTimeout } from "./support/wait.ts";

/** Demo session: the bearer token names the user; the user owns one account and one cart. */
const sessions: Record<string, { userId: string; accountId: string; cartId: string }> = {
  "token-ana": { userId: "42", accountId: "7", cartId: "cart.2024.001" },
  "token-bob": { userId: "43", accountId: "8", cartId: "cart.2024.002" },
};

const authRequests: Array<{ contentType?: string; language?: string; form: Record<string, string> }> = [];

const { host } = useRealtimeHost({
  configure(web) {
    web.post("/back/api/broadcasting/auth", express.urlencoded({ extended: false }), (req, res) => {
      const form = req.body as Record<string, string>;
      authRequests.push({ contentType: req.get("content-type"), language: req.get("accept-language"), form });
      const session = sessions[(req.get("authorization") ?? "").replace("Bearer ", "")];
      if (!session) return void res.status(401).json({ status: "Error", message: "Unauthenticated", data: null });
      const channel = form.channel_name;
      const allowed =
        parseUserChannel(channel) === session.userId ||
        parseAccountChannel(channel) === session.accountId ||
        (parseCartChannel(channel) !== null && channel === cartChannelName(session.cartId));
      if (!allowed) return void res.status(403).json({ status: "Error", message: "Forbidden", data: null });
      try {
        res.json(authorizeChannel({ socketId: form.socket_id, channelName: channel, key: host.app.key, secret: host.app.secret }));
      } catch (error) {
        res.status(422).json({ status: "Error", message: (error as Error).message, data: null });
      }
    });
  },
});

/** The client island's authoriser: a form POST with the session and the locale, as spec section 7 describes. */
function backApiAuthorizer(token: string) {
  return async (socketId: string, channelName: string) => {
    const response = await fetch(`${host.baseUrl}/back/api/broadcasting/auth`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "accept-language": "fr-FR",
        authorization: `Bearer ${token}`,
      },
      body: new URLSearchParams({ socket_id: socketId, channel_name: channelName }).toString(),
    });
    if (!response.ok) throw Object.assign(new Error(`Auth endpoint answered ${response.status}`), { status: response.status });
    return (await response.json()) as { auth: string };
  };
}

function echoFor(token: string) {
  const client = createPusherClient(host.app, host.port, { authorize: backApiAuthorizer(token) });
  return { client, echo: createEcho(client) };
}

function nextEvent(register: (callback: (payload: unknown) => void) => void, label: string): Promise<unknown> {
  const received = deferred<unknown>();
  register((payload) => received.resolve(payload));
  return withTimeout(received.promise, 5_000, label);
}

function subscribedPromise(channel: { subscribed(callback: () => void): unknown }, label: string): Promise<void> {
  const done = deferred<void>();
  channel.subscribed(() => done.resolve());
  return withTimeout(done.promise, 5_000, label);
}

describe("L1 user channel events", () => {
  it("receives short-named events with listen('.X') and Laravel class names with listen('X')", async () => {
    const { client, echo } = echoFor("token-ana");
    await connected(client);
    const channel = echo.private("user.42");
    await subscribedPromise(channel, "private-user.42 subscribed");
    const userChannel = userChannelName(42);
    expect(userChannel).toBe("private-user.42");

    const contact = nextEvent((callback) => channel.listen(".ContactUpdate", callback), "ContactUpdate");
    const notification = nextEvent((callback) => channel.listen(".NotificationUpdate", callback), "NotificationUpdate");
    const reload = nextEvent((callback) => channel.listen(".ReloadEvent", callback), "ReloadEvent");
    await host.realtime.broadcaster.broadcast(userChannel, "ContactUpdate", { userId: 42 });
    await host.realtime.broadcaster.broadcast(userChannel, "NotificationUpdate", { notification: { id: 5, title: "Nouveau" } });
    await host.realtime.broadcaster.broadcast(userChannel, "ReloadEvent", {});
    expect(await contact).toEqual({ userId: 42 });
    expect(await notification).toEqual({ notification: { id: 5, title: "Nouveau" } });
    expect(await reload).toEqual({});

    const fqcn = nextEvent((callback) => channel.listen("ContactUpdate", callback), "App\\Events\\ContactUpdate");
    await host.sdk().trigger(userChannel, "App\\Events\\ContactUpdate", { via: "laravel" });
    expect(await fqcn).toEqual({ via: "laravel" });
  });
});

describe("L2 account, cart and public channels", () => {
  it("TrainingPlanUpdate on the account, CartUpdate on the cart (dots as dashes), ReloadEvent on platform", async () => {
    const { client, echo } = echoFor("token-ana");
    await connected(client);
    const account = echo.private("account.7");
    const cartChannel = cartChannelName("cart.2024.001");
    expect(cartChannel).toBe("private-cart.cart-2024-001");
    const cart = echo.private(cartChannel.slice("private-".length));
    const platform = echo.channel(PLATFORM_CHANNEL);
    await Promise.all([subscribedPromise(account, "account"), subscribedPromise(cart, "cart"), subscribedPromise(platform, "platform")]);

    const plan = nextEvent((callback) => account.listen(".TrainingPlanUpdate", callback), "TrainingPlanUpdate");
    const cartUpdate = nextEvent((callback) => cart.listen(".CartUpdate", callback), "CartUpdate");
    const reload = nextEvent((callback) => platform.listen(".ReloadEvent", callback), "ReloadEvent");
    await host.realtime.broadcaster.broadcast(accountChannelName(7), "TrainingPlanUpdate", { planId: 3 });
    await host.realtime.broadcaster.broadcast(cartChannel, "CartUpdate", { cart: { id: "cart.2024.001", items: 2 } });
    await host.realtime.broadcaster.broadcast(PLATFORM_CHANNEL, "ReloadEvent", { version: "2" });
    expect(await plan).toEqual({ planId: 3 });
    expect(await cartUpdate).toEqual({ cart: { id: "cart.2024.001", items: 2 } });
    expect(await reload).toEqual({ version: "2" });
  });
});

describe("L3 authorisation through the back API", () => {
  it("posts socket_id and channel_name as a form with the locale, and reports a 403 through Echo's error()", async () => {
    authRequests.length = 0;
    const { client, echo } = echoFor("token-ana");
    const socketId = await connected(client);
    await subscribedPromise(echo.private("user.42"), "own channel");
    expect(authRequests[0]).toEqual({
      contentType: "application/x-www-form-urlencoded",
      language: "fr-FR",
      form: { socket_id: socketId, channel_name: "private-user.42" },
    });

    const failed = deferred<unknown>();
    echo.private("user.43").error((error: unknown) => failed.resolve(error));
    const otherCart = deferred<unknown>();
    echo.private(cartChannelName("cart.2024.002").slice("private-".length)).error((error: unknown) => otherCart.resolve(error));
    // pusher-js only copies `status` from its own (unexported) HTTPAuthError; a custom authoriser's reason is in `error`.
    const denied = { type: "AuthError", error: expect.stringContaining("403") };
    expect(await withTimeout(failed.promise, 5_000, "error() for another user's channel")).toMatchObject(denied);
    expect(await withTimeout(otherCart.promise, 5_000, "error() for another user's cart")).toMatchObject(denied);
    const occupied = (await (await host.sdk().get({ path: "/channels" })).json()) as { channels: Record<string, unknown> };
    expect(Object.keys(occupied.channels)).not.toContain("private-user.43");
  });
});

describe("L4 pusher-js options", () => {
  it("pusherClientOptions maps host and port to wsHost/wsPort/wssPort and sets a cluster", () => {
    expect(pusherClientOptions({ key: "k", host: "rt.example.test", port: 6001, tls: true })).toMatchObject({
      cluster: expect.any(String),
      wsHost: "rt.example.test",
      wsPort: 6001,
      wssPort: 6001,
      forceTLS: true,
      enabledTransports: ["ws", "wss"],
      activityTimeout: 120_000,
      pongTimeout: 30_000,
      unavailableTimeout: 10_000,
    });
  });

  it("pusher-js requires a cluster", () => {
    expect(() => new Pusher(host.app.key, { wsHost: "127.0.0.1" } as never)).toThrow(/cluster/i);
  });

  it("with those options and forceTLS false, pusher-js connects over plain ws to our host", async () => {
    const before = host.upgradeUrls.length;
    const client = new Pusher(host.app.key, pusherClientOptions({ key: host.app.key, host: "127.0.0.1", port: host.port, tls: false }));
    try {
      await connected(client);
      const url = host.upgradeUrls[before];
      expect(url).toMatch(new RegExp(`^/app/${host.app.key}\\?protocol=7&client=js&version=8\\.6\\.0`));
    } finally {
      client.disconnect();
    }
  });
});
