/**
 * A host wired exactly as the platform's Express host will be: `app.use(realtime.httpApi)` and an upgrade listener
 * that destroys sockets the realtime server does not take. Listens on an ephemeral port on 127.0.0.1.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import Pusher from "pusher";
import { createRealtimeServer, type RealtimeConfig, type RealtimeServer } from "../../../server/realtime/index.ts";
import type { RealtimeLogger } from "../../../server/realtime/config.ts";
import { uniqueSuffix } from "./wait.ts";

export interface TestApp {
  appId: string;
  key: string;
  secret: string;
}

export function uniqueApp(): TestApp {
  const suffix = uniqueSuffix();
  return { appId: `app-${suffix}`, key: `key-${suffix}`, secret: `secret-${suffix}` };
}

export interface LogEntry {
  level: "info" | "warn" | "error";
  message?: string;
  details: Record<string, unknown>;
}

export function collectingLogger(entries: LogEntry[]): RealtimeLogger {
  const log = (level: LogEntry["level"]) => (details: Record<string, unknown>, message?: string) => {
    entries.push({ level, details, message });
    if (process.env.REALTIME_TEST_LOGS) console.log(level, message, details);
  };
  return { info: log("info"), warn: log("warn"), error: log("error") };
}

export interface TestHost {
  readonly app: TestApp;
  readonly port: number;
  readonly baseUrl: string;
  realtime: RealtimeServer;
  readonly logs: LogEntry[];
  /** Upgrade requests seen for `/app/...` (counts reconnect attempts). */
  readonly upgradeUrls: string[];
  wsUrl(path?: string): string;
  sdk(overrides?: Partial<TestApp>): Pusher;
  /** Closes the current realtime server (clients get 4200) and serves new connections with a fresh one. */
  replaceRealtime(): Promise<void>;
  close(): Promise<void>;
}

export type HostOptions = Partial<Omit<RealtimeConfig, "appId" | "key" | "secret">> & {
  app?: TestApp;
  /** Mount the HTTP API under this Express path (e.g. "/realtime") instead of the root. */
  mountPath?: string;
  /** Adds routes or middleware before the realtime HTTP API (e.g. a fake back API auth endpoint). */
  configure?: (web: express.Express) => void;
};

export async function startHost(options: HostOptions = {}): Promise<TestHost> {
  const { app: givenApp, mountPath, configure, ...realtimeOptions } = options;
  const app = givenApp ?? uniqueApp();
  const logs: LogEntry[] = [];
  const config: RealtimeConfig = { ...app, logger: collectingLogger(logs), ...realtimeOptions };
  let realtime = createRealtimeServer(config);
  await realtime.ready;

  const web = express();
  configure?.(web);
  const httpApi: express.RequestHandler = (req, res, next) => realtime.httpApi(req, res, next);
  if (mountPath) web.use(mountPath, httpApi);
  else web.use(httpApi);
  web.use((req, res) => res.status(404).json({ fallthrough: req.url }));

  const upgradeUrls: string[] = [];
  const server: Server = createServer(web);
  server.on("upgrade", (req, socket, head) => {
    if (req.url?.startsWith("/app/")) upgradeUrls.push(req.url);
    if (!realtime.handleUpgrade(req, socket, head)) socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  const host: TestHost = {
    app,
    port,
    baseUrl: `http://127.0.0.1:${port}`,
    get realtime() {
      return realtime;
    },
    logs,
    upgradeUrls,
    wsUrl: (path = `/app/${app.key}?protocol=7&client=js&version=8.6.0&flash=false`) => `ws://127.0.0.1:${port}${path}`,
    sdk: (overrides = {}) => new Pusher({ ...app, ...overrides, host: "127.0.0.1", port: String(port), useTLS: false, timeout: 5_000 }),
    async replaceRealtime() {
      const previous = realtime;
      realtime = createRealtimeServer(config);
      await realtime.ready;
      await previous.close();
    },
    async close() {
      await realtime.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return host;
}
