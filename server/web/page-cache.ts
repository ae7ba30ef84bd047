import zlib from "node:zlib";
import { isDatabaseUnavailable } from "../db/connection-errors.ts";
import type { NextFunction, Request, Response } from "express";
import type { WebCsrf } from "#core/contract/web-host.ts";
import { parseCookies } from "#core/http/cookies.ts";
import { cutHoles, fillHoles, type Hole } from "#core/http/request-holes.ts";
import type { PageDataScope } from "../back/http/session.repository.ts";
import { pageDataScope } from "./page-data-scope.ts";
import { gzipSplicer, splicedText, type CompressedPart } from "./gzip-splice.ts";

/**
 * A cache of rendered HTML pages, for guests (ADR 0015) and for logged-in sessions (ADR 0091). The two per-request
 * values a page carries, the CSP script nonce and the form CSRF token, are cut out of the stored HTML and filled in
 * again for each request.
 *
 * - A guest page depends only on the host, the URL, the language header and a few preference cookies, so one render
 *   serves every guest for `ttlMs`. A state-changing request this instance serves empties the guest pages that show
 *   its write: all of them when it moved the shared page data version (`sharedPageVersion`, ADR 0141), only those of
 *   pages that see every write otherwise (a learner's bookmark shows on no guest catalogue). The TTL bounds how stale
 *   another instance can be (seats left, a price changed by an administrator).
 * - A session's page is that session's alone: its key holds the session cookie. It is stored under the page data
 *   version of its scope read before rendering (`sessionPageVersion`, migrations 0016 and 0028, ADR 0141) and served
 *   again only while that version is unchanged and the session live, so it is never older than the last write it
 *   shows, on any instance; a write that does not show on it (another learner's bookmark on a learner's catalogue)
 *   leaves it kept. `sessionTtlMs` bounds what only the clock changes ("starts in 2 days").
 *
 * Only plain 200 answers whose only cookie is the CSRF one are stored: HTML pages, and the route data (`.data`) a
 * client navigation asks for instead of the page.
 */
export type PageCacheOptions = {
  ttlMs: number;
  maxEntries: number;
  /** The web tier's form CSRF guard (exported by its server entry), to give each visitor their own token. */
  csrf: () => Promise<WebCsrf>;
  /**
   * Logged-in pages: the data version of a scope for this session cookie's value, or null when it is no live session.
   * `rendering` is the answer when the page renders whatever the version (a forced reload, or nothing kept under its
   * key), null otherwise: the version may then be read with the render's own session read (ADR 0146).
   */
  sessionPageVersion?: (sessionId: string, scope: PageDataScope, rendering: Response | null) => Promise<string | null>;
  sessionTtlMs?: number;
  maxSessionEntries?: number;
  now?: () => number;
  /**
   * The shared page data version (migration 0028), read after a write to know whether it moved. Without it, every
   * write empties every guest page.
   */
  sharedPageVersion?: () => Promise<string>;
  /**
   * Called when a write through this instance emptied guest pages, to empty the other instances' too (ADRs 0122 and
   * 0151). The write's answer ends when the returned promise settles.
   */
  afterWriteClear?: (emptied: GuestPagesEmptied) => void | Promise<void>;
};

/** What a write empties: every guest page, or only those of pages that see every write ("all" scope). */
export type GuestPagesEmptied = "every" | "seeing-every-write";

type Entry = {
  expiresAt: number;
  /** Which writes it shows (ADR 0141); a guest page of the "own" scope shows only shared writes. */
  scope: PageDataScope;
  /** The page data version it was rendered at: null for a guest page. */
  version: string | null;
  status: number;
  headers: [string, string][];
  /** The HTML cut at each nonce and CSRF token: parts[0] hole parts[1] hole ... */
  parts: string[];
  holes: Hole[];
  /**
   * The same parts compressed once, on the first answer that replays the page, for gzip answers spliced with each
   * visitor's values (gzip-splice.ts). Not when storing: a page rendered again at every visit (a forced reload) would
   * pay for a compression no one uses.
   */
  compressed?: Promise<CompressedPart[]>;
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
  "x-shared-fragments",
  "x-reused-document",
]);
const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export type PageCache = {
  /** Serves and stores pages: mount right before the page handler. */
  middleware: (req: Request, res: Response, next: NextFunction) => void;
  /** Empties the guest pages after any successful write: mount before the back API and the page handler. */
  clearOnWrite: (req: Request, res: Response, next: NextFunction) => void;
  clear(): void;
  /** Empties guest pages only: after a write made through another instance (ADR 0122). */
  clearGuestPages(emptied: GuestPagesEmptied): void;
  readonly size: number;
};

