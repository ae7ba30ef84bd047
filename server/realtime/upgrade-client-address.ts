import type http from "node:http";

/** The address a websocket counts against: the first X-Forwarded-For hop behind a trusted proxy, else the peer. */
export function upgradeClientAddress(req: http.IncomingMessage, trustProxy: boolean): string {
  if (trustProxy) {
    const header = req.headers["x-forwarded-for"];
    const forwarded = (Array.isArray(header) ? header[0] : header)?.split(",")[0]?.trim();
    if (forwarded) return forwarded.slice(0, 100);
  }
  return req.socket.remoteAddress ?? "unknown";
}
