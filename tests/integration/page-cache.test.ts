// The guest page micro-cache (server/web/page-cache.ts) on the real platform: a guest page is
// rendered once and replayed with each visitor's own CSP nonce and CSRF token, which then work for a form
// post, and a write empties it. Logged-in pages: session-page-cache.test.ts.
import { describe, expect, test } from "vitest";
import { Agent } from "./support/http.ts";
import { useSuite } from "./support/setup.ts";

const suite = useSuite("pglite", { PAGE_CACHE: "on", PAGE_CACHE_TTL_MS: "60000" });

const formToken = (html: string) => /name="csrf" value="([^"]+)"/.exec(html)?.[1];
const scriptNonces = (html: string) => [...html.matchAll(/<script nonce="([^"]+)"/g)].map((m) => m[1]);
const cspNonce = (headers: Headers) => /'nonce-([^']+)'/.exec(headers.get("content-security-policy") ?? "")?.[1];
const page = (agent: Agent, path = "/catalogue") => agent.get(path, { headers: { accept: "text/html", "accept-language": "fr-FR" } });

describe("guest page cache", () => {
  test("the second guest gets the stored page with their own nonce and CSRF token", async () => {
    const first = await page(new Agent(suite.origin));
    const second = await page(new Agent(suite.origin));
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.headers.get("x-page-cache")).toBe("hit");

    for (const reply of [first, second]) {
      const nonce = cspNonce(reply.headers);
      expect(nonce).toBeTruthy();
      expect(new Set(scriptNonces(reply.text))).toEqual(new Set([nonce]));
      expect(reply.setCookies.some((cookie) => cookie.startsWith("csrf="))).toBe(true);
    }
    expect(cspNonce(first.headers)).not.toBe(cspNonce(second.headers));
    expect(formToken(first.text)).not.toBe(formToken(second.text));
    const normalise = (html: string, reply: typeof first) => html.replaceAll(cspNonce(reply.headers)!, "N").replaceAll(formToken(html)!, "T");
    expect(normalise(second.text, second)).toBe(normalise(first.text, first));
  });

  test("a hit is gzip made of parts compressed once around the visitor's values; a client without gzip gets it plain", async () => {
    const get = (agent: Agent, encoding: string) =>
      agent.get("/catalogue", { headers: { accept: "text/html", "accept-language": "fr-FR", "accept-encoding": encoding } });
    await get(new Agent(suite.origin), "gzip");
    const gzipped = await get(new Agent(suite.origin), "gzip, deflate, br");
    const plain = await get(new Agent(suite.origin), "identity");
    for (const reply of [gzipped, plain]) {
      expect(reply.status).toBe(200);
      expect(reply.headers.get("x-page-cache")).toBe("hit");
      expect(reply.headers.get("vary")).toMatch(/accept-encoding/i);
      expect(new Set(scriptNonces(reply.text))).toEqual(new Set([cspNonce(reply.headers)]));
      expect(reply.text).toContain(`name="csrf" value="${formToken(reply.text)}"`);
      expect(reply.text.trimEnd().endsWith("</html>")).toBe(true);
    }
    expect(gzipped.headers.get("content-encoding")).toBe("gzip");
    expect(plain.headers.get("content-encoding")).toBeNull();
    const normalise = (reply: typeof plain) => reply.text.replaceAll(cspNonce(reply.headers)!, "N").replaceAll(formToken(reply.text)!, "T");
    expect(normalise(gzipped)).toBe(normalise(plain));
  });

  test("a replayed token is the visitor's own: a form posted with it is accepted", async () => {
    const visitor = new Agent(suite.origin);
    await page(visitor);
    const again = await page(visitor);
    expect(again.headers.get("x-page-cache")).toBe("hit");
    // The visitor already holds a CSRF cookie: the page carries that token and sets no new cookie.
    expect(again.setCookies.filter((cookie) => cookie.startsWith("csrf="))).toEqual([]);
    const token = formToken(again.text)!;
    const posted = await visitor.request("POST", "/locale", {
      body: new URLSearchParams({ csrf: token, locale: "es-ES", redirectTo: "/catalogue" }),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(posted.status).toBe(302);
    expect(posted.headers.get("location")).toBe("/catalogar");

    const stranger = await visitor.request("POST", "/locale", {
      body: new URLSearchParams({ csrf: "forged", locale: "es-ES", redirectTo: "/catalogue" }),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(stranger.status).toBe(419);
  });

  test("a client navigation's route data is kept too, with each visitor's own form token", async () => {
    const data = (agent: Agent) => agent.get("/faq.data", { headers: { "accept-language": "fr-FR" } });
    const tokenIn = (payload: string) => /"csrfToken","([^"]+)"/.exec(payload)?.[1];
    const first = await data(new Agent(suite.origin));
    const second = await data(new Agent(suite.origin));
    expect(second.status).toBe(200);
    expect(second.headers.get("x-page-cache")).toBe("hit");
    expect(second.headers.get("content-type")).toMatch(/^text\/x-script/);
    expect(tokenIn(first.text)).toBeTruthy();
    expect(tokenIn(second.text)).not.toBe(tokenIn(first.text));
    expect(second.text.replace(tokenIn(second.text)!, "T")).toBe(first.text.replace(tokenIn(first.text)!, "T"));
    // The page and its data are two entries: the page is still rendered on its first request.
    expect((await page(new Agent(suite.origin), "/faq")).headers.get("x-page-cache")).toBe("miss");
  });

  test("a successful write empties the cache", async () => {
    await page(new Agent(suite.origin), "/faq");
    expect((await page(new Agent(suite.origin), "/faq")).headers.get("x-page-cache")).toBe("hit");
    const writer = new Agent(suite.origin);
    await writer.login("learner@demo.test");
    expect((await page(new Agent(suite.origin), "/faq")).headers.get("x-page-cache")).toBe("miss");
  });
});
