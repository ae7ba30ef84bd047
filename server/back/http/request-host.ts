import type { Context } from "hono";
import type { BrandKey } from "#core/branding/brands.ts";
import { hostBrandOf } from "../modules/auth/platform.ts";
import type { BackDeps, BackEnv } from "../context.ts";

export type RequestHost = { hostname: string; port: number | null };

const HOST_PATTERN = /^([a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::(\d{1,5}))?$/;

/**
 * A Host or X-Forwarded-Host value as hostname and port, or null when it is not one: anything but a plain
 * host name (or bracketed IPv6) with an optional numeric port 1-65535 is refused, so "localhost:@evil.example"
 * or "localhost:80/path" never become part of a URL. A list (proxies append) counts by its first entry.
 */
export function parseHost(value: string | null | undefined): RequestHost | null {
  const first = value?.split(",")[0]?.trim().toLowerCase();
  if (!first || first.length > 255) return null;
  const match = HOST_PATTERN.exec(first);
  if (!match) return null;
  if (match[2] === undefined) return { hostname: match[1], port: null };
  const port = Number(match[2]);
  if (!Number.isInteger(port) || port < 1 || port > 65535) return null;
  return { hostname: match[1], port };
}

/**
 * The host the visitor asked for. X-Forwarded-Host is believed only from a trusted proxy (TRUST_PROXY=true) or
 * from the web tier calling in-process (which forwards its own request's Host); an outside request's
 * X-Forwarded-Host is ignored otherwise. A malformed value counts as absent.
 */
export function trustedRequestHost(c: Context<BackEnv>): RequestHost | null {
  const inProcess = (c.env as { inProcess?: boolean } | undefined)?.inProcess === true;
  const forwarded = inProcess || c.get("deps").env.TRUST_PROXY === "true" ? parseHost(c.req.header("x-forwarded-host")) : null;
  return forwarded ?? parseHost(c.req.header("host"));
}

/** The configured host name of a brand (the campus lives on the Spanish host). */
export function brandHostname(brand: string, brandHosts: Map<string, BrandKey>): string | null {
  const target = hostBrandOf(brand);
  return [...brandHosts].find(([, key]) => key === target)?.[0] ?? null;
}

/**
 * The public origin of a brand, for links in mails and redirects to another brand's host: scheme from
 * PUBLIC_URL_SCHEME, host name from BRAND_HOSTS, port from PUBLIC_PORT (or the port the server listens on when
 * no proxy is trusted). Only behind a trusted proxy, and only when PUBLIC_PORT is unset, the port of the
 * forwarded host counts, and only if that host is one of BRAND_HOSTS. Null when the brand has no host.
 */
export function publicOrigin(deps: Pick<BackDeps, "env" | "brandHosts" | "publicPort">, brand: string, requestHost?: RequestHost | null): string | null {
  const hostname = brandHostname(brand, deps.brandHosts);
  if (!hostname) return null;
  const scheme = deps.env.PUBLIC_URL_SCHEME;
  let port = deps.publicPort();
  if (port === null && deps.env.TRUST_PROXY === "true" && requestHost && deps.brandHosts.has(requestHost.hostname)) {
    port = requestHost.port;
  }
  const defaultPort = scheme === "https" ? 443 : 80;
  return `${scheme}://${hostname}${port !== null && port !== defaultPort ? `:${port}` : ""}`;
}

/** The public origin of a brand for the request in hand. */
export function publicOriginFor(c: Context<BackEnv>, brand: string): string | null {
  return publicOrigin(c.get("deps"), brand, trustedRequestHost(c));
}
