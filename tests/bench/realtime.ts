/**
 * Realtime fan-out benchmark (run: `npx tsx tests/bench/realtime.ts`; env CONNECTIONS=5000 RATE=1000 DURATION=10
 * BURST=3 BENCH_REDIS_URL=redis://127.0.0.1:6379). Everything runs on 127.0.0.1, in separate processes:
 * server instance(s) <- clients (one process holding every connection) <- this orchestrator (publisher).
 *
 * Every connection subscribes to one public channel shared by all and to a private channel of its own (one
 * subscriber each, like a user's channel). Per scenario (1 instance; 2 instances sharing Redis, clients split between
 * them, events published to the first):
 * - memory per connection: server RSS after connecting and subscribing minus RSS before (after GC), / N;
 * - warm-up: one public broadcast and one round of private events, not measured;
 * - public phase: events published through the HTTP API at RATE/N events/s (so RATE deliveries/s), for
 *   DURATION s; latency = receive time at the client - timestamp set just before the HTTP request (p50/p99);
 * - private phase: RATE deliveries/s for DURATION s as well, each HTTP trigger naming up to 100 private channels
 *   (the API's limit), every user in turn; latency measured the same way;
 * - server CPU per delivery: CPU time (user + system) of the instances over the public, then the private phase,
 *   divided by that phase's deliveries; on a busy machine it moves much less than the latencies do;
 * - burst phase: closed loop, at most 4 public events not yet received by every client, for BURST s; reports the
 *   deliveries per second the whole chain sustains.
 */
import { execSync, fork, type ChildProcess } from "node:child_process";
import http from "node:http";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { Redis } from "ioredis";
import { signApiQuery } from "../../server/realtime/signatures.ts";
import { deleteKeysWithPrefix, startRealtimeNodeProcess, type RealtimeNodeProcess } from "../conformance/support/processes.ts";

const CONNECTIONS = Number(process.env.CONNECTIONS ?? 5000);
const RATE = Number(process.env.RATE ?? 1000);
const DURATION = Number(process.env.DURATION ?? 10);
const BURST = Number(process.env.BURST ?? 3);
const REDIS_URL = process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379";
const CHANNEL = "bench";
const PRIVATE_PREFIX = "private-bench-user-";
/** The HTTP API's limit of channels per trigger. */
const PRIVATE_CHANNELS_PER_EVENT = 100;
const BURST_WINDOW = 4;
const HOST = "127.0.0.1";

if (new URL(REDIS_URL).hostname !== HOST) throw new Error("The benchmark only targets 127.0.0.1");

const suffix = `${process.pid}-${Date.now().toString(36)}`;
const app = { appId: `bench-${suffix}`, key: `bench-key-${suffix}`, secret: `bench-secret-${suffix}` };
const redisPrefix = `bench-${suffix}:`;
const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });

function checkFileDescriptorLimit(): void {
  try {
    const soft = Number(execSync("ulimit -n", { shell: "/bin/sh" }).toString().trim());
    // Each process holds its own side of the connections; the client process needs N + a margin.
    if (Number.isFinite(soft) && soft < CONNECTIONS + 512) {
      console.warn(`warning: open file limit ${soft} < CONNECTIONS + 512; raise it (ulimit -n) or lower CONNECTIONS`);
    }
  } catch {
    // not a POSIX shell: nothing to check
  }
}

/** Public: "w" warm-up, "s" steady, "b" burst; private: "u" warm-up, "v" steady. */
type Phase = "w" | "s" | "b" | "u" | "v";

