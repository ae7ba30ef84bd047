import { randomBytes } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import helmet from "helmet";
import { parseBrandHosts } from "#core/branding/resolve-brand.ts";
import type { Env } from "../env.ts";

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

/** A CSP allowing only this site (scripts by nonce) and its websocket endpoint. */
export function securityHeaders(env: Env) {
  const realtimeOrigins = env.PUSHER_HOST ? [`ws://${env.PUSHER_HOST}:${env.PUSHER_PORT ?? 80}`, `wss://${env.PUSHER_HOST}:${env.PUSHER_PORT ?? 443}`] : [];
  const isDevelopment = env.NODE_ENV === "development";
  const brandOrigins = [...parseBrandHosts(env.BRAND_HOSTS).keys()].map((host) => `${env.PUBLIC_URL_SCHEME}://${host}:*`);
  // The SystemPay order page posts its signed payment form to the provider (ADR 0045).
  const paymentOrigins = env.PAYMENT_PROVIDER === "systempay" ? [new URL(env.SYSTEMPAY_PAYMENT_URL).origin] : [];
  return (req: Request, res: Response, next: NextFunction) => {
    const nonce = randomBytes(16).toString("base64");
    res.locals.cspNonce = nonce;
    res.setHeader("Permissions-Policy", PERMISSIONS_POLICY);
    const host = req.headers.host ?? "localhost";
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
          // Cross-platform login redirects a posted form to another brand's host.
          formAction: ["'self'", ...brandOrigins, ...paymentOrigins],
          frameAncestors: ["'self'"],
          upgradeInsecureRequests: env.PUBLIC_URL_SCHEME === "https" ? [] : null,
        },
      },
      // helmet's default (no-referrer) makes Chromium send "Origin: null" on form posts.
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
      strictTransportSecurity: env.PUBLIC_URL_SCHEME === "https",
      crossOriginEmbedderPolicy: false,
    })(req, res, next);
  };
}
