/**
 * Benchmark client process: holds N raw `ws` connections subscribed to one public channel and measures, per
 * received event, the delay since the publisher stamped it. Driven by its parent over IPC:
 *   -> {type:"connect", urls, count, channel, concurrency}  <- {type:"connected", connected, failed, ms}
 *   -> {type:"report"}                                        <- {type:"report", ...statistics}
 *   <- {type:"complete", seq} whenever an event has reached every connection (closed-loop burst phase)
 */
import { performance } from "node:perf_hooks";
import WebSocket from "ws";

type ParentMessage = { type: "connect"; urls: string[]; count: number; channel: string; concurrency: number } | { type: "report" } | { type: "reset" };

const sockets: WebSocket[] = [];
let connectedCount = 0;
const latencies: number[] = [];
const perSequence = new Map<number, number>();
let burstDeliveries = 0;
let burstFirstAt = 0;
let burstLastAt = 0;

// Frames look like {"event":"bench","channel":"c","data":"{\"p\":\"s\",\"t\":123.4,\"q\":5}"}; a regex is
// cheaper than two JSON.parse calls and keeps the client process from being the bottleneck.
const STAMP = /\\"p\\":\\"(\w)\\",\\"t\\":([0-9.]+),\\"q\\":(\d+)/;

function onFrame(text: string): void {
  const match = STAMP.exec(text);
  if (match === null) return;
  const now = performance.timeOrigin + performance.now();
  const sequence = Number(match[3]);
  if (match[1] === "s") {
    latencies.push(now - Number(match[2]));
  } else {
    burstDeliveries += 1;
    if (burstFirstAt === 0) burstFirstAt = now;
    burstLastAt = now;
  }
  const seen = (perSequence.get(sequence) ?? 0) + 1;
  if (seen >= connectedCount) {
    perSequence.delete(sequence);
    process.send?.({ type: "complete", seq: sequence });
  } else {
    perSequence.set(sequence, seen);
  }
}

function openOne(url: string, channel: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new WebSocket(url, { perMessageDeflate: false });
    const timer = setTimeout(() => {
      socket.terminate();
      resolve(false);
    }, 15_000);
    socket.on("error", () => {
      clearTimeout(timer);
      resolve(false);
    });
    socket.on("message", (data) => {
      const text = String(data);
      if (text.includes("pusher:connection_established")) {
        socket.send(JSON.stringify({ event: "pusher:subscribe", data: { channel } }));
      } else if (text.includes("pusher_internal:subscription_succeeded")) {
        clearTimeout(timer);
        sockets.push(socket);
        resolve(true);
      } else {
        onFrame(text);
      }
    });
  });
}

async function connectAll(message: Extract<ParentMessage, { type: "connect" }>): Promise<void> {
  const started = performance.now();
  let next = 0;
  let failed = 0;
  const worker = async () => {
    while (next < message.count) {
      const index = next;
      next += 1;
      if (await openOne(message.urls[index % message.urls.length], message.channel)) connectedCount += 1;
      else failed += 1;
    }
  };
  await Promise.all(Array.from({ length: message.concurrency }, worker));
  process.send?.({ type: "connected", connected: connectedCount, failed, ms: performance.now() - started });
}

function percentile(sorted: Float64Array, fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))];
}

process.on("message", (message: ParentMessage) => {
  if (message.type === "connect") void connectAll(message);
  if (message.type === "report") {
    const sorted = Float64Array.from(latencies).sort();
    process.send?.({
      type: "report",
      steadyDeliveries: latencies.length,
      p50: percentile(sorted, 0.5),
      p99: percentile(sorted, 0.99),
      max: sorted.length ? sorted[sorted.length - 1] : Number.NaN,
      burstDeliveries,
      burstSeconds: (burstLastAt - burstFirstAt) / 1000,
      open: sockets.filter((socket) => socket.readyState === WebSocket.OPEN).length,
    });
  }
});

process.on("disconnect", () => process.exit(0));
