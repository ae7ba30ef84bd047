// The edge of the platform: security headers on every answer, including the 400 for a malformed URL and the
// Pusher HTTP API (F12); logged-in pages kept out of shared caches (F12); a cap on websockets per client
// address, refused with the protocol's error (F17). TRUST_PROXY is on so each test acts from its own address.
import http from "node:http";
import { describe, expect, test } from "vitest";
import WebSocket from "ws";
import { backends } from "./support/database.ts";
import { useSuite } from "./support/setup.ts";

function expectSecurityHeaders(headers: Headers, what: string) {
  expect(headers.get("content-security-policy"), what).toContain("default-src 'self'");
  expect(headers.get("x-content-type-options"), what).toBe("nosniff");
  expect(headers.get("referrer-policy"), what).toBe("strict-origin-when-cross-origin");
  const permissions = headers.get("permissions-policy") ?? "";
  for (const feature of ["camera=()", "microphone=()", "geolocation=()", "payment=()"]) expect(permissions, what).toContain(feature);
}

type Outcome = { established: boolean; error?: { code: number; message: string }; socket: WebSocket; closed: Promise<number> };

/** Opens a pusher-protocol websocket "from" an address (X-Forwarded-For) and waits for its first frame. */
function connect(wsOrigin: string, address: string): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${wsOrigin}/app/app-key?protocol=7&client=js&version=8.4.0`, { headers: { "x-forwarded-for": address } });
    const closed = new Promise<number>((done) => socket.on("close", (code) => done(code)));
    socket.on("error", reject);
    socket.once("message", (data) => {
      const frame = JSON.parse(String(data)) as { event: string; data: unknown };
      if (frame.event === "pusher:connection_established") return resolve({ established: true, socket, closed });
      const error = (typeof frame.data === "string" ? JSON.parse(frame.data) : frame.data) as { code: number; message: string };
      resolve({ established: false, error, socket, closed });
    });
  });
}

describe.each(backends())("edge security (%s)", (backend) => {
  const suite = useSuite(backend, { TRUST_PROXY: "true", REALTIME_MAX_CONNECTIONS_PER_ADDRESS: "3" });

  test("F12: the 400 for a malformed URL carries the security headers, on pages and on the API", async () => {
    const page = await fetch(`${suite.origin}/catalogue/%zz`);
    expect(page.status).toBe(400);
    expectSecurityHeaders(page.headers, "page 400");
    const api = await fetch(`${suite.origin}/back/api/%E0%A4%A`);
    expect(api.status).toBe(400);
    expectSecurityHeaders(api.headers, "API 400");
  });

  test("a Host header that is not a host is a 400 with the security headers, never a 500, on pages and on the API", async () => {
    const { port } = new URL(suite.origin);
    const get = (path: string, host: string) =>
      new Promise<{ status: number; headers: Headers; body: string }>((resolve, reject) => {
        const request = http.request({ host: "127.0.0.1", port, path, headers: { host } }, (response) => {
          let body = "";
          response.setEncoding("utf8");
          response.on("data", (chunk: string) => (body += chunk));
          response.on("end", () => {
            const headers = new Headers();
            for (const [name, value] of Object.entries(response.headers)) if (typeof value === "string") headers.set(name, value);
            resolve({ status: response.statusCode ?? 0, headers, body });
          });
        });
        request.on("error", reject);
        request.end();
      });
    for (const host of ["evil;script-src *", "localhost, evil.example"]) {
      const page = await get("/catalogue", host);
      expect(page.status, host).toBe(400);
      expectSecurityHeaders(page.headers, `page with Host ${host}`);
      expect(page.headers.get("content-security-policy")).not.toContain("evil");
      const api = await get("/back/api/user", host);
      expect(api.status, host).toBe(400);
      expect(JSON.parse(api.body)).toMatchObject({ status: "Error", message: "Bad Request: invalid Host header." });
    }
  });

  test("F12: Pusher HTTP API answers carry the security headers", async () => {
    for (const path of ["/apps/app-id/channels", "/apps/%zz/channels", "/apps/unknown/events"]) {
      const reply = await fetch(`${suite.origin}${path}`);
      expect([400, 401, 404]).toContain(reply.status);
      expectSecurityHeaders(reply.headers, path);
    }
  });

  test("F12: every page has a Permissions-Policy; a logged-in page may not be kept by shared caches", async () => {
    const guest = await suite.agent({ accept: "text/html" }).get("/");
    expect(guest.status).toBe(200);
    expectSecurityHeaders(guest.headers, "guest page");

    const agent = suite.agent({ accept: "text/html" });
    expect((await agent.login("learner@demo.test")).status).toBe(200);
    for (const path of ["/catalogue", "/compte/profil", "/compte/profil/historique"]) {
      const page = await agent.get(path);
      expect(page.status, path).toBe(200);
      expect(page.headers.get("content-type"), path).toContain("text/html");
      const cacheControl = page.headers.get("cache-control") ?? "";
      expect(cacheControl, path).toContain("private");
      expect(cacheControl, path).toContain("no-store");
      expectSecurityHeaders(page.headers, path);
    }
  });

  test("F17: one address gets a few websockets, the next is refused with 4004; others and freed slots still work", async () => {
    const wsOrigin = suite.origin.replace(/^http/, "ws");
    const open: Outcome[] = [];
    for (let i = 0; i < 3; i++) open.push(await connect(wsOrigin, "203.0.113.7"));
    expect(open.every((outcome) => outcome.established)).toBe(true);

    const refused = await connect(wsOrigin, "203.0.113.7");
    expect(refused.established).toBe(false);
    expect(refused.error?.code).toBe(4004);
    expect(await refused.closed).toBe(4004);

    // Another address is not affected.
    const other = await connect(wsOrigin, "198.51.100.20");
    expect(other.established).toBe(true);

    // A closed socket frees its slot.
    open[0].socket.close();
    await open[0].closed;
    let again: Outcome | undefined;
    for (let attempt = 0; attempt < 20 && !again?.established; attempt++) {
      again = await connect(wsOrigin, "203.0.113.7");
      if (!again.established) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(again?.established).toBe(true);
    for (const outcome of [...open, other, again!]) outcome.socket.close();
  });
});
