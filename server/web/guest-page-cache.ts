import type { NextFunction, Request, Response } from "express";
import type { WebCsrf } from "#core/contract/web-host.ts";

/**
 * A micro-cache of the HTML pages served to guests (no session cookie). A guest page depends only on the
 * host, the URL, the language header and a few preference cookies, so the same render can serve every
 * guest for a few seconds. The two per-request values a page carries, the CSP script nonce and the form
 * CSRF token, are cut out of the stored HTML and filled in again for each visitor.
 *
 * Only plain 200 HTML answers whose only cookie is the CSRF one are stored. Any state-changing request
 * this instance serves empties the cache, and entries expire after `ttlMs`, which bounds how stale another
 * instance can be (seats left, a price changed by an administrator).
 */
export type GuestPageCacheOptions = {
  ttlMs: number;
  maxEntries: number;
  /** The web tier's form CSRF guard (exported by its server entry), to give each guest their own token. */
  csrf: () => Promise<WebCsrf>;
  now?: () => number;
};

type Entry = {
  expiresAt: number;
  status: number;
  headers: [string, string][];
  /** The HTML cut at each nonce and CSRF token: parts[0] hole parts[1] hole ... */
  parts: string[];
  holes: ("nonce" | "csrf")[];
};

const SESSION_COOKIE = "sid";
const CSRF_COOKIE = "csrf";
/** Headers that belong to one response (or to its compression) and are never replayed. */
const PER_RESPONSE_HEADERS = new Set([
  "set-cookie",
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "connection",
  "keep-alive",
  "x-request-id",
  "content-security-policy",
  "date",
  "etag",
]);
const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export type GuestPageCache = {
  /** Serves and stores guest pages: mount right before the page handler. */
  middleware: (req: Request, res: Response, next: NextFunction) => void;
  /** Empties the cache after any successful write: mount before the back API and the page handler. */
  clearOnWrite: (req: Request, res: Response, next: NextFunction) => void;
  clear(): void;
  readonly size: number;
};

export function createGuestPageCache(options: GuestPageCacheOptions): GuestPageCache {
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  const csrf = options.csrf;

  function clear() {
    entries.clear();
  }

  function remember(key: string, entry: Entry) {
    entries.delete(key);
    entries.set(key, entry);
    while (entries.size > options.maxEntries) entries.delete(entries.keys().next().value!);
  }

  async function replay(entry: Entry, req: Request, res: Response) {
    const [token, setCookie] = await (await csrf()).commitToken(toHeaders(req));
    const nonce = String(res.locals.cspNonce ?? "");
    let html = entry.parts[0];
    for (let i = 0; i < entry.holes.length; i++) html += (entry.holes[i] === "nonce" ? nonce : token) + entry.parts[i + 1];
    res.status(entry.status);
    for (const [name, value] of entry.headers) res.setHeader(name, value);
    if (setCookie) res.append("Set-Cookie", setCookie);
    res.setHeader("x-page-cache", "hit");
    res.end(html);
  }

  function capture(key: string, req: Request, res: Response) {
    const chunks: Buffer[] = [];
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      if (chunk) chunks.push(toBuffer(chunk));
      return write(chunk, ...rest);
    }) as Response["write"];
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      if (chunk && typeof chunk !== "function") chunks.push(toBuffer(chunk));
      const result = end(chunk, ...rest);
      void store(key, req, res, Buffer.concat(chunks).toString("utf8"));
      return result;
    }) as Response["end"];
    res.setHeader("x-page-cache", "miss");
  }

  async function store(key: string, req: Request, res: Response, html: string) {
    if (res.statusCode !== 200 || !String(res.getHeader("content-type") ?? "").startsWith("text/html")) return;
    const setCookies = [res.getHeader("set-cookie") ?? []].flat().map(String);
    if (setCookies.some((cookie) => !cookie.startsWith(`${CSRF_COOKIE}=`))) return;
    // The token this page was rendered with: the visitor's own, or the one just handed out.
    const cookieHeader = setCookies.length > 0 ? setCookies[0].split(";")[0] : (req.headers.cookie ?? "");
    const token = await (await csrf()).getToken(new Headers({ cookie: cookieHeader }));
    const nonce = String(res.locals.cspNonce ?? "");
    if (!nonce || !token || !html.includes(token)) return;
    const { parts, holes } = cutHoles(html, { nonce, csrf: token });
    const headers = Object.entries(res.getHeaders())
      .filter(([name]) => !PER_RESPONSE_HEADERS.has(name.toLowerCase()) && name.toLowerCase() !== "x-page-cache")
      .map(([name, value]) => [name, String(value)] as [string, string]);
    remember(key, { expiresAt: now() + options.ttlMs, status: 200, headers, parts, holes });
  }

  function clearOnWrite(req: Request, res: Response, next: NextFunction) {
    if (MUTATING.has(req.method)) {
      res.on("finish", () => {
        if (res.statusCode < 400) clear();
      });
    }
    next();
  }

  function middleware(req: Request, res: Response, next: NextFunction) {
    const key = cacheKey(req);
    if (!key) return next();
    const entry = entries.get(key);
    if (entry && entry.expiresAt > now()) {
      replay(entry, req, res).catch(next);
      return;
    }
    if (entry) entries.delete(key);
    capture(key, req, res);
    next();
  }

  return {
    middleware,
    clearOnWrite,
    clear,
    get size() {
      return entries.size;
    },
  };
}

/** The cache key of a guest page request, or null when the request must not use the cache. */
export function cacheKey(req: Request): string | null {
  if (req.method !== "GET") return null;
  if (req.path.endsWith(".data") || req.path.startsWith("/back/")) return null;
  const cookies = parseCookieHeader(req.headers.cookie);
  if (cookies.has(SESSION_COOKIE) || cookies.has("toast")) return null;
  cookies.delete(CSRF_COOKIE);
  const preferences = [...cookies].sort(([a], [b]) => a.localeCompare(b)).map(([name, value]) => `${name}=${value}`);
  return [req.headers.host ?? "", req.originalUrl, req.headers["accept-language"] ?? "", preferences.join("; ")].join("\n");
}

/** Splits the HTML at every occurrence of the nonce and the token (both random, so never ambiguous). */
export function cutHoles(html: string, values: { nonce: string; csrf: string }): { parts: string[]; holes: ("nonce" | "csrf")[] } {
  const parts: string[] = [];
  const holes: ("nonce" | "csrf")[] = [];
  let rest = html;
  for (;;) {
    const atNonce = rest.indexOf(values.nonce);
    const atToken = rest.indexOf(values.csrf);
    if (atNonce < 0 && atToken < 0) break;
    const hole: "nonce" | "csrf" = atToken < 0 || (atNonce >= 0 && atNonce < atToken) ? "nonce" : "csrf";
    const at = hole === "nonce" ? atNonce : atToken;
    parts.push(rest.slice(0, at));
    holes.push(hole);
    rest = rest.slice(at + values[hole].length);
  }
  parts.push(rest);
  return { parts, holes };
}

function parseCookieHeader(header: string | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of (header ?? "").split(";")) {
    const index = part.indexOf("=");
    if (index > 0) cookies.set(part.slice(0, index).trim(), part.slice(index + 1).trim());
  }
  return cookies;
}

function toHeaders(req: Request): Headers {
  return new Headers(req.headers.cookie ? { cookie: req.headers.cookie } : {});
}

function toBuffer(chunk: unknown): Buffer {
  if (Buffer.isBuffer(chunk)) return chunk;
  if (chunk instanceof Uint8Array) return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  return Buffer.from(String(chunk));
}
