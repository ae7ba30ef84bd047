// The web tier's back client (app/lib/back.server.ts) against the real platform, in both
// transports: in process (the Hono app's fetch) and HTTP (BACK_URL).
import { randomUUID } from "node:crypto";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { z } from "zod";
import { BackClient, BackError, BackReplyMismatch, type BackTransport } from "../../app/lib/back.server.ts";
import { NoDataSchema } from "#core/contract/common.ts";
import { endpoint } from "#core/contract/endpoint.ts";
import { accountEndpoints } from "#core/contract/endpoints/account.ts";
import { authEndpoints } from "#core/contract/endpoints/auth.ts";
import { platformEndpoints } from "#core/contract/endpoints/platform.ts";
import { profileEndpoints } from "#core/contract/endpoints/profile.ts";
import { CurrentUserSchema } from "#core/contract/user.ts";
import { backends } from "./support/database.ts";
import { expectEnvelope, parseSetCookie } from "./support/http.ts";
import { startTestPlatform } from "./support/platform.ts";
import { callInProcess } from "../../server/back/in-process.ts";
import { useSuite } from "./support/setup.ts";

/** Endpoints the back API does not serve, to see the client's handling of what comes back. */
const missing = endpoint({ method: "GET", path: "/no/such/path", reply: NoDataSchema, access: "public" });
const anything = endpoint({ method: "GET", path: "/anything", reply: z.strictObject({ plain: z.boolean() }), access: "public" });
const nothing = endpoint({ method: "GET", path: "/anything", reply: NoDataSchema, access: "public" });
const withQuery = endpoint({
  method: "GET",
  path: "/user",
  query: z.strictObject({ a: z.string().optional(), empty: z.string().optional(), none: z.string().optional() }),
  reply: CurrentUserSchema,
  access: "public",
});

type Mode = "in-process" | "http";
type Locale = ConstructorParameters<typeof BackClient>[0]["locale"];

/** What a browser keeps between requests: the cookies the web tier handed on. */
function browserJar(setCookies: string[], jar = new Map<string, string>()) {
  for (const header of setCookies) {
    const { name, value, attributes } = parseSetCookie(header);
    if (!value || attributes["max-age"] === "0") jar.delete(name);
    else jar.set(name, value);
  }
  return jar;
}
const cookieHeader = (jar: Map<string, string>) => [...jar].map(([n, v]) => `${n}=${v}`).join("; ") || null;

