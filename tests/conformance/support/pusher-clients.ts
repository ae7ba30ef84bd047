/** Real client libraries (pusher-js Node build, laravel-echo) pointed at a test host. */
import Echo from "laravel-echo";
import Pusher from "pusher-js";
import type { Channel as PusherChannel } from "pusher-js";
import { authorizeChannel, pusherClientOptions, type PresenceData } from "../../../server/realtime/index.ts";
import type { TestApp } from "./harness.ts";
import { withTimeout } from "./wait.ts";

export type PusherClient = InstanceType<typeof Pusher>;

export interface ClientOptions {
  /** Presence identity sent by the authoriser. */
  presence?: PresenceData;
  /** Replace the authoriser (e.g. one that calls an HTTP endpoint or signs with a wrong secret). */
  authorize?: (socketId: string, channelName: string) => Promise<{ auth: string; channel_data?: string }>;
  activityTimeout?: number;
  pongTimeout?: number;
}

const openClients = new Set<PusherClient>();

export function createPusherClient(app: TestApp, port: number, options: ClientOptions = {}): PusherClient {
  const authorize =
    options.authorize ??
    (async (socketId: string, channelName: string) =>
      authorizeChannel({ socketId, channelName, key: app.key, secret: app.secret, presenceData: options.presence }));
  const client = new Pusher(app.key, {
    ...pusherClientOptions({ key: app.key, host: "127.0.0.1", port, tls: false }),
    enabledTransports: ["ws"],
    activityTimeout: options.activityTimeout ?? 120_000,
    pongTimeout: options.pongTimeout ?? 30_000,
    channelAuthorization: {
      customHandler: ({ socketId, channelName }, callback) => {
        authorize(socketId, channelName).then(
          (body) => callback(null, body),
          (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
        );
      },
    },
  });
  openClients.add(client);
  return client;
}

export function createEcho(client: PusherClient): Echo<"pusher"> {
  return new Echo({ broadcaster: "pusher", key: "unused", client, cluster: "local" } as never);
}

export function disconnectAllClients(): void {
  for (const client of openClients) client.disconnect();
  openClients.clear();
}

export function waitForState(client: PusherClient, state: string, timeoutMs = 5_000): Promise<void> {
  if (client.connection.state === state) return Promise.resolve();
  return withTimeout(
    new Promise<void>((resolve) => {
      const listener = (change: { current: string }) => {
        if (change.current !== state) return;
        client.connection.unbind("state_change", listener);
        resolve();
      };
      client.connection.bind("state_change", listener);
    }),
    timeoutMs,
    `pusher-js state ${state}`,
  );
}

export async function connected(client: PusherClient): Promise<string> {
  await waitForState(client, "connected");
  return client.connection.socket_id;
}

export function nextChannelEvent<T = unknown>(channel: PusherChannel, event: string, timeoutMs = 5_000): Promise<T> {
  return withTimeout(
    new Promise<T>((resolve) => {
      const listener = (data: T) => {
        channel.unbind(event, listener);
        resolve(data);
      };
      channel.bind(event, listener);
    }),
    timeoutMs,
    `${event} on ${channel.name}`,
  );
}

export async function subscribed(client: PusherClient, channelName: string): Promise<PusherChannel> {
  const channel = client.subscribe(channelName);
  if (channel.subscribed) return channel;
  await withTimeout(
    new Promise<void>((resolve, reject) => {
      channel.bind("pusher:subscription_succeeded", () => resolve());
      channel.bind("pusher:subscription_error", (error: unknown) => reject(new Error(`subscription_error ${JSON.stringify(error)}`)));
    }),
    5_000,
    `subscription to ${channelName}`,
  );
  return channel;
}
