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

  let closed = false;
  // An event still arriving while the socket closes is dropped: the page that asked for it has moved on.
  const live =
    <A extends unknown[]>(handler: (...args: A) => void) =>
    (...args: A) => {
      if (!closed) handler(...args);
    };
  const on = {
    contactUpdate: live(handlers.onContactUpdate),
    reload: live(handlers.onReload),
    notification: live(handlers.onNotification),
    trainingPlanUpdate: live(handlers.onTrainingPlanUpdate),
    cartUpdate: live(handlers.onCartUpdate),
  };

  echo.channel("platform").listen(".ReloadEvent", on.reload);

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
      echo.private(userChannel).listen(".ContactUpdate", on.contactUpdate).listen(".ReloadEvent", on.reload).listen(".NotificationUpdate", on.notification);
      joined.push(userChannel);
      if (user.accountId !== null) {
        const accountChannel = `account.${user.accountId}`;
        echo.private(accountChannel).listen(".TrainingPlanUpdate", on.trainingPlanUpdate);
        joined.push(accountChannel);
      }
    },
    setCart(channel) {
      // echo.private() adds the "private-" prefix the back end's name carries.
      const name = channel ? channel.replace(/^private-/, "") : null;
      if (name === cartChannel) return;
      if (cartChannel) echo.leave(cartChannel);
      cartChannel = name;
      if (name) echo.private(name).listen(".CartUpdate", on.cartUpdate);
    },
    socketId: () => echo.socketId(),
    close() {
      if (closed) return;
      closed = true;
      joined = [];
      current = null;
      cartChannel = null;
      // No unsubscribe frames: pusher-js sends each frame on the next tick, after the socket closed here, and the
      // browser then logs "WebSocket is already in CLOSING or CLOSED state" (issue 30 item 10). Closing the socket
      // ends every subscription on the server. A socket still opening is closed once open, not in its handshake.
      const connection = echo.connector.pusher.connection;
      if (connection.state !== "connecting" && connection.state !== "initialized") {
        echo.disconnect();
        return;
      }
      const settled = ({ current: state }: { current: string }) => {
        if (state === "connecting" || state === "initialized") return;
        connection.unbind("state_change", settled);
        echo.disconnect();
      };
      connection.bind("state_change", settled);
    },
  };
}
