/**
 * pusher-js / laravel-echo options for our server. pusher-js has no host/port options: without wsHost it silently
 * dials ws-{cluster}.pusher.com, and it requires `cluster` (any string) since 8.0. Pure, so the web tier can use it.
 */
export interface RealtimeClientSettings {
  key: string;
  host: string;
  port: number;
  /** true behind https: pusher-js then only uses wss. */
  tls: boolean;
}

export interface PusherClientOptions {
  cluster: string;
  wsHost: string;
  wsPort: number;
  wssPort: number;
  forceTLS: boolean;
  enabledTransports: Array<"ws" | "wss">;
  disableStats: boolean;
  activityTimeout: number;
  pongTimeout: number;
  unavailableTimeout: number;
}

export function pusherClientOptions(settings: RealtimeClientSettings): PusherClientOptions {
  return {
    cluster: "local",
    wsHost: settings.host,
    wsPort: settings.port,
    wssPort: settings.port,
    forceTLS: settings.tls,
    enabledTransports: ["ws", "wss"],
    disableStats: true,
    // Platform spec section 9: activity 120 s, pong 30 s, unavailable 10 s (pusher-js defaults, stated explicitly).
    activityTimeout: 120_000,
    pongTimeout: 30_000,
    unavailableTimeout: 10_000,
  };
}
