/**
 * A realtime instance in its own process, so a test can kill it without any clean shutdown (R5) and the
 * benchmark can measure a server process on its own. Configuration comes from REALTIME_NODE_CONFIG (JSON);
 * prints one line `{"port":N}` when listening, answers `{"rss":N}` (after a GC) to a "rss" IPC message and
 * `{"cpuMicroseconds":N}` (user + system so far, no GC) to a "cpu" one.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createRealtimeServer, type RealtimeConfig } from "../../../server/realtime/index.ts";

const config = JSON.parse(process.env.REALTIME_NODE_CONFIG ?? "{}") as RealtimeConfig;
const realtime = createRealtimeServer({
  ...config,
  logger: {
    info() {},
    warn: (details, message) => process.stderr.write(`${message} ${JSON.stringify(details)}\n`),
    error: (details, message) => process.stderr.write(`${message} ${JSON.stringify(details)}\n`),
  },
});
await realtime.ready;

const server = createServer((req, res) => {
  realtime.httpApi(req, res, () => {
    res.writeHead(404).end();
  });
});
server.on("upgrade", (req, socket, head) => {
  if (!realtime.handleUpgrade(req, socket, head)) socket.destroy();
});
server.listen(0, "127.0.0.1", () => {
  process.stdout.write(`${JSON.stringify({ port: (server.address() as AddressInfo).port })}\n`);
});

process.on("message", (message) => {
  if (message === "rss") {
    (globalThis as { gc?: () => void }).gc?.();
    process.send?.({ rss: process.memoryUsage().rss, stats: realtime.stats() });
  }
  if (message === "cpu") {
    const cpu = process.cpuUsage();
    process.send?.({ cpuMicroseconds: cpu.user + cpu.system });
  }
});

process.on("SIGTERM", () => {
  void realtime.close().finally(() => process.exit(0));
});
