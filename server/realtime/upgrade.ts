/**
 * The HTTP side of a websocket upgrade: reading the request target safely, and refusing an upgrade with a
 * plain HTTP answer. Everything here reads outside input, so nothing here may throw.
 */
import { STATUS_CODES } from "node:http";
import type { Duplex } from "node:stream";

export type UpgradeTarget = { ok: true; url: URL; appKey: string | null } | { ok: false; status: 400; message: string };

/**
 * Parses the request target of an upgrade. `appKey` is the decoded `{key}` of `/app/{key}`, or null for any
 * other path; a target that is not a valid URL or whose key is not valid percent-encoding is a 400.
 */
export function parseUpgradeTarget(rawTarget: string | undefined): UpgradeTarget {
  let url: URL;
  try {
    // Only origin-form targets ("/app/key?...") are accepted; "//host/..." would be read as another host.
    if (!rawTarget?.startsWith("/") || rawTarget.startsWith("//")) throw new Error("not origin-form");
    url = new URL(rawTarget, "http://realtime.invalid");
  } catch {
    return { ok: false, status: 400, message: "Malformed request target" };
  }
  const match = /^\/app\/([^/]+)$/.exec(url.pathname);
  if (match === null) return { ok: true, url, appKey: null };
  const appKey = safeDecode(match[1]);
  if (appKey === null) return { ok: false, status: 400, message: "Malformed application key" };
  return { ok: true, url, appKey };
}

/** decodeURIComponent without the URIError: null for invalid percent-encoding. */
export function safeDecode(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

/** Answers an upgrade request with a plain HTTP error and closes the socket. Safe on a socket already gone. */
export function refuseUpgrade(socket: Duplex, status: number, message = STATUS_CODES[status] ?? "Error"): void {
  if (socket.destroyed) return;
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const body = `${message}\n`;
  const head = [
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? "Error"}`,
    "Connection: close",
    "Content-Type: text/plain; charset=utf-8",
    `Content-Length: ${Buffer.byteLength(body)}`,
    "X-Content-Type-Options: nosniff",
    "Cache-Control: no-store",
    "Content-Security-Policy: default-src 'none'; frame-ancestors 'none'",
  ];
  socket.once("finish", () => socket.destroy());
  socket.end(`${head.join("\r\n")}\r\n\r\n${body}`);
  // A client that never reads keeps "finish" from firing: cut it off after a moment.
  setTimeout(() => socket.destroy(), 2_000).unref();
}
