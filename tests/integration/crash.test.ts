// The crash test: hostile websocket upgrades (and a few hostile plain requests) sent over raw sockets to the
// platform running as its own process, as `npm start` runs it. Each gets an HTTP error or a protocol error, and
// afterwards the process is still alive: pages, the API and realtime (a real websocket subscribing to a public
// channel) still answer. Before the fix, the first request (/app/%zz) ended the process with a URIError.
import net from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import WebSocket from "ws";
import { startServerProcess, type ServerProcess } from "./support/server-process.ts";

const KEY = "dGhlIHNhbXBsZSBub25jZQ=="; // a valid Sec-WebSocket-Key (16 bytes, base64)

let server: ServerProcess;
let port: number;

beforeAll(async () => {
  server = await startServerProcess();
  port = Number(new URL(server.origin).port);
}, 240_000);

afterAll(async () => {
  await server?.stop();
}, 30_000);

/** Writes raw bytes, returns what the server answered before it closed the connection (or after a while). */
function rawExchange(payload: string | Buffer, options: { waitMs?: number; then?: (socket: net.Socket) => void } = {}): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    let received = "";
    const finish = () => {
      clearTimeout(timer);
      socket.destroy();
      resolve(received);
    };
    const timer = setTimeout(finish, options.waitMs ?? 3_000);
    socket.on("data", (chunk) => {
      received += chunk.toString("latin1");
      options.then?.(socket);
    });
    socket.on("error", () => undefined);
    socket.on("close", finish);
    socket.write(payload);
  });
}

function upgradeRequest(target: string, headers: Record<string, string> = {}): string {
  const all: Record<string, string> = {
    Host: "localhost",
    Upgrade: "websocket",
    Connection: "Upgrade",
    "Sec-WebSocket-Key": KEY,
    "Sec-WebSocket-Version": "13",
    ...headers,
  };
  const lines = Object.entries(all)
    .filter(([, value]) => value !== "")
    .map(([name, value]) => `${name}: ${value}`);
  return `GET ${target} HTTP/1.1\r\n${lines.join("\r\n")}\r\n\r\n`;
}

const statusOf = (answer: string) => /^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? `no HTTP answer: ${JSON.stringify(answer.slice(0, 80))}`;

/** Opens a websocket and collects Pusher frames until the server closes it. */
function pusherSession(path: string, onOpen?: (socket: WebSocket) => void): Promise<{ frames: Array<{ event: string; data?: unknown }>; code: number }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`ws://127.0.0.1:${port}${path}`);
    const frames: Array<{ event: string; data?: unknown }> = [];
    socket.on("message", (data) => frames.push(JSON.parse(String(data))));
    socket.on("open", () => onOpen?.(socket));
    socket.on("close", (code) => resolve({ frames, code }));
    socket.on("error", reject);
  });
}

describe("hostile upgrades do not bring the platform down", () => {
  test("each hostile request gets its own error answer and the process keeps running", { timeout: 120_000 }, async () => {
    // A half-open upgrade: headers never finished, left hanging during everything else.
    const halfOpen = net.connect(port, "127.0.0.1");
    halfOpen.on("error", () => undefined);
    halfOpen.write("GET /app/app-key?protocol=7 HTTP/1.1\r\nHost: localhost\r\nUpgrade: websocket\r\nSec-WebSocket-");

    // The finding: a path that is not valid percent-encoding.
    expect(statusOf(await rawExchange(upgradeRequest("/app/%zz?protocol=7")))).toBe("400");
    expect(statusOf(await rawExchange(upgradeRequest("/app/app-key%E0%A4%A?protocol=7")))).toBe("400");
    expect(statusOf(await rawExchange(upgradeRequest("/app/%?protocol=7")))).toBe("400");
    // A target that is not a path at all.
    expect(statusOf(await rawExchange(upgradeRequest("//evil.example/app/app-key?protocol=7")))).toBe("400");
    // Missing, malformed key; unsupported version.
    expect(statusOf(await rawExchange(upgradeRequest("/app/app-key?protocol=7", { "Sec-WebSocket-Key": "" })))).toBe("400");
    expect(statusOf(await rawExchange(upgradeRequest("/app/app-key?protocol=7", { "Sec-WebSocket-Key": "short" })))).toBe("400");
    expect(statusOf(await rawExchange(upgradeRequest("/app/app-key?protocol=7", { "Sec-WebSocket-Version": "99" })))).toBe("400");
    // Huge headers.
    expect(statusOf(await rawExchange(upgradeRequest("/app/app-key?protocol=7", { "X-Filler": "a".repeat(70_000) })))).toBe("431");
    // Path traversal: normalised to a path outside /app/, then refused over HTTP; encoded, it is just an unknown key.
    expect(statusOf(await rawExchange(upgradeRequest("/app/../../etc/passwd?protocol=7")))).toBe("404");
    const traversal = await pusherSession("/app/..%2F..%2Fetc%2Fpasswd?protocol=7");
    expect(traversal.code).toBe(4001);
    // An unknown application key: the protocol's error, then the close code.
    const unknown = await pusherSession("/app/no-such-key?protocol=7");
    expect(unknown.frames[0]).toMatchObject({ event: "pusher:error" });
    expect(unknown.code).toBe(4001);
    // Garbage after a successful upgrade: the server ends that connection, nothing else.
    const garbage = await rawExchange(upgradeRequest("/app/app-key?protocol=7"), {
      then: (socket) => socket.write(Buffer.from([0xff, 0xff, 0xff, 0xff, 0x00, 0x13, 0x37, 0xde, 0xad, 0xbe, 0xef])),
    });
    expect(statusOf(garbage)).toBe("101");
    // Not HTTP at all.
    expect(statusOf(await rawExchange("\u0000\u0001\u0002 garbage\r\n\r\n"))).toBe("400");

    // Still alive, with the half-open socket still hanging.
    expect(server.child.exitCode).toBeNull();
    expect(server.output()).not.toMatch(/URIError|uncaught/i);

    const health = await fetch(`${server.origin}/back/api/health`);
    expect(health.status).toBe(200);
    expect(((await health.json()) as { status: string }).status).toBe("Success");

    const page = await fetch(`${server.origin}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toContain("text/html");

    const realtime = await new Promise<Array<{ event: string; channel?: string }>>((resolve, reject) => {
      const socket = new WebSocket(`ws://127.0.0.1:${port}/app/app-key?protocol=7&client=js&version=8.4.0`);
      const frames: Array<{ event: string; channel?: string }> = [];
      const timer = setTimeout(() => reject(new Error(`no subscription: ${JSON.stringify(frames)}`)), 10_000);
      socket.on("error", reject);
      socket.on("message", (data) => {
        const frame = JSON.parse(String(data)) as { event: string; channel?: string };
        frames.push(frame);
        if (frame.event === "pusher:connection_established") {
          socket.send(JSON.stringify({ event: "pusher:subscribe", data: { channel: "crash-test" } }));
        }
        if (frame.event === "pusher_internal:subscription_succeeded") {
          clearTimeout(timer);
          socket.close();
          resolve(frames);
        }
      });
    });
    expect(realtime.map((frame) => frame.event)).toEqual(["pusher:connection_established", "pusher_internal:subscription_succeeded"]);
    expect(realtime[1].channel).toBe("crash-test");

    halfOpen.destroy();
    expect(server.child.exitCode).toBeNull();
  });
});