/** A bounded map that forgets its least recently stored entry first. */
class Entries {
  private readonly map = new Map<string, Entry>();
  constructor(private readonly maxEntries: number) {}
  get(key: string) {
    return this.map.get(key);
  }
  set(key: string, entry: Entry) {
    this.map.delete(key);
    this.map.set(key, entry);
    while (this.map.size > this.maxEntries) this.map.delete(this.map.keys().next().value!);
  }
  delete(key: string) {
    this.map.delete(key);
  }
  deleteWhere(test: (entry: Entry) => boolean) {
    for (const [key, entry] of this.map) if (test(entry)) this.map.delete(key);
  }
  clear() {
    this.map.clear();
  }
  get size() {
    return this.map.size;
  }
}

export function createPageCache(options: PageCacheOptions): PageCache {
  const now = options.now ?? Date.now;
  const guestEntries = new Entries(options.maxEntries);
  const sessionEntries = new Entries(options.maxSessionEntries ?? 200);
  const csrf = options.csrf;

  /**
   * Guest pages rendered while a write was made are not stored: they may predate it. `everyGuestPage` moves when every
   * guest page is emptied, `seeingEveryWrite` at every write. (A session's page is stored under the version read
   * before its render: a write during the render makes it a miss next time, never a stale hit.)
   */
  const generations = { everyGuestPage: 0, seeingEveryWrite: 0 };
  /** The shared version this instance last read after a write; null until the first. */
  let lastSharedVersion: string | null = null;

  function clear() {
    clearGuestPages("every");
    sessionEntries.clear();
  }

  /**
   * A session's kept page needs no emptying: it is replayed only while the version of its scope is the one it was
   * rendered at, and a write it shows moves that version.
   */
  function clearGuestPages(emptied: GuestPagesEmptied) {
    generations.seeingEveryWrite++;
    if (emptied === "every") {
      generations.everyGuestPage++;
      guestEntries.clear();
    } else {
      guestEntries.deleteWhere((entry) => entry.scope === "all");
    }
  }

  /** After a write through this instance: what it empties, from whether the shared version moved. */
  async function guestPagesEmptiedBy(): Promise<GuestPagesEmptied> {
    if (!options.sharedPageVersion) return "every";
    try {
      const version = await options.sharedPageVersion();
      const moved = version !== lastSharedVersion;
      lastSharedVersion = version;
      return moved ? "every" : "seeing-every-write";
    } catch {
      // The version out of reach: the safe answer.
      return "every";
    }
  }

  async function replay(entry: Entry, req: Request, res: Response) {
    const [token, setCookie] = await (await csrf()).commitToken(toHeaders(req));
    const nonce = String(res.locals.cspNonce ?? "");
    const values = entry.holes.map((hole) => (hole === "nonce" ? nonce : token));
    res.status(entry.status);
    for (const [name, value] of entry.headers) res.setHeader(name, value);
    if (setCookie) res.append("Set-Cookie", setCookie);
    res.setHeader("x-page-cache", "hit");
    res.vary("Accept-Encoding");
    if (req.acceptsEncodings("gzip") === "gzip") {
      // The kept page is not compressed again: its parts were, once, and the visitor's values go in between.
      // (The compression middleware leaves an answer that has its Content-Encoding alone.)
      // A failed compression is not kept: the next replay tries again.
      entry.compressed ??= gzipSplicer.compress(entry.parts).catch((error: unknown) => {
        entry.compressed = undefined;
        throw error;
      });
      const body = gzipSplicer.splice(await entry.compressed, values);
      res.setHeader("Content-Encoding", "gzip");
      res.setHeader("Content-Length", body.length);
      res.end(body);
      return;
    }
    res.end(fillHoles(entry, { nonce, csrf: token }));
  }

  function capture(
    entries: Entries,
    key: string,
    { version, scope }: { version: string | null; scope: PageDataScope },
    ttlMs: number,
    req: Request,
    res: Response,
  ) {
    const chunks: Buffer[] = [];
    const renderedIn = { ...generations };
    // The encoding of the body as the page handler wrote it, read before the compression middleware (which writes
    // below this capture) sets its own: a reused document comes gzip already (ADR 0143), a rendered one plain.
    let bodyEncoding: string | undefined;
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      bodyEncoding ??= String(res.getHeader("content-encoding") ?? "identity");
      if (chunk) chunks.push(toBuffer(chunk));
      return write(chunk, ...rest);
    }) as Response["write"];
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      bodyEncoding ??= String(res.getHeader("content-encoding") ?? "identity");
      if (chunk && typeof chunk !== "function") chunks.push(toBuffer(chunk));
      const result = end(chunk, ...rest);
      // A page that cannot be stored is simply not kept: the answer has gone out already.
      const body = { bytes: Buffer.concat(chunks), encoding: bodyEncoding };
      store(entries, key, { version, scope, expiresAt: now() + ttlMs, renderedIn }, req, res, body).catch(() => undefined);
      return result;
    }) as Response["end"];
    res.setHeader("x-page-cache", "miss");
  }

  async function store(
    entries: Entries,
    key: string,
    { renderedIn, ...validity }: { version: string | null; scope: PageDataScope; expiresAt: number; renderedIn: typeof generations },
    req: Request,
    res: Response,
    body: { bytes: Buffer; encoding: string },
  ) {
    // A client navigation's route data (`.data`, React Router's turbo-stream) is kept like its page.
    const isData = req.path.endsWith(".data");
    if (res.statusCode !== 200 || !String(res.getHeader("content-type") ?? "").startsWith(isData ? "text/x-script" : "text/html")) return;
    if (body.encoding !== "identity" && body.encoding !== "gzip") return;
    // A reused document spliced for this answer (ADR 0143) is kept from its text; any other gzip body is inflated, on
    // this thread (some 10 KB: a fraction of a millisecond, not worth a trip to the thread pool).
    const html = body.encoding === "gzip" ? (splicedText(res.locals, body.bytes) ?? zlib.gunzipSync(body.bytes).toString("utf8")) : body.bytes.toString("utf8");
    const setCookies = [res.getHeader("set-cookie") ?? []].flat().map(String);
    if (setCookies.some((cookie) => !cookie.startsWith(`${CSRF_COOKIE}=`))) return;
    // The token this page was rendered with: the visitor's own, or the one just handed out.
    const cookieHeader = setCookies.length > 0 ? setCookies[0].split(";")[0] : (req.headers.cookie ?? "");
    const token = await (await csrf()).getToken(new Headers({ cookie: cookieHeader }));
    const nonce = String(res.locals.cspNonce ?? "");
    if (!token) return;
    // A page always carries both. Route data carries no script, and the token only when the root's data is in it.
    if (!isData && (!nonce || !html.includes(token))) return;
    const { parts, holes } = cutHoles(html, { nonce, csrf: token });
    const headers = Object.entries(res.getHeaders())
      .filter(([name]) => !PER_RESPONSE_HEADERS.has(name.toLowerCase()) && name.toLowerCase() !== "x-page-cache")
      .map(([name, value]) => [name, String(value)] as [string, string]);
    if (validity.version === null && !renderedBeforeAnyWriteItShows(validity.scope, renderedIn)) return;
    entries.set(key, { ...validity, status: 200, headers, parts, holes });
  }

  /** A guest page is stored only if no write it shows was made while it was rendered. */
  function renderedBeforeAnyWriteItShows(scope: PageDataScope, renderedIn: typeof generations): boolean {
    return scope === "all" ? renderedIn.seeingEveryWrite === generations.seeingEveryWrite : renderedIn.everyGuestPage === generations.everyGuestPage;
  }

  /**
   * After a successful write, before its answer ends: the guest pages it shows are emptied first, on this instance and
   * (through `afterWriteClear`) on the others, so that the writer's next page (a redirect after a form) never comes from
   * before the write.
   */
  function clearOnWrite(req: Request, res: Response, next: NextFunction) {
    if (!MUTATING.has(req.method)) return next();
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    res.end = ((...args: unknown[]) => {
      if (res.statusCode >= 400) return end(...args);
      void guestPagesEmptiedBy()
        .then(async (emptied) => {
          clearGuestPages(emptied);
          await options.afterWriteClear?.(emptied);
        })
        .catch(() => undefined)
        .then(() => end(...args));
      return res;
    }) as Response["end"];
    next();
  }

  function serveGuest(key: string, req: Request, res: Response, next: NextFunction) {
    const entry = wantsFreshRender(req) ? undefined : guestEntries.get(key);
    if (entry && entry.expiresAt > now()) return void replay(entry, req, res).catch(next);
    if (entry) guestEntries.delete(key);
    capture(guestEntries, key, { version: null, scope: pageDataScope(req.path) }, options.ttlMs, req, res);
    next();
  }

  async function serveSession(key: string, sessionId: string, req: Request, res: Response, next: NextFunction) {
    const scope = pageDataScope(req.path);
    const fresh = wantsFreshRender(req);
    const kept = fresh ? undefined : sessionEntries.get(key);
    const rendersAnyway = kept === undefined || kept.expiresAt <= now();
    const version = await options.sessionPageVersion!(sessionId, scope, rendersAnyway ? res : null);
    // Not a live session: the page handler decides what such a cookie gets, and nothing is stored.
    if (version === null) return next();
    const entry = fresh ? undefined : sessionEntries.get(key);
    if (entry && entry.version === version && entry.expiresAt > now()) return replay(entry, req, res);
    if (entry) sessionEntries.delete(key);
    capture(sessionEntries, key, { version, scope }, options.sessionTtlMs ?? options.ttlMs, req, res);
    next();
  }

  function middleware(req: Request, res: Response, next: NextFunction) {
    const cacheable = cacheKey(req);
    if (!cacheable) return next();
    if (cacheable.sessionId === null) return serveGuest(cacheable.key, req, res, next);
    if (!options.sessionPageVersion) return next();
    // The database out of reach: the page is rendered without the cache, and says so itself (a 503 page, ADR 0122).
    serveSession(cacheable.key, cacheable.sessionId, req, res, next).catch((error: unknown) => (isDatabaseUnavailable(error) ? next() : next(error)));
  }

  return {
    middleware,
    clearOnWrite,
    clear,
    clearGuestPages,
    get size() {
      return guestEntries.size + sessionEntries.size;
    },
  };
}

