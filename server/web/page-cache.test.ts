import type { AddressInfo } from "node:net";
import express, { type Request } from "express";
import { describe, expect, test } from "vitest";
import type { WebCsrf } from "#core/contract/web-host.ts";
import { cacheKey, createPageCache, wantsFreshRender, type PageCache } from "./page-cache.ts";

type RequestOverrides = { method?: string; path?: string; url?: string; cookie?: string; lang?: string; host?: string; headers?: Record<string, string> };

function request(overrides: RequestOverrides = {}): Request {
  const url = overrides.url ?? "/catalogue?type=video";
  return {
    method: overrides.method ?? "GET",
    path: overrides.path ?? url.split("?")[0],
    originalUrl: url,
    headers: { host: overrides.host ?? "localhost:3000", cookie: overrides.cookie, "accept-language": overrides.lang ?? "fr-FR", ...overrides.headers },
  } as unknown as Request;
}

describe("cacheKey", () => {
  test("a guest GET of a page has a key made of host, URL, language and preference cookies", () => {
    const { key, sessionId } = cacheKey(request({ cookie: "lang=es-ES; cookie_consent=abc" }))!;
    expect(sessionId).toBeNull();
    expect(key).toContain("localhost:3000");
    expect(key).toContain("/catalogue?type=video");
    expect(key).toContain("fr-FR");
    expect(key).toContain("cookie_consent=abc; lang=es-ES");
  });

  test("the CSRF cookie does not split the cache; other cookies and hosts do", () => {
    const keyOf = (overrides: Parameters<typeof request>[0]) => cacheKey(request(overrides))!.key;
    const bare = keyOf({});
    expect(keyOf({ cookie: "csrf=one" })).toBe(bare);
    expect(keyOf({ cookie: "csrf=two" })).toBe(bare);
    expect(keyOf({ cookie: "campus=1" })).not.toBe(bare);
    expect(keyOf({ host: "es.localhost:3000" })).not.toBe(bare);
    expect(keyOf({ lang: "es-ES" })).not.toBe(bare);
  });

  test("a client navigation's route data is kept apart from its page and from other routes' data", () => {
    const page = cacheKey(request({ url: "/catalogue" }))!.key;
    const data = cacheKey(request({ url: "/catalogue.data" }))!.key;
    const partial = cacheKey(request({ url: "/catalogue.data?_routes=routes%2Fcatalogue" }))!.key;
    expect(new Set([page, data, partial]).size).toBe(3);
  });

  test("a logged-in request is keyed by its session cookie: two sessions never share an entry", () => {
    const one = cacheKey(request({ cookie: "sid=one; csrf=a" }))!;
    const two = cacheKey(request({ cookie: "sid=two; csrf=a" }))!;
    expect(one.sessionId).toBe("one");
    expect(two.sessionId).toBe("two");
    expect(one.key).not.toBe(two.key);
    expect(cacheKey(request({ cookie: "sid=one; csrf=b" }))!.key).toBe(one.key);
    expect(cacheKey(request({}))!.key).not.toBe(one.key);
  });

  test.each([
    ["a pending toast", { cookie: "toast=xyz" }],
    ["a logged-in pending toast", { cookie: "sid=abc; toast=xyz" }],
    ["a POST", { method: "POST" }],
    ["a HEAD", { method: "HEAD" }],
    ["the back API", { url: "/back/api/catalogue" }],
  ])("%s is never cached", (_, overrides) => {
    expect(cacheKey(request(overrides))).toBeNull();
  });
});

describe("wantsFreshRender", () => {
  test("a forced reload asks for a fresh render; a plain one or a max-age=0 one does not", () => {
    expect(wantsFreshRender(request({ headers: { "cache-control": "no-cache" } }))).toBe(true);
    expect(wantsFreshRender(request({ headers: { pragma: "no-cache" } }))).toBe(true);
    expect(wantsFreshRender(request({ headers: { "cache-control": "max-age=0" } }))).toBe(false);
    expect(wantsFreshRender(request())).toBe(false);
  });
});

