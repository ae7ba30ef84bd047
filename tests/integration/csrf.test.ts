// Every mutating /back endpoint (discovered from the Hono route table) refuses a missing, wrong
// or forged X-XSRF-TOKEN with 419, and nothing is written.
import { describe, expect, test } from "vitest";
import { createCsrfToken } from "../../server/back/http/csrf.ts";
import { backends, tableCounts } from "./support/database.ts";
import { Agent, expectEnvelope } from "./support/http.ts";
import { TEST_SECRET } from "./support/platform.ts";
import { useSuite } from "./support/setup.ts";

const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"]);
/**
 * Server-to-server posts that no browser makes and no CSRF cookie can come with: the provider's signature
 * authenticates them instead (ADR 0031). Checked below: unsigned, they are refused and nothing is written.
 */
const SIGNED_INSTEAD = new Set(["POST /back/api/shop/payments/notify/:provider"]);

function samplePath(path: string): string {
  return path.replace(/:(\w+)(\{[^}]*\})?/g, (_, name: string) => (name.toLowerCase().includes("email") ? "someone%40demo.test" : "1"));
}

/** What an attacker can send with the victim's cookies, for a path. */
type Variant = { name: string; headers(agent: Agent): Record<string, string> };

describe.each(backends())("CSRF on mutating endpoints (%s)", (backend) => {
  const suite = useSuite(backend);

  function mutatingRoutes() {
    const seen = new Set<string>();
    const routes: { method: string; path: string }[] = [];
    for (const route of suite.platform.back.routes) {
      if (!MUTATING.has(route.method) || route.path.includes("*")) continue;
      const key = `${route.method} ${route.path}`;
      if (SIGNED_INSTEAD.has(key)) continue;
      if (seen.has(key)) continue;
      seen.add(key);
      routes.push({ method: route.method, path: samplePath(route.path) });
    }
    return routes;
  }

  test("the route table lists the known mutations", () => {
    const list = mutatingRoutes().map((r) => `${r.method} ${r.path}`);
    expect(list).toContain("POST /back/api/login");
    expect(list).toContain("POST /back/api/logout");
    expect(list).toContain("POST /back/api/admin/catalog/trainings");
    expect(list).toContain("POST /back/api/admin/sessions/1/cancel");
    // The catalogue tool's edits, moves and deletions (ADR 0080).
    expect(list).toEqual(
      expect.arrayContaining(
        [
          "courses/1",
          "courses/1/move",
          "courses/1/delete",
          "modules/1",
          "modules/1/move",
          "modules/1/delete",
          "programmes/1",
          "programmes/1/delete",
          "quizzes/1",
          "quizzes/1/delete",
          "questions/1",
          "questions/1/move",
          "questions/1/delete",
          "trainings/1/details",
          "trainings/1/pass-rules",
        ].map((path) => `POST /back/api/admin/catalog/${path}`),
      ),
    );
    expect(list).toEqual(
      expect.arrayContaining(["POST /back/api/admin/sessions/1/waiting-list/promote", "POST /back/api/admin/sessions/1/waiting-list/remove"]),
    );
    // The credit note of an invoice (ADR 0094).
    expect(list).toContain("POST /back/api/admin/invoices/1/creditNote");
    // Funding requests and collective plans (pharma-b): POST and PUT dpec/action, creations.
    // The team history export job (ADR 0076).
    expect(list).toContain("POST /back/api/referent/history/exports");
    // Audit evidence packs (ADR 0127).
    expect(list).toEqual(expect.arrayContaining(["POST /back/api/admin/evidence-packs", "POST /back/api/referent/evidence-packs"]));
    expect(list).toEqual(
      expect.arrayContaining([
        "POST /back/api/referent/dpec/add",
        "POST /back/api/referent/dpec/action",
        "PUT /back/api/referent/dpec/action",
        "POST /back/api/referent/createTrainingPlan",
        "POST /back/api/referent/createActivity",
      ]),
    );
    // The attribution of bought trainings (ADR 0070).
    expect(list).toContain("POST /back/api/referent/attributeApprenants");
    // A quiz training's flow (issue 28).
    expect(list).toContain("POST /back/api/user/quiz/currentFlow/1");
    // The buyer's billing details asked at checkout (ADR 0102).
    expect(list).toContain("POST /back/api/shop/billingDetails");
    // The public sign-up and its confirmation (ADR 0109).
    expect(list).toEqual(expect.arrayContaining(["POST /back/api/signUp", "POST /back/api/signUp/confirm", "POST /back/api/signUp/resendConfirmation"]));
  });

  /** The agent's cookies with XSRF-TOKEN replaced (or removed when value is null). */
  function cookiesWith(agent: Agent, value: string | null): string {
    const cookies = [...agent.cookies].filter(([n]) => n !== "XSRF-TOKEN").map(([n, v]) => `${n}=${v}`);
    if (value !== null) cookies.push(`XSRF-TOKEN=${encodeURIComponent(value)}`);
    return cookies.join("; ");
  }

  const variants: Variant[] = [
    { name: "no X-XSRF-TOKEN header", headers: () => ({}) },
    { name: "a wrong header", headers: () => ({ "x-xsrf-token": "wrong-token" }) },
    { name: "another visitor's valid token in the header", headers: () => ({ "x-xsrf-token": createCsrfToken(TEST_SECRET) }) },
    { name: "a forged, unsigned cookie and the same header", headers: (a) => ({ cookie: cookiesWith(a, "forged.value"), "x-xsrf-token": "forged.value" }) },
    {
      name: "a token signed with another secret in cookie and header",
      headers: (a) => {
        const token = createCsrfToken("another-secret-0123456789abcdefgh");
        return { cookie: cookiesWith(a, token), "x-xsrf-token": token };
      },
    },
    {
      name: "the header without the cookie",
      headers: (a) => ({ cookie: cookiesWith(a, null), "x-xsrf-token": decodeURIComponent(a.cookies.get("XSRF-TOKEN") ?? "") }),
    },
  ];

  test.each(variants.map((v) => [v.name, v] as const))("419 and nothing written with %s", async (_name, variant) => {
    // A logged-in victim: the attack rides on their session cookie.
    const victim = suite.agent({ "accept-language": "fr-FR" });
    expectEnvelope(await victim.login("learner@demo.test"), 200);
    const before = await tableCounts(suite.db);
    for (const route of mutatingRoutes()) {
      const reply = await victim.request(route.method, route.path, {
        json: { email: "learner@demo.test", password: "demo1234", mobilePhone: "0611111111", hasGivenConsent: true },
        headers: variant.headers(victim),
        csrf: false,
      });
      expect(reply.status, `${route.method} ${route.path}`).toBe(419);
      expectEnvelope(reply, 419);
      expect(reply.body.message).toMatch(/CSRF/);
      expect(reply.setCookies, `${route.method} ${route.path} set no cookie`).toEqual([]);
    }
    expect(await tableCounts(suite.db)).toEqual(before);
    // The victim's session survived every forged logout.
    expect((await victim.get("/back/api/user/isLogged")).body.data).toEqual({ loggedIn: true });
  });

  test("the payment notifications, exempt from CSRF, refuse any request without the provider's signature (403, nothing written)", async () => {
    const listed = suite.platform.back.routes.map((r) => `${r.method} ${r.path}`);
    for (const key of SIGNED_INSTEAD) expect(listed).toContain(key);
    const victim = suite.agent({ "accept-language": "fr-FR" });
    expectEnvelope(await victim.login("learner@demo.test"), 200);
    const before = await tableCounts(suite.db);
    for (const provider of ["sandbox", "systempay"]) {
      for (const variant of variants) {
        const reply = await victim.request("POST", `/back/api/shop/payments/notify/${provider}`, {
          json: { orderId: 1, transactionId: "x", status: "paid", amountCents: 0, currency: "EUR" },
          headers: variant.headers(victim),
          csrf: false,
        });
        expectEnvelope(reply, 403);
      }
    }
    expect(await tableCounts(suite.db)).toEqual(before);
  });

  test("the same requests with the right token go through", async () => {
    const agent = suite.agent();
    const token = await agent.csrf();
    const login = await agent.post("/back/api/login", { email: "learner@demo.test", password: "demo1234" }, { headers: { "x-xsrf-token": token } });
    expectEnvelope(login, 200);
    const consent = await agent.post("/back/api/user/consent", { hasGivenConsent: true });
    expectEnvelope(consent, 200);
    const logout = await agent.post("/back/api/logout", {});
    expectEnvelope(logout, 200);
  });

  test("the XSRF-TOKEN cookie is readable by scripts, SameSite=Lax, and signed", async () => {
    const agent = suite.agent();
    const reply = await agent.get("/back/sanctum/csrf-cookie");
    const header = reply.setCookies.find((c) => c.startsWith("XSRF-TOKEN="));
    expect(header).toBeDefined();
    expect(header).not.toMatch(/HttpOnly/i);
    expect(header).toMatch(/SameSite=Lax/);
    expect(decodeURIComponent(agent.cookies.get("XSRF-TOKEN")!)).toMatch(/^[\w-]+\.[\w-]+$/);
  });

  test("GET requests need no token", async () => {
    const reply = await suite.agent().get("/back/api/user");
    expectEnvelope(reply, 200);
  });
  test("the pharmacy's reads (last order, an order, bonificaciones invoices) are plain GETs: no token, nothing written, none in the mutating list", async () => {
    const holder = suite.agent({ "accept-language": "fr-FR" });
    expectEnvelope(await holder.login("holder@demo.test"), 200);
    const last = await holder.request("GET", "/back/api/referent/getLastCommand", { csrf: false });
    expectEnvelope(last, 200);
    const before = await tableCounts(suite.db);
    for (const path of [
      `/back/api/referent/getCommand/${last.body.data.id}`,
      "/back/api/referent/getLastCommand",
      "/back/api/referent/bonificacionesInvoices",
    ]) {
      for (const variant of variants) expectEnvelope(await holder.request("GET", path, { headers: variant.headers(holder), csrf: false }), 200);
    }
    expect(await tableCounts(suite.db)).toEqual(before);
    const mutating = mutatingRoutes().map((r) => r.path);
    for (const path of ["/back/api/referent/getLastCommand", "/back/api/referent/getCommand/1", "/back/api/referent/bonificacionesInvoices"])
      expect(mutating).not.toContain(path);
  });

  test("the referent's GETs that change state (contract offer, signature, signature with payment) need the token: 419 for every forgery, nothing written", async () => {
    const victim = suite.agent({ "accept-language": "fr-FR" });
    expectEnvelope(await victim.login("holder@demo.test"), 200);
    const before = await tableCounts(suite.db);
    for (const path of [
      "/back/api/referent/updateToNextContractProduct",
      "/back/api/referent/contract/sign/1",
      "/back/api/referent/contract/signContractSystemPay/1",
    ]) {
      for (const variant of variants) {
        const reply = await victim.request("GET", path, { headers: variant.headers(victim), csrf: false });
        expect(reply.status, `${variant.name} ${path}`).toBe(419);
      }
    }
    expect(await tableCounts(suite.db)).toEqual(before);
  });
});
