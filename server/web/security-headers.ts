import type { NextFunction, Request, Response } from "express";
import helmet from "helmet";
import { parseBrandHosts } from "#core/branding/resolve-brand.ts";
import type { Env } from "../env.ts";
import { randomChunk } from "./random-pool.ts";

/** Browser features the platform never uses, off for every page and for anything it might embed. */
export const PERMISSIONS_POLICY = [
  "accelerometer=()",
  "browsing-topics=()",
  "camera=()",
  "display-capture=()",
  "geolocation=()",
  "gyroscope=()",
  "hid=()",
  "magnetometer=()",
  "microphone=()",
  "midi=()",
  "payment=()",
  "serial=()",
  "usb=()",
].join(", ");

/** A Host header's value: a name or an IPv4 address, or an IPv6 one in brackets, with an optional port. */
const VALID_HOST = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/**
 * A CSP allowing only this site (scripts by nonce) and its websocket endpoint, and helmet's other headers. Helmet is
 * built once: only the nonce and the host change from one request to the next, written into the CSP here (building
 * helmet for each request cost about 30 µs). A Host header that is not a host is a 400 (RFC 9112, 3.2): it would
 * otherwise be written into the CSP.
 */
export function securityHeaders(env: Env) {
  const realtimeOrigins = env.PUSHER_HOST ? [`ws://${env.PUSHER_HOST}:${env.PUSHER_PORT ?? 80}`, `wss://${env.PUSHER_HOST}:${env.PUSHER_PORT ?? 443}`] : [];
  const isDevelopment = env.NODE_ENV === "development";
  const brandOrigins = [...parseBrandHosts(env.BRAND_HOSTS).keys()].map((host) => `${env.PUBLIC_URL_SCHEME}://${host}:*`);
  // The SystemPay order page posts its signed payment form to the provider (ADR 0045).
  const paymentOrigins = env.PAYMENT_PROVIDER === "systempay" ? [new URL(env.SYSTEMPAY_PAYMENT_URL).origin] : [];
  const scriptSources = isDevelopment ? " 'unsafe-inline'" : "";
  const connectSources = [...realtimeOrigins, ...(isDevelopment ? ["ws:"] : [])].map((source) => ` ${source}`).join("");
  const afterConnect = [
    "frame-src 'self' https://www.youtube-nocookie.com",
    "object-src 'none'",
    "base-uri 'self'",
    // Cross-platform login redirects a posted form to another brand's host.
    ["form-action 'self'", ...brandOrigins, ...paymentOrigins].join(" "),
    "frame-ancestors 'self'",
    ...(env.PUBLIC_URL_SCHEME === "https" ? ["upgrade-insecure-requests"] : []),
  ].join(";");
  const contentSecurityPolicy = (nonce: string, host: string | null) =>
    "default-src 'self';" +
    `script-src 'self' 'nonce-${nonce}'${scriptSources};` +
    "style-src 'self' 'unsafe-inline';img-src 'self' data:;font-src 'self';media-src 'self';" +
    `connect-src 'self'${host === null ? "" : ` ws://${host} wss://${host}`}${connectSources};` +
    afterConnect;
  const otherHeaders = helmet({
    contentSecurityPolicy: false,
    // helmet's default (no-referrer) makes Chromium send "Origin: null" on form posts.
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    strictTransportSecurity: env.PUBLIC_URL_SCHEME === "https",
    crossOriginEmbedderPolicy: false,
  });
  return (req: Request, res: Response, next: NextFunction) => {
    const nonce = randomChunk(16).toString("base64");
    res.locals.cspNonce = nonce;
    res.setHeader("Permissions-Policy", PERMISSIONS_POLICY);
    const host = req.headers.host ?? "localhost";
    const validHost = VALID_HOST.test(host);
    res.setHeader("Content-Security-Policy", contentSecurityPolicy(nonce, validHost ? host : null));
    otherHeaders(req, res, (error?: unknown) => {
      if (error || validHost) return next(error);
      // The back API answers with its envelope, like every other /back reply (as for a malformed URL).
      if (req.path === "/back" || req.path.startsWith("/back/")) {
        res.status(400).json({ status: "Error", message: "Bad Request: invalid Host header.", data: null });
        return;
      }
      res.status(400).type("text/plain; charset=utf-8").send("Bad Request: invalid Host header.");
    });
  };
}