/**
 * The cache key of a page request and its session cookie (null for a guest), or null when the request must not use
 * the cache. Every cookie but the CSRF one is part of the key, the session cookie included: two sessions never share
 * an entry.
 */
export function cacheKey(req: Request): { key: string; sessionId: string | null } | null {
  if (req.method !== "GET") return null;
  if (req.path.startsWith("/back/")) return null;
  const cookies = new Map(Object.entries(parseCookies(req.headers.cookie, { raw: true })));
  if (cookies.has("toast")) return null;
  cookies.delete(CSRF_COOKIE);
  const preferences = [...cookies].sort(([a], [b]) => a.localeCompare(b)).map(([name, value]) => `${name}=${value}`);
  const key = [req.headers.host ?? "", req.originalUrl, req.headers["accept-language"] ?? "", preferences.join("; ")].join("\n");
  return { key, sessionId: cookies.get(SESSION_COOKIE) ?? null };
}

/**
 * A forced reload (the browser sends `Cache-Control: no-cache`, or `Pragma: no-cache`) is rendered afresh, and its
 * render replaces the kept page. The bench measures renders this way too.
 */
export function wantsFreshRender(req: Request): boolean {
  return /\bno-cache\b/i.test(String(req.headers["cache-control"] ?? "")) || /\bno-cache\b/i.test(String(req.headers.pragma ?? ""));
}

function toHeaders(req: Request): Headers {
  return new Headers(req.headers.cookie ? { cookie: req.headers.cookie } : {});
}

function toBuffer(chunk: unknown): Buffer {
  if (Buffer.isBuffer(chunk)) return chunk;
  if (chunk instanceof Uint8Array) return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  return Buffer.from(String(chunk));
}
