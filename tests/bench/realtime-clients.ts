/**
 * Benchmark client process: holds N raw `ws` connections, each subscribed to one shared public channel and to its
 * own private channel (`<privatePrefix><index>`, signed here with the app secret), and measures, per received
 * event, the delay since the publisher stamped it. Driven by its parent over IPC:
 *   -> {type:"connect", urls, count, channel, privatePrefix, key, secret, concurrency}
 *                                                             <- {type:"connected", connected, failed, ms}
 *   -> {type:"report"}                                        <- {type:"report", ...statistics}
 *   -> {type:"await-private", expected}                      <- {type:"private-received", received} once
 *      `expected` private deliveries (all phases together) arrived, or after 10 s
 *   <- {type:"complete", seq} whenever a public event has reached every connection (warm-up and burst phases)
 */
import { performance } from "node:perf_hooks";
import WebSocket from "ws";
import { signChannelAuth } from "../../server/realtime/signatures.ts";

interface ConnectRequest {
  type: "connect";
  urls: string[];
  count: number;
  channel: string;
  privatePrefix: string;
  key: string;
  secret: string;
  concurrency: number;
}

type ParentMessage = ConnectRequest | { type: "report" } | { type: "await-private"; expected: number };

const sockets: WebSocket[] = [];
let connectedCount = 0;
const publicLatencies: number[] = [];
const privateLatencies: number[] = [];
const perSequence = new Map<number, number>();
let burstDeliveries = 0;
let burstFirstAt = 0;
let burstLastAt = 0;
/** Private events of every phase, for await-private. */
let privateReceived = 0;
let privateWaiter: { expected: number; timer: NodeJS.Timeout } | undefined;

// Frames look like {"event":"bench","channel":"c","data":"{\"p\":\"s\",\"t\":123.4,\"q\":5}"}; a regex is
// cheaper than two JSON.parse calls and keeps the client process from being the bottleneck. Phases: "w" public
// warm-up, "s" public steady, "b" burst, "u" private warm-up, "v" private steady.
const STAMP = /\\"p\\":\\"(\w)\\",\\"t\\":([0-9.]+),\\"q\\":(\d+)/;

function countPublicDelivery(sequence: number): void {
  const seen = (perSequence.get(sequence) ?? 0) + 1;
  if (seen >= connectedCount) {
    perSequence.delete(sequence);
    process.send?.({ type: "complete", seq: sequence });
  } else {
    perSequence.set(sequence, seen);
  }
}

function onFrame(text: string): void {
  const match = STAMP.exec(text);
  if (match === null) return;
  const now = performance.timeOrigin + performance.now();
  const phase = match[1];
  if (phase === "u" || phase === "v") {
    privateReceived += 1;
    if (phase === "v") privateLatencies.push(now - Number(match[2]));
    if (privateWaiter !== undefined && privateReceived >= privateWaiter.expected) answerPrivateWaiter();
    return;
  }
  if (phase === "s") publicLatencies.push(now - Number(match[2]));
  if (phase === "b") {
    burstDeliveries += 1;
    if (burstFirstAt === 0) burstFirstAt = now;
    burstLastAt = now;
  }
  countPublicDelivery(Number(match[3]));
}

function answerPrivateWaiter(): void {
  clearTimeout(privateWaiter?.timer);
  privateWaiter = undefined;
  process.send?.({ type: "private-received", received: privateReceived });
}

function awaitPrivate(expected: number): void {
  privateWaiter = { expected, timer: setTimeout(answerPrivateWaiter, 10_000) };
  if (privateReceived >= expected) answerPrivateWaiter();
}

function subscribeFrame(channel: string, auth?: string): string {
  return JSON.stringify({ event: "pusher:subscribe", data: auth === undefined ? { channel } : { channel, auth } });
}

function openOne(url: string, index: number, request: ConnectRequest): Promise<boolean> {
  const privateChannel = `${request.privatePrefix}${index}`;
  return new Promise((resolve) => {
    const socket = new WebSocket(url, { perMessageDeflate: false });
    let confirmed = 0;
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
        const { data: established } = JSON.parse(text) as { data: string };
        const { socket_id: socketId } = JSON.parse(established) as { socket_id: string };
        const auth = signChannelAuth({ key: request.key, secret: request.secret, socketId, channelName: privateChannel });
        socket.send(subscribeFrame(request.channel));
        socket.send(subscribeFrame(privateChannel, auth));
      } else if (text.includes("pusher_internal:subscription_succeeded")) {
        confirmed += 1;
        if (confirmed < 2) return;
        clearTimeout(timer);
        sockets.push(socket);
        resolve(true);
      } else {
        onFrame(text);
      }
    });
  });
}

async function connectAll(request: ConnectRequest): Promise<void> {
  const started = performance.now();
  let next = 0;
  let failed = 0;
  const worker = async () => {
    while (next < request.count) {
      const index = next;
      next += 1;
      if (await openOne(request.urls[index % request.urls.length], index, request)) connectedCount += 1;
      else failed += 1;
    }
  };
  await Promise.all(Array.from({ length: request.concurrency }, worker));
  process.send?.({ type: "connected", connected: connectedCount, failed, ms: performance.now() - started });
}

function percentile(sorted: Float64Array, fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))];
}

function summarize(latencies: number[]): { deliveries: number; p50: number; p99: number; max: number } {
  const sorted = Float64Array.from(latencies).sort();
  return {
    deliveries: sorted.length,
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
    max: sorted.length ? sorted[sorted.length - 1] : Number.NaN,
  };
}

process.on("message", (message: ParentMessage) => {
  if (message.type === "connect") void connectAll(message);
  if (message.type === "await-private") awaitPrivate(message.expected);
  if (message.type === "report") {
    process.send?.({
      type: "report",
      public: summarize(publicLatencies),
      private: summarize(privateLatencies),
      burstDeliveries,
      burstSeconds: (burstLastAt - burstFirstAt) / 1000,
      open: sockets.filter((socket) => socket.readyState === WebSocket.OPEN).length,
    });
  }
});

process.on("disconnect", () => process.exit(0));