describe("createPageCache on a real server", () => {
  /** A form-token guard with the web tier's contract: one token per visitor, kept in the csrf cookie. */
  const tokenOf = (headers: Headers) => /(?:^|;\s*)csrf=([^;]+)/.exec(headers.get("cookie") ?? "")?.[1] ?? null;
  const csrf: WebCsrf = {
    async commitToken(headers) {
      const token = tokenOf(headers as Headers);
      if (token) return [token, null];
      const fresh = Math.random().toString(36).slice(2);
      return [fresh, `csrf=${fresh}; Path=/; HttpOnly`];
    },
    async getToken(headers) {
      return tokenOf(headers as Headers);
    },
  };

  async function servePages(onRender: (cache: PageCache) => void) {
    const cache = createPageCache({ ttlMs: 60_000, maxEntries: 10, csrf: async () => csrf });
    const app = express();
    let renders = 0;
    app.use((_req, res, next) => {
      res.locals.cspNonce = `nonce${renders}x${Math.random().toString(36).slice(2)}`;
      next();
    });
    app.use(cache.middleware);
    app.get("/page", async (req, res) => {
      renders++;
      const [token, cookie] = await csrf.commitToken(new Headers(req.headers.cookie ? { cookie: req.headers.cookie } : {}));
      if (cookie) res.append("Set-Cookie", cookie);
      onRender(cache);
      res.type("html").send(`<html><script nonce="${res.locals.cspNonce}"></script><form><input name="csrf" value="${token}"></form></html>`);
    });
    const server = app.listen(0);
    await new Promise((resolve) => server.once("listening", resolve));
    const { port } = server.address() as AddressInfo;
    const get = async () => {
      const reply = await fetch(`http://127.0.0.1:${port}/page`, { headers: { "accept-encoding": "gzip" } });
      return { cache: reply.headers.get("x-page-cache"), encoding: reply.headers.get("content-encoding"), text: await reply.text() };
    };
    return { get, close: () => new Promise((resolve) => server.close(resolve)), renders: () => renders };
  }

  test("a page is stored, compressed on its first replay, and replayed as spliced gzip with a fresh nonce and token", async () => {
    const pages = await servePages(() => undefined);
    try {
      const first = await pages.get();
      await new Promise((resolve) => setTimeout(resolve, 50));
      const second = await pages.get();
      expect([first.cache, second.cache]).toEqual(["miss", "hit"]);
      expect(second.encoding).toBe("gzip");
      expect(second.text).toMatch(/^<html><script nonce="nonce1x\w+"><\/script><form><input name="csrf" value="[^"]+"><\/form><\/html>$/);
      expect(pages.renders()).toBe(1);
    } finally {
      await pages.close();
    }
  });

  /**
   * A server with versions by scope (ADR 0141): `versions` are what the database would answer; POST /write stands for
   * a write (its answer waits for `writeGate` when one is set); `onRender` runs inside each page's render.
   */
  async function serveScopedPages(withSharedVersion = true) {
    const versions = { own: 1, all: 1, shared: 1 };
    const asked: string[] = [];
    const emptied: string[] = [];
    let onRender: (() => Promise<void>) | null = null;
    let otherInstances: Promise<void> | null = null;
    const cache = createPageCache({
      ttlMs: 60_000,
      maxEntries: 10,
      csrf: async () => csrf,
      sessionPageVersion: async (_sessionId, scope) => {
        asked.push(scope);
        return String(versions[scope]);
      },
      sharedPageVersion: withSharedVersion ? async () => String(versions.shared) : undefined,
      afterWriteClear: async (kind) => {
        emptied.push(kind);
        await otherInstances;
      },
    });
    const app = express();
    app.use((_req, res, next) => {
      res.locals.cspNonce = "n";
      next();
    });
    app.use(cache.clearOnWrite);
    app.post("/write", (req, res) => {
      if (req.query.shared) versions.shared++;
      res.send("ok");
    });
    app.use(cache.middleware);
    app.get("/{*splat}", async (req, res) => {
      const [token, cookie] = await csrf.commitToken(new Headers(req.headers.cookie ? { cookie: req.headers.cookie } : {}));
      if (cookie) res.append("Set-Cookie", cookie);
      if (onRender) await onRender();
      res.type("html").send(`<html><script nonce="n"></script><h1>${req.path}</h1><input name="csrf" value="${token}"></html>`);
    });
    const server = app.listen(0);
    await new Promise((resolve) => server.once("listening", resolve));
    const { port } = server.address() as AddressInfo;
    const origin = `http://127.0.0.1:${port}`;
    const get = async (path: string, session?: string) =>
      (await fetch(`${origin}${path}`, { headers: { cookie: `csrf=t${session ? `; ${session}` : ""}` } })).headers.get("x-page-cache");
    const settle = () => new Promise((resolve) => setTimeout(resolve, 30));
    /** Visits until kept (a first answer stores its page after it has gone out). */
    const keep = async (path: string, session?: string) => {
      await get(path, session);
      await settle();
      expect(await get(path, session)).toBe("hit");
    };
    return {
      versions,
      asked,
      emptied,
      get,
      keep,
      settle,
      write: async (shared: boolean) => expect((await fetch(`${origin}/write${shared ? "?shared=1" : ""}`, { method: "POST" })).status).toBe(200),
      renderWith: (work: (() => Promise<void>) | null) => (onRender = work),
      /** What the other instances' clears take: a write's answer waits for it. */
      otherInstancesClear: (done: Promise<void> | null) => (otherInstances = done),
      close: () => new Promise((resolve) => server.close(resolve)),
    };
  }

  test("a session's page stays after a write while the version of its scope is unchanged (ADR 0141)", async () => {
    const pages = await serveScopedPages();
    try {
      await pages.keep("/catalogue", "sid=a");
      await pages.keep("/admin", "sid=a");
      expect(pages.asked).toContain("own");
      expect(pages.asked).toContain("all");

      await pages.write(true);
      expect(await pages.get("/catalogue", "sid=a")).toBe("hit");
      expect(await pages.get("/admin", "sid=a")).toBe("hit");

      pages.versions.all++;
      expect(await pages.get("/catalogue", "sid=a")).toBe("hit");
      expect(await pages.get("/admin", "sid=a")).toBe("miss");
      pages.versions.own++;
      expect(await pages.get("/catalogue", "sid=a")).toBe("miss");
    } finally {
      await pages.close();
    }
  });

  test("a write's answer ends after the other instances emptied their guest pages (ADR 0151)", async () => {
    const pages = await serveScopedPages();
    try {
      let cleared!: () => void;
      pages.otherInstancesClear(new Promise<void>((resolve) => (cleared = resolve)));
      let answered = false;
      const write = pages.write(true).then(() => (answered = true));
      // This instance has emptied its pages and handed the clear on; the answer waits for the others.
      await expect.poll(() => pages.emptied).toEqual(["every"]);
      await pages.settle();
      expect(answered).toBe(false);
      cleared();
      await write;
      expect(answered).toBe(true);
    } finally {
      await pages.close();
    }
  });

  test("a write empties the guest pages that show it, before its answer ends (ADR 0141)", async () => {
    const pages = await serveScopedPages();
    try {
      // The first write after start knows no earlier shared version: every guest page goes.
      await pages.keep("/catalogue");
      await pages.write(false);
      expect(await pages.get("/catalogue")).toBe("miss");

      // A write that leaves the shared version (another learner's bookmark): only the pages that see every write go.
      await pages.settle();
      await pages.keep("/catalogue");
      await pages.keep("/admin");
      await pages.write(false);
      expect(await pages.get("/catalogue")).toBe("hit");
      expect(await pages.get("/admin")).toBe("miss");

      // A shared write (a training changed): every guest page goes, already when its answer arrives.
      await pages.settle();
      await pages.keep("/admin");
      await pages.write(true);
      expect(await pages.get("/catalogue")).toBe("miss");
      expect(await pages.get("/admin")).toBe("miss");
      expect(pages.emptied).toEqual(["every", "seeing-every-write", "every"]);
    } finally {
      await pages.close();
    }
  });

  test("without the shared version, every write empties every guest page", async () => {
    const pages = await serveScopedPages(false);
    try {
      await pages.keep("/catalogue");
      await pages.write(false);
      await pages.write(false);
      expect(await pages.get("/catalogue")).toBe("miss");
      expect(pages.emptied).toEqual(["every", "every"]);
    } finally {
      await pages.close();
    }
  });

  test("a guest page rendered while a write was made is stored only if that write does not show on it", async () => {
    const pages = await serveScopedPages();
    try {
      await pages.write(false); // the first write reads the shared version
      for (const [path, shared, kept] of [
        ["/catalogue", false, true],
        ["/admin", false, false],
        ["/catalogue", true, false],
      ] as const) {
        let wrote = false;
        pages.renderWith(async () => {
          if (wrote) return;
          wrote = true;
          await pages.write(shared);
        });
        expect(await pages.get(`${path}?case=${String(shared)}`)).toBe("miss");
        pages.renderWith(null);
        await pages.settle();
        expect(await pages.get(`${path}?case=${String(shared)}`), `${path}, shared write ${String(shared)}`).toBe(kept ? "hit" : "miss");
      }
    } finally {
      await pages.close();
    }
  });

  test("a page whose render saw a clear (a write) is not stored: it may predate the write", async () => {
    let clears = 1;
    const pages = await servePages((cache) => {
      if (clears-- > 0) cache.clear();
    });
    try {
      await pages.get();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect((await pages.get()).cache).toBe("miss");
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect((await pages.get()).cache).toBe("hit");
    } finally {
      await pages.close();
    }
  });
});
