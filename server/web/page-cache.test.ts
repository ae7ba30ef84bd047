import type { Request } from "express";
import { describe, expect, test } from "vitest";
import { cacheKey, cutHoles, wantsFreshRender } from "./page-cache.ts";

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

describe("cutHoles", () => {
  test("cuts every nonce and token in document order", () => {
    const html = `<script nonce="N1">a</script><input value="T1"><script nonce="N1">b</script>"T1"`;
    const { parts, holes } = cutHoles(html, { nonce: "N1", csrf: "T1" });
    expect(holes).toEqual(["nonce", "csrf", "nonce", "csrf"]);
    expect(parts).toEqual(['<script nonce="', '">a</script><input value="', '"><script nonce="', '">b</script>"', '"']);
    const filled = parts.reduce((html, part, i) => html + (i > 0 ? (holes[i - 1] === "nonce" ? "N2" : "T2") : "") + part, "");
    expect(filled).toBe(html.replaceAll("N1", "N2").replaceAll("T1", "T2"));
  });

  test("an empty value is not cut (route data has no nonce)", () => {
    expect(cutHoles('["csrfToken","T1"]', { nonce: "", csrf: "T1" })).toEqual({ parts: ['["csrfToken","', '"]'], holes: ["csrf"] });
  });

  test("a page without them is one part", () => {
    expect(cutHoles("<p>hello</p>", { nonce: "N", csrf: "T" })).toEqual({ parts: ["<p>hello</p>"], holes: [] });
  });
});
