import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import express from "express";
import helmet from "helmet";
import { afterAll, describe, expect, test } from "vitest";
import { parseBrandHosts } from "#core/branding/resolve-brand.ts";
import { readEnv, type Env } from "../env.ts";
import { securityHeaders } from "./security-headers.ts";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "security-headers-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

function envOf(variables: Record<string, string>): Env {
  return readEnv({ DATA_DIR: dataDir, ...variables });
}

/** What helmet itself writes for the platform's directives: the reference the hand-written CSP must equal. */
function helmetHeaders(env: Env, nonce: string, host: string): Record<string, string> {
  const isDevelopment = env.NODE_ENV === "development";
  const realtimeOrigins = env.PUSHER_HOST ? [`ws://${env.PUSHER_HOST}:${env.PUSHER_PORT ?? 80}`, `wss://${env.PUSHER_HOST}:${env.PUSHER_PORT ?? 443}`] : [];
  const brandOrigins = [...parseBrandHosts(env.BRAND_HOSTS).keys()].map((brandHost) => `${env.PUBLIC_URL_SCHEME}://${brandHost}:*`);
  const paymentOrigins = env.PAYMENT_PROVIDER === "systempay" ? [new URL(env.SYSTEMPAY_PAYMENT_URL).origin] : [];
  const headers: Record<string, string> = {};
  const res = { setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = value), removeHeader: () => {} };
  helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", `'nonce-${nonce}'`, ...(isDevelopment ? ["'unsafe-inline'"] : [])],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:"],
        fontSrc: ["'self'"],
        mediaSrc: ["'self'"],
        connectSrc: ["'self'", `ws://${host}`, `wss://${host}`, ...realtimeOrigins, ...(isDevelopment ? ["ws:"] : [])],
        frameSrc: ["'self'", "https://www.youtube-nocookie.com"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'", ...brandOrigins, ...paymentOrigins],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: env.PUBLIC_URL_SCHEME === "https" ? [] : null,
      },
    },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    strictTransportSecurity: env.PUBLIC_URL_SCHEME === "https",
    crossOriginEmbedderPolicy: false,
  })({ headers: { host } } as never, res as never, () => {});
  return headers;
}

type Reply = { status: number; headers: http.IncomingHttpHeaders; body: string };

async function withServer<T>(env: Env, run: (get: (path: string, host: string) => Promise<Reply>) => Promise<T>): Promise<T> {
  const app = express();
  app.use(securityHeaders(env));
  app.use((_req, res) => void res.type("text/plain").send(String(res.locals.cspNonce)));
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const { port } = server.address() as AddressInfo;
  const get = (requestPath: string, host: string) =>
    new Promise<Reply>((resolve, reject) => {
      const request = http.request({ host: "127.0.0.1", port, path: requestPath, headers: { host } }, (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (body += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
      });
      request.on("error", reject);
      request.end();
    });
  try {
    return await run(get);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

const ENVIRONMENTS: Record<string, Record<string, string>> = {
  production: { NODE_ENV: "production", PAYMENT_PROVIDER: "sandbox" },
  "production behind https, SystemPay and a realtime host": {
    NODE_ENV: "production",
    PUBLIC_URL_SCHEME: "https",
    PAYMENT_PROVIDER: "systempay",
    SYSTEMPAY_SHOP_ID: "12345678",
    SYSTEMPAY_KEY: "key",
    PUSHER_HOST: "ws.example.test",
    PUSHER_PORT: "6001",
  },
  development: { NODE_ENV: "development" },
};

describe("securityHeaders", () => {
  for (const [name, variables] of Object.entries(ENVIRONMENTS)) {
    test(`${name}: the same headers as helmet builds for the request's nonce and host`, async () => {
      const env = envOf(variables);
      await withServer(env, async (get) => {
        for (const host of ["localhost:3000", "es.localhost", "127.0.0.1:8080", "[::1]:3000"]) {
          const reply = await get("/catalogue", host);
          expect(reply.status).toBe(200);
          const expected = helmetHeaders(env, reply.body, host);
          for (const [header, value] of Object.entries(expected)) expect(reply.headers[header], `${header} for ${host}`).toBe(value);
          expect(reply.headers["x-powered-by"]).toBeUndefined();
        }
      });
    });
  }

  test("every request has a nonce of its own: 16 random bytes in base64", async () => {
    await withServer(envOf(ENVIRONMENTS.production), async (get) => {
      const nonces = new Set<string>();
      for (let i = 0; i < 300; i += 1) {
        const reply = await get("/", "localhost");
        expect(reply.body).toMatch(/^[A-Za-z0-9+/]{22}==$/);
        expect(reply.headers["content-security-policy"]).toContain(`'nonce-${reply.body}'`);
        nonces.add(reply.body);
      }
      expect(nonces.size).toBe(300);
    });
  });

  test("a Host header that is not a host is a 400, its value kept out of the CSP, with an envelope on the back API", async () => {
    await withServer(envOf(ENVIRONMENTS.production), async (get) => {
      for (const host of ["evil;script-src *", "a b", "localhost, evil.example", "x'y"]) {
        const page = await get("/catalogue", host);
        expect(page.status, host).toBe(400);
        expect(page.body).toBe("Bad Request: invalid Host header.");
        expect(page.headers["content-security-policy"]).toContain("connect-src 'self';");
        expect(page.headers["content-security-policy"]).not.toContain("evil");
        expect(page.headers["x-content-type-options"]).toBe("nosniff");
        const api = await get("/back/api/user", host);
        expect(api.status, host).toBe(400);
        expect(JSON.parse(api.body)).toEqual({ status: "Error", message: "Bad Request: invalid Host header.", data: null });
      }
    });
  });
});
