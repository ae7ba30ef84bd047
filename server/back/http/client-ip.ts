import type { Context } from "hono";
import type { BackEnv } from "../context.ts";

/** The caller's address: the socket's, or the first forwarded hop when TRUST_PROXY is on. */
export function clientIp(c: Context<BackEnv>): string {
  if (c.get("deps").env.TRUST_PROXY === "true") {
    const forwarded = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded) return forwarded;
  }
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  return incoming?.socket?.remoteAddress ?? c.req.header("x-real-ip") ?? "local";
}
