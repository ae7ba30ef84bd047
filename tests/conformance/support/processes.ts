/** Child processes for tests and benchmarks: a realtime instance, a private redis-server. */
import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import path from "node:path";
import { Redis } from "ioredis";
import type { RealtimeConfig } from "../../../server/realtime/index.ts";
import { withTimeout } from "./wait.ts";

const NODE_SCRIPT = path.resolve(import.meta.dirname, "realtime-node.ts");

export interface RealtimeNodeProcess {
  child: ChildProcess;
  port: number;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

/** Starts server/realtime in a separate Node process (tsx loader) and resolves with its port. */
export async function startRealtimeNodeProcess(config: Omit<RealtimeConfig, "logger">, options: { nodeArgs?: string[] } = {}): Promise<RealtimeNodeProcess> {
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), "--import", "tsx", NODE_SCRIPT], {
    env: { ...process.env, REALTIME_NODE_CONFIG: JSON.stringify(config) },
    stdio: ["ignore", "pipe", "pipe", "ipc"],
  });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const port = await withTimeout(
    new Promise<number>((resolve, reject) => {
      let buffered = "";
      child.stdout?.on("data", (chunk: Buffer) => {
        buffered += chunk.toString();
        const line = buffered.split("\n").find((entry) => entry.startsWith("{"));
        if (line) resolve((JSON.parse(line) as { port: number }).port);
      });
      child.once("exit", (code) => reject(new Error(`realtime node exited with ${code}: ${stderr}`)));
    }),
    30_000,
    "realtime node process to listen",
  );
  return {
    child,
    port,
    async kill(signal = "SIGKILL") {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
      child.kill(signal);
      await withTimeout(exited, 10_000, "realtime node process to exit");
    },
  };
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export interface RedisServerProcess {
  port: number;
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
}

/** A throw-away redis-server without persistence, restartable on the same port (R6). */
export async function startPrivateRedis(): Promise<RedisServerProcess> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const url = `redis://127.0.0.1:${port}`;
  const start = async () => {
    child = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], {
      stdio: "ignore",
    });
    const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    probe.on("error", () => undefined);
    try {
      const deadline = Date.now() + 10_000;
      for (;;) {
        try {
          await probe.connect();
          await probe.ping();
          return;
        } catch (error) {
          if (Date.now() > deadline) throw error;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }
    } finally {
      probe.disconnect();
    }
  };
  const stop = async () => {
    const current = child;
    if (!current || current.exitCode !== null || current.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => current.once("exit", () => resolve()));
    current.kill("SIGKILL");
    await withTimeout(exited, 10_000, "redis-server to exit");
  };
  await start();
  return { port, url, start, stop };
}

/** Deletes every key under a prefix (tests use a unique prefix per run). */
export async function deleteKeysWithPrefix(url: string, prefix: string): Promise<void> {
  const redis = new Redis(url, { maxRetriesPerRequest: 1 });
  redis.on("error", () => undefined);
  try {
    let cursor = "0";
    do {
      const [next, keys] = await redis.scan(cursor, "MATCH", `${prefix}*`, "COUNT", 500);
      cursor = next;
      if (keys.length > 0) await redis.del(...keys);
    } while (cursor !== "0");
  } finally {
    redis.disconnect();
  }
}
