import Echo from "laravel-echo";
import Pusher from "pusher-js";
import { fetchWithXsrf } from "~/lib/xsrf.client";
import type { ChannelAuthorizationCallback, ChannelAuthorizationRequestParams } from "pusher-js/types/src/core/auth/options";

/** Connection settings sent by the root loader (spec sections 7 and 9). */
export type RealtimeSettings = { key: string; host: string | null; port: number | null; tls: boolean };

export type IslandHandlers = {
  onContactUpdate(): void;
  onReload(): void;
  onNotification(payload: unknown): void;
  onTrainingPlanUpdate(): void;
  onCartUpdate(): void;
};

export type Island = {
  /** Follows the user: subscribes to their channels, leaves the previous ones. */
  setUser(user: { id: number; accountId: number | null } | null): void;
  /** Follows the shop customer's cart (its channel "private-cart.{id}", or null): CartUpdate refreshes the page. */
  setCart(channel: string | null): void;
  /** The socket id, to exclude this tab from events it caused. */
  socketId(): string | undefined;
  close(): void;
};

/** Channel authorisation through the back API; its envelope is unwrapped for pusher-js. */
function authorizeThroughBack(locale: string) {
  return async (params: ChannelAuthorizationRequestParams, callback: ChannelAuthorizationCallback) => {
    try {
      const response = await fetchWithXsrf("/back/api/broadcasting/auth", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", "Accept-Language": locale },
        body: new URLSearchParams({ socket_id: params.socketId, channel_name: params.channelName }),
      });
      const envelope = (await response.json()) as { status: string; message: string; data: { auth: string; channel_data?: string } };
      if (!response.ok || envelope.status !== "Success") throw new Error(envelope.message || `HTTP ${response.status}`);
      callback(null, envelope.data);
    } catch (error) {
      callback(error instanceof Error ? error : new Error(String(error)), null);
    }
  };
}

export function startIsland(settings: RealtimeSettings, locale: string, handlers: IslandHandlers): Island {
  const tls = settings.host ? settings.tls : window.location.protocol === "https:";
  const port = settings.port ?? (Number(window.location.port) || (tls ? 443 : 80));
  const echo = new Echo({
    broadcaster: "pusher",
    key: settings.key,
    Pusher,
    cluster: "local",
    wsHost: settings.host ?? window.location.hostname,
    wsPort: port,
    wssPort: port,
    forceTLS: tls,
    enabledTransports: ["ws", "wss"],
    disableStats: true,
    activityTimeout: 120_000,
    pongTimeout: 30_000,
    unavailableTimeout: 10_000,
    channelAuthorization: { customHandler: authorizeThroughBack(locale) },
  });

  echo.channel("platform").listen(".ReloadEvent", handlers.onReload);

  let joined: string[] = [];
  let current: string | null = null;
  let cartChannel: string | null = null;

  return {
    setUser(user) {
      const key = user ? `${user.id}:${user.accountId ?? ""}` : null;
      if (key === current) return;
      for (const name of joined) echo.leave(name);
      joined = [];
      current = key;
      if (!user) return;
      const userChannel = `user.${user.id}`;
      echo
        .private(userChannel)
        .listen(".ContactUpdate", handlers.onContactUpdate)
        .listen(".ReloadEvent", handlers.onReload)
        .listen(".NotificationUpdate", handlers.onNotification);
      joined.push(userChannel);
      if (user.accountId !== null) {
        const accountChannel = `account.${user.accountId}`;
        echo.private(accountChannel).listen(".TrainingPlanUpdate", handlers.onTrainingPlanUpdate);
        joined.push(accountChannel);
      }
    },
    setCart(channel) {
      // echo.private() adds the "private-" prefix the back end's name carries.
      const name = channel ? channel.replace(/^private-/, "") : null;
      if (name === cartChannel) return;
      if (cartChannel) echo.leave(cartChannel);
      cartChannel = name;
      if (name) echo.private(name).listen(".CartUpdate", handlers.onCartUpdate);
    },
    socketId: () => echo.socketId(),
    close() {
      for (const name of joined) echo.leave(name);
      if (cartChannel) echo.leave(cartChannel);
      echo.leave("platform");
      echo.disconnect();
    },
  };
}