function publish(port: number, channels: string[], sequence: number, phase: Phase): Promise<void> {
  const path = `/apps/${app.appId}/events`;
  const stamp = performance.timeOrigin + performance.now();
  const body = JSON.stringify({ name: "bench", channels, data: `{"p":"${phase}","t":${stamp.toFixed(3)},"q":${sequence}}` });
  const query = signApiQuery({ method: "POST", path, key: app.key, secret: app.secret, body });
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: HOST, port, path: `${path}?${query}`, method: "POST", agent, headers: { "content-type": "application/json" } },
      (response) => {
        response.resume();
        response.on("end", () => (response.statusCode === 200 ? resolve() : reject(new Error(`HTTP ${response.statusCode}`))));
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

/** Asks every instance for `key` ("rss": after a GC; "cpuMicroseconds": user + system so far) and sums them. */
async function sumOverNodes(nodes: RealtimeNodeProcess[], request: "rss" | "cpu", key: "rss" | "cpuMicroseconds"): Promise<number> {
  const values = await Promise.all(
    nodes.map(
      (node) =>
        new Promise<number>((resolve) => {
          node.child.once("message", (message: Record<typeof key, number>) => resolve(message[key]));
          node.child.send(request);
        }),
    ),
  );
  return values.reduce((sum, value) => sum + value, 0);
}

const totalRss = (nodes: RealtimeNodeProcess[]) => sumOverNodes(nodes, "rss", "rss");
const totalCpu = (nodes: RealtimeNodeProcess[]) => sumOverNodes(nodes, "cpu", "cpuMicroseconds");

function nextMessage<T extends { type: string }>(child: ChildProcess, type: T["type"], timeoutMs: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out waiting for ${type}`)), timeoutMs);
    const listener = (message: T) => {
      if (message.type !== type) return;
      clearTimeout(timer);
      child.off("message", listener);
      resolve(message);
    };
    child.on("message", listener);
  });
}

/** Calls `send(index)` `count` times, `intervalMs` apart from the start (open loop: a late call does not shift the next). */
async function openLoop(count: number, intervalMs: number, send: (index: number) => Promise<void>): Promise<void> {
  const start = performance.now();
  for (let index = 0; index < count; index += 1) {
    const wait = start + index * intervalMs - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    await send(index);
  }
}

/** Tells when a public event (by sequence number) has reached every connection. */
function completionTracker(clients: ChildProcess): (sequence: number, timeoutMs: number) => Promise<boolean> {
  const completed = new Set<number>();
  const waiters = new Map<number, () => void>();
  clients.on("message", (message: { type: string; seq?: number }) => {
    if (message.type !== "complete" || message.seq === undefined) return;
    completed.add(message.seq);
    waiters.get(message.seq)?.();
  });
  return (sequence, timeoutMs) =>
    completed.has(sequence)
      ? Promise.resolve(true)
      : new Promise<boolean>((resolve) => {
          const timer = setTimeout(() => resolve(false), timeoutMs);
          waiters.set(sequence, () => {
            clearTimeout(timer);
            resolve(true);
          });
        });
}

function privateChannels(first: number, count: number, connected: number): string[] {
  return Array.from({ length: Math.min(count, connected) }, (_, offset) => `${PRIVATE_PREFIX}${(first + offset) % connected}`);
}

interface PrivatePhase {
  deliveries: number;
  seconds: number;
  phase: "u" | "v";
  /** Private deliveries sent by earlier phases (the client counts them all together). */
  sentBefore: number;
}

/**
 * Sends about `deliveries` private events, PRIVATE_CHANNELS_PER_EVENT per trigger, users in turn, and waits for them.
 * @returns the deliveries sent so far (all phases) and this phase's duration in seconds.
 */
async function runPrivatePhase(clients: ChildProcess, port: number, connected: number, phase: PrivatePhase): Promise<{ sent: number; seconds: number }> {
  const triggers = Math.max(1, Math.round(phase.deliveries / PRIVATE_CHANNELS_PER_EVENT));
  const perTrigger = Math.min(PRIVATE_CHANNELS_PER_EVENT, connected);
  const started = performance.now();
  await openLoop(triggers, (phase.seconds * 1000) / triggers, (index) =>
    publish(port, privateChannels(index * perTrigger, perTrigger, connected), index, phase.phase),
  );
  const sent = phase.sentBefore + triggers * perTrigger;
  clients.send({ type: "await-private", expected: sent });
  await nextMessage(clients, "private-received", 30_000);
  return { sent, seconds: (performance.now() - started) / 1000 };
}

interface LatencySummary {
  deliveries: number;
  p50: number;
  p99: number;
}

interface ScenarioResult {
  name: string;
  connected: number;
  memoryPerConnectionKb: number;
  publicLatency: LatencySummary;
  privateLatency: LatencySummary;
  /** Server CPU time (all instances, user + system) per delivery, in microseconds. */
  publicCpuPerDelivery: number;
  privateCpuPerDelivery: number;
  privateDeliveriesPerSecond: number;
  burstDeliveriesPerSecond: number;
}

async function runScenario(name: string, instances: number): Promise<ScenarioResult> {
  const redis = instances > 1 ? { redisUrl: REDIS_URL, redisKeyPrefix: redisPrefix } : {};
  const nodes: RealtimeNodeProcess[] = [];
  let clients: ChildProcess | undefined;
  try {
    for (let index = 0; index < instances; index += 1) {
      nodes.push(await startRealtimeNodeProcess({ ...app, ...redis }, { nodeArgs: ["--expose-gc"] }));
    }
    const rssBefore = await totalRss(nodes);

    clients = fork(path.resolve(import.meta.dirname, "realtime-clients.ts"), [], {
      execArgv: ["--import", "tsx"],
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    const urls = nodes.map((node) => `ws://${HOST}:${node.port}/app/${app.key}?protocol=7&client=bench`);
    clients.send({
      type: "connect",
      urls,
      count: CONNECTIONS,
      channel: CHANNEL,
      privatePrefix: PRIVATE_PREFIX,
      key: app.key,
      secret: app.secret,
      concurrency: 200,
    });
    const connection = await nextMessage<{ type: "connected"; connected: number; failed: number; ms: number }>(clients, "connected", 120_000);
    if (connection.failed > 0) console.warn(`${name}: ${connection.failed} connections failed`);
    const { connected } = connection;
    const rssAfter = await totalRss(nodes);

    const publishPort = nodes[0].port;
    const waitComplete = completionTracker(clients);
    let sequence = 0;

    // Warm-up, so that the first measured event does not pay for compiling the delivery path.
    await publish(publishPort, [CHANNEL], sequence, "w");
    await waitComplete(sequence, 10_000);
    sequence += 1;
    const warmUp = await runPrivatePhase(clients, publishPort, connected, { deliveries: Math.min(connected, RATE), seconds: 1, phase: "u", sentBefore: 0 });

    // Public phase: open loop at RATE deliveries/s.
    const eventsPerSecond = RATE / Math.max(1, connected);
    const publicEvents = Math.max(1, Math.round(eventsPerSecond * DURATION));
    const firstPublic = sequence;
    const cpuBeforePublic = await totalCpu(nodes);
    await openLoop(publicEvents, 1000 / eventsPerSecond, (index) => publish(publishPort, [CHANNEL], firstPublic + index, "s"));
    sequence += publicEvents;
    for (let index = firstPublic; index < sequence; index += 1) await waitComplete(index, 10_000);
    const cpuAfterPublic = await totalCpu(nodes);

    // Private phase: RATE deliveries/s, one subscriber per channel.
    const cpuBeforePrivate = await totalCpu(nodes);
    const privatePhase = await runPrivatePhase(clients, publishPort, connected, {
      deliveries: RATE * DURATION,
      seconds: DURATION,
      phase: "v",
      sentBefore: warmUp.sent,
    });
    const cpuAfterPrivate = await totalCpu(nodes);

    // Burst phase: closed loop with a bounded number of events in flight.
    const burstEnd = performance.now() + BURST * 1000;
    const inFlight = new Set<Promise<void>>();
    while (performance.now() < burstEnd) {
      const current = sequence;
      sequence += 1;
      const flight = publish(publishPort, [CHANNEL], current, "b")
        .then(() => waitComplete(current, 10_000))
        .then(() => undefined);
      inFlight.add(flight);
      void flight.finally(() => inFlight.delete(flight));
      if (inFlight.size >= BURST_WINDOW) await Promise.race(inFlight);
    }
    await Promise.all(inFlight);

    clients.send({ type: "report" });
    const report = await nextMessage<{
      type: "report";
      public: LatencySummary;
      private: LatencySummary;
      burstDeliveries: number;
      burstSeconds: number;
    }>(clients, "report", 30_000);
    return {
      name,
      connected,
      memoryPerConnectionKb: (rssAfter - rssBefore) / connected / 1024,
      publicLatency: report.public,
      privateLatency: report.private,
      publicCpuPerDelivery: (cpuAfterPublic - cpuBeforePublic) / Math.max(1, report.public.deliveries),
      privateCpuPerDelivery: (cpuAfterPrivate - cpuBeforePrivate) / Math.max(1, report.private.deliveries),
      privateDeliveriesPerSecond: report.private.deliveries / Math.max(DURATION, privatePhase.seconds),
      burstDeliveriesPerSecond: report.burstSeconds > 0 ? report.burstDeliveries / report.burstSeconds : Number.NaN,
    };
  } finally {
    clients?.kill("SIGKILL");
    await Promise.all(nodes.map((node) => node.kill("SIGKILL")));
  }
}