describe.each(backends())("back client (%s)", (backend) => {
  const suite = useSuite(backend);

  // Requests are logged by x-request-id (one per client), whichever transport carries them.
  const realFetch = globalThis.fetch;
  const watchers = new Map<string, string[]>();
  const record = (request: Pick<Request, "headers" | "method" | "url">) =>
    watchers.get(request.headers.get("x-request-id") ?? "")?.push(`${request.method} ${new URL(request.url).pathname}${new URL(request.url).search}`);

  beforeEach(() => {
    vi.spyOn(globalThis, "fetch").mockImplementation((input, init) => {
      if (input instanceof Request) record(input);
      return realFetch(input, init);
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    watchers.clear();
  });

  function transport(mode: Mode): BackTransport {
    if (mode === "http") return { kind: "http", baseUrl: `${suite.origin}/` };
    return {
      kind: "in-process",
      fetch: async (call, clientIp) => {
        record(call);
        return callInProcess((request) => suite.platform.back.fetch(request, { incoming: { socket: { remoteAddress: clientIp } } }), call);
      },
    };
  }

  function client(mode: Mode, options: { cookie?: string | null; locale?: Locale; calls?: string[] } = {}) {
    const requestId = randomUUID();
    if (options.calls) watchers.set(requestId, options.calls);
    return new BackClient({
      transport: transport(mode),
      cookieHeader: options.cookie ?? null,
      locale: options.locale ?? "fr-FR",
      host: "localhost",
      clientIp: "127.0.0.1",
      requestId,
    });
  }

  describe.each<Mode>(["in-process", "http"])("%s transport", (mode) => {
    test("unwraps the envelope's data", async () => {
      const health = await client(mode).call(platformEndpoints.health);
      expect(health.database).toBe(true);
      expect(await client(mode).call(platformEndpoints.currentUser)).toEqual({ loggedIn: false });
    });

    test("does the CSRF dance once, then forwards cookies both ways", async () => {
      const calls: string[] = [];
      const back = client(mode, { calls });
      const user = await back.call(authEndpoints.login, { body: { email: "learner@demo.test", password: "demo1234" } });
      expect(user).toMatchObject({ loggedIn: true, email: "learner@demo.test" });
      expect(calls).toEqual(["GET /back/sanctum/csrf-cookie", "POST /back/api/login"]);
      // Every Set-Cookie is collected for the browser response: the XSRF token and the session.
      const names = back.setCookieHeaders.map((h) => parseSetCookie(h).name);
      expect(names).toEqual(expect.arrayContaining(["XSRF-TOKEN", "sid"]));
      expect(back.hasCookie("sid")).toBe(true);
      // A second mutation reuses the token.
      await back.call(accountEndpoints.consent, { body: { hasGivenConsent: true } });
      expect(calls.filter((c) => c.includes("csrf-cookie"))).toHaveLength(1);

      // Next browser request: its cookies reach the back API.
      const jar = browserJar(back.setCookieHeaders);
      const next = client(mode, { cookie: cookieHeader(jar) });
      expect(await next.call(platformEndpoints.isLogged)).toEqual({ loggedIn: true });
      const logout = client(mode, { cookie: cookieHeader(jar) });
      await logout.call(authEndpoints.logout);
      browserJar(logout.setCookieHeaders, jar);
      expect(jar.has("sid")).toBe(false);
      expect(await client(mode, { cookie: cookieHeader(jar) }).call(platformEndpoints.currentUser)).toEqual({ loggedIn: false });
    });

    test("a browser that already holds the XSRF cookie skips the dance", async () => {
      const first = client(mode);
      await first.call(authEndpoints.logout);
      const jar = browserJar(first.setCookieHeaders);
      const calls: string[] = [];
      await client(mode, { cookie: cookieHeader(jar), calls }).call(authEndpoints.logout);
      expect(calls).toEqual(["POST /back/api/logout"]);
    });

    test("sends the locale: errors come back as BackError in that language", async () => {
      const spanish = client(mode, { locale: "es-ES" });
      const error = await spanish.call(authEndpoints.login, { body: { email: "learner@demo.test", password: "nope" } }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(BackError);
      expect(error).toMatchObject({ name: "BackError", status: 401, message: "Correo electrónico o contraseña incorrectos." });

      const french = client(mode, { locale: "fr-FR" });
      const invalid = (await french.call(authEndpoints.login, { body: { email: "x", password: "" } }).catch((e: unknown) => e)) as BackError;
      expect(invalid.status).toBe(422);
      expect(invalid.message).toBe("Certains champs sont invalides.");
      expect(invalid.fieldErrors).toEqual({ email: ["Saisissez une adresse e-mail valide."], password: ["Ce champ est obligatoire."] });
    });

    test("404, 401 and 419 surface as BackError with the status", async () => {
      await expect(client(mode).call(missing)).rejects.toMatchObject({ status: 404 });
      await expect(client(mode).call(profileEndpoints.profile)).rejects.toMatchObject({ status: 401 });
      // A browser with a stale or forged XSRF cookie: the client sends it, the API refuses it.
      const forged = client(mode, { cookie: "XSRF-TOKEN=forged.token" });
      await expect(forged.call(authEndpoints.logout)).rejects.toMatchObject({ status: 419, name: "BackError" });
    });

    test("query parameters are encoded and empty ones dropped", async () => {
      const calls: string[] = [];
      const back = client(mode, { calls });
      await back.call(withQuery, { query: { a: "x y", empty: "", none: undefined } }).catch(() => {});
      expect(calls).toEqual(["GET /back/api/user?a=x+y"]);
    });
  });

  test("non-envelope replies are wrapped as Success or Error", async () => {
    const fake = (response: Response) =>
      new BackClient({
        transport: { kind: "in-process", fetch: async () => ({ response, envelopeText: null }) },
        cookieHeader: null,
        locale: "en-US",
        host: "localhost",
        clientIp: "127.0.0.1",
      });
    expect(await fake(Response.json({ plain: true })).call(anything)).toEqual({ plain: true });
    const error = (await fake(new Response("Bad gateway from the proxy", { status: 502 }))
      .call(nothing)
      .catch((e) => e)) as BackError;
    expect(error).toBeInstanceOf(BackError);
    expect(error.status).toBe(502);
    expect(error.message).toBe("Bad gateway from the proxy");
  });

  test("a reply that does not match its contract schema is an error, not a cast (a renamed field, an extra one)", async () => {
    const fake = (data: unknown) =>
      new BackClient({
        transport: { kind: "in-process", fetch: async () => ({ response: Response.json({ status: "Success", message: "", data }), envelopeText: null }) },
        cookieHeader: null,
        locale: "en-US",
        host: "localhost",
        clientIp: "127.0.0.1",
      });
    expect(await fake({ database: true, latencyMs: 1.5 }).call(platformEndpoints.health)).toEqual({ database: true, latencyMs: 1.5 });
    const renamed = await fake({ database: true, latency: 1.5 })
      .call(platformEndpoints.health)
      .catch((e: unknown) => e);
    expect(renamed).toBeInstanceOf(BackReplyMismatch);
    expect(renamed).not.toBeInstanceOf(BackError); // a loader's `instanceof BackError` fallback must not hide it
    expect((renamed as BackReplyMismatch).message).toMatch(/GET \/health.*latencyMs/s);
    await expect(fake({ loggedIn: true }).call(authEndpoints.login, { body: { email: "learner@demo.test", password: "demo1234" } })).rejects.toBeInstanceOf(
      BackReplyMismatch,
    );
  });

  test("pages see the browser's session through either transport (in process, and BACK_URL over HTTP)", { timeout: 120_000 }, async () => {
    const web = await startTestPlatform(suite.database, { BACK_URL: suite.origin });
    try {
      const agent = suite.agent();
      expectEnvelope(await agent.login("learner@demo.test"), 200);
      for (const origin of [suite.origin, web.origin]) {
        const guest = await fetch(`${origin}/`, { headers: { "accept-language": "fr-FR" } });
        expect(guest.status).toBe(200);
        const guestHtml = await guest.text();
        expect(guestHtml).toMatch(/<html/i);
        const page = await fetch(`${origin}/`, { headers: { "accept-language": "fr-FR", cookie: agent.cookieHeader() } });
        expect(page.status).toBe(200);
        const html = await page.text();
        expect(html, origin).toContain("Julie"); // the learner's first name, in the header
        expect(guestHtml.match(/Julie/g)?.length ?? 0).toBeLessThan(html.match(/Julie/g)!.length);
      }
    } finally {
      await web.close();
    }
  });
});