async function redisAvailable(): Promise<boolean> {
  const probe = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  probe.on("error", () => undefined);
  try {
    await probe.connect();
    await probe.ping();
    return true;
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

function printTable(results: ScenarioResult[]): void {
  const header = [
    "scenario",
    "conns",
    "KB/conn",
    "public p50 ms",
    "public p99 ms",
    "private p50 ms",
    "private p99 ms",
    "public CPU µs",
    "private CPU µs",
    "private msg/s",
    "burst msg/s",
  ];
  const rows = results.map((result) => [
    result.name,
    String(result.connected),
    result.memoryPerConnectionKb.toFixed(1),
    result.publicLatency.p50.toFixed(2),
    result.publicLatency.p99.toFixed(2),
    result.privateLatency.p50.toFixed(2),
    result.privateLatency.p99.toFixed(2),
    result.publicCpuPerDelivery.toFixed(1),
    result.privateCpuPerDelivery.toFixed(1),
    result.privateDeliveriesPerSecond.toFixed(0),
    result.burstDeliveriesPerSecond.toFixed(0),
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column].length)));
  const line = (cells: string[]) => cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join("  ");
  console.log(line(header));
  for (const row of rows) console.log(line(row));
}

async function main(): Promise<void> {
  const started = performance.now();
  checkFileDescriptorLimit();
  console.log(`realtime bench: ${CONNECTIONS} connections, ${RATE} deliveries/s for ${DURATION} s, burst ${BURST} s (window ${BURST_WINDOW} events)`);
  const results = [await runScenario("1 instance", 1)];
  if (await redisAvailable()) {
    try {
      results.push(await runScenario("2 instances + Redis", 2));
    } finally {
      await deleteKeysWithPrefix(REDIS_URL, redisPrefix);
    }
  } else {
    console.warn(`Redis not reachable at ${REDIS_URL}: skipping the two-instance scenario`);
  }
  printTable(results);
  console.log(`(total ${((performance.now() - started) / 1000).toFixed(1)} s)`);
  agent.destroy();
}

await main();
