// Who may do what, across brands and accounts (ADR 0017):
// - a session belongs to the platform of its account (or user): on another brand's host it is no session at all,
//   for brand-scoped reads (catalogue, training details, bookmarks, user data) and writes (subscribe, bookmark,
//   profile); the `platform` field of the body is never trusted;
// - connectAs and setAccountId only open accounts the contact is an active member of; a refusal changes nothing;
// - read-only contracts cannot bookmark; CSRF-guarded GETs answer 419 before 401; "remember me" sets the cookie.
// The platform trusts X-Forwarded-Host here (TRUST_PROXY=true) so that one server plays every brand's host.
import { and, eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { accounts, authTokens, enrolments, memberships, notifications, sessions, trainings, users } from "../../server/db/schema/index.ts";
import { CAMPUS_COOKIE } from "#core/branding/resolve-brand.ts";
import { fillPath, pathParamNames, type Endpoint } from "#core/contract/endpoint.ts";
import { ENDPOINTS } from "#core/contract/endpoints/index.ts";
import { ACCESS_RULES, PERMISSIONS, type PermissionName, type PermissionUser } from "#core/domain/permissions.ts";
import { translator } from "../../server/back/i18n/messages.ts";
import { ALL_KINDS, passes, USER_KINDS, WHO_PASSES, type UserKind } from "../support/permission-table.ts";
import { backends, tableCounts } from "./support/database.ts";
import { Agent, expectEnvelope, parseSetCookie } from "./support/http.ts";
import { useSuite } from "./support/setup.ts";

const HOSTS = { fr: "localhost", be: "be.localhost", es: "es.localhost" } as const;
type HostBrand = keyof typeof HOSTS;
const BRAND_KEYS = Object.keys(HOSTS) as HostBrand[];
/** One learner per brand, each a member of a pharmacy of that brand. */
const LEARNERS: Record<HostBrand, string> = { fr: "learner@demo.test", be: "referent.be@demo.test", es: "learner.es@demo.test" };
const LANGUAGE: Record<HostBrand, string> = { fr: "fr-FR", be: "fr-BE", es: "es-ES" };

type Training = { id: number; slug: string };

describe.each(backends())("authorization matrix (%s)", (backend) => {
  const suite = useSuite(backend, { TRUST_PROXY: "true" });

  const on = (brand: HostBrand, extra: Record<string, string> = {}) =>
    suite.agent({ "x-forwarded-host": HOSTS[brand], "accept-language": LANGUAGE[brand], ...extra });

  /** The same browser (cookie jar) sending its requests to another brand's host. */
  function sameCookiesOn(agent: Agent, brand: HostBrand): Agent {
    const moved = on(brand);
    for (const [name, value] of agent.cookies) moved.cookies.set(name, value);
    return moved;
  }

  async function loggedInOn(brand: HostBrand, email: string): Promise<Agent> {
    const agent = on(brand);
    expectEnvelope(await agent.login(email), 200);
    return agent;
  }

  async function firstTraining(brand: HostBrand): Promise<Training> {
    const reply = await on(brand).get("/back/api/catalogue");
    expectEnvelope(reply, 200);
    const [item] = reply.body.data.items as Training[];
    expect(item, `a published training on ${brand}`).toBeDefined();
    return item;
  }

  async function userId(email: string): Promise<number> {
    const [row] = await suite.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    return row.id;
  }

  async function accountIdOf(name: string): Promise<number> {
    const [row] = await suite.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.name, name));
    return row.id;
  }

  describe("every endpoint by its access rule, for every kind of user (tests/support/permission-table.ts)", () => {
    /** Whether the input sent below (every path parameter "x", no query, a JSON array as body) fails its schemas. */
    function rejectsSample(endpoint: Endpoint): boolean {
      const params = Object.fromEntries(pathParamNames(endpoint.path).map((name) => [name, "x"]));
      if (endpoint.params && !endpoint.params.safeParse(params).success) return true;
      if (endpoint.query && !endpoint.query.safeParse({}).success) return true;
      return endpoint.method !== "GET" && typeof endpoint.body === "object" && !endpoint.body.safeParse([0]).success;
    }

    test(
      "who fails the rule gets a 401 (a guest) or its 403, and nothing changes; who passes it reaches the input check (422)",
      { timeout: 300_000 },
      async () => {
        const t = translator("fr-FR");
        const agents = {} as Record<UserKind, Agent>;
        const users = {} as Record<UserKind, PermissionUser>;
        for (const kind of ALL_KINDS) {
          const email = USER_KINDS[kind];
          const agent = email ? await loggedInOn("fr", email) : on("fr");
          if (!email) await agent.csrf();
          agents[kind] = agent;
          users[kind] = (await agent.get("/back/api/user")).body.data as PermissionUser;
        }
        // The kinds of the table are the demo users as the API describes them.
        for (const kind of ALL_KINDS) {
          for (const rule of Object.keys(WHO_PASSES) as PermissionName[]) expect(PERMISSIONS[rule](users[kind]), `${kind} ${rule}`).toBe(passes(kind, rule));
        }

        const before = await tableCounts(suite.db);
        const wrong: string[] = [];
        let reachedInput = 0;
        for (const endpoint of ENDPOINTS) {
          const { rule, refusal } = ACCESS_RULES[endpoint.access];
          const path = `/back/api${fillPath(endpoint.path, Object.fromEntries(pathParamNames(endpoint.path).map((name) => [name, "x"])))}`;
          const rejected = rejectsSample(endpoint);
          for (const kind of ALL_KINDS) {
            const pass = passes(kind, rule);
            if (pass && !rejected) continue;
            const agent = agents[kind];
            const csrf: Record<string, string> = endpoint.changesState ? { "x-xsrf-token": decodeURIComponent(agent.cookies.get("XSRF-TOKEN")!) } : {};
            const reply = await agent.request(endpoint.method, path, { headers: csrf, ...(endpoint.method === "GET" ? {} : { json: [0] }) });
            const expected = pass
              ? { status: 422 }
              : kind === "guest"
                ? { status: 401, message: t("unauthenticated") }
                : { status: 403, message: t(refusal?.(users[kind]) ?? "forbidden") };
            const got = { status: reply.status, ...(expected.message === undefined ? {} : { message: reply.body?.message }) };
            if (pass) reachedInput++;
            if (JSON.stringify(got) !== JSON.stringify(expected)) {
              wrong.push(`${kind} ${endpoint.method} ${endpoint.path} (${endpoint.access}): ${JSON.stringify(got)}, expected ${JSON.stringify(expected)}`);
            }
          }
        }
        expect(wrong).toEqual([]);
        expect(reachedInput).toBeGreaterThan(300);
        expect(await tableCounts(suite.db)).toEqual(before);
      },
    );
  });

  describe("brand crossing: each brand's session on each other brand's host", () => {
    const pairs = BRAND_KEYS.flatMap((session) => BRAND_KEYS.filter((host) => host !== session).map((host) => [session, host] as const));

    test.each(pairs)("a %s session on the %s host is a guest there, and nothing is written", async (sessionBrand, hostBrand) => {
      const home = await loggedInOn(sessionBrand, LEARNERS[sessionBrand]);
      expect((await home.get("/back/api/user")).body.data.loggedIn).toBe(true);
      const training = await firstTraining(hostBrand);
      const guest = on(hostBrand);
      const crossing = sameCookiesOn(home, hostBrand);
      const before = await tableCounts(suite.db);

      // Reads: the user is unknown here; brand-scoped reads are the guest's.
      expectEnvelope(await crossing.get("/back/api/user/isLogged"), 200);
      expect((await crossing.get("/back/api/user/isLogged")).body.data).toEqual({ loggedIn: false });
      expect((await crossing.get("/back/api/user")).body.data).toEqual({ loggedIn: false });
      expectEnvelope(await crossing.get("/back/api/user/bookmarks"), 401);
      expectEnvelope(await crossing.get("/back/api/user/profile"), 401);
      expectEnvelope(await crossing.get(`/back/api/user/enrolment/${training.id}`), 401);
      const detail = await crossing.get(`/back/api/training/${training.slug}`);
      expectEnvelope(detail, 200);
      expect(detail.body.data).toEqual((await guest.get(`/back/api/training/${training.slug}`)).body.data);
      const mine = await crossing.get("/back/api/catalogue?audience=mine");
      expect(mine.body.data).toEqual((await guest.get("/back/api/catalogue?audience=mine")).body.data);

      // Writes: refused as for a guest.
      expectEnvelope(await crossing.post("/back/api/user/formation/subscribe", { trainingId: training.id }), 401);
      expectEnvelope(await crossing.post(`/back/api/user/video/subscribe/${training.id}`, {}), 401);
      expectEnvelope(await crossing.post(`/back/api/course/subscribe/${training.id}`, { sessions: [] }), 401);
      expectEnvelope(await crossing.request("PUT", `/back/api/user/bookmarks/${training.id}`), 401);
      expectEnvelope(await crossing.request("DELETE", `/back/api/user/bookmarks/${training.id}`), 401);
      expectEnvelope(await crossing.post("/back/api/user/updateUserData", { firstName: "Intrus", lastName: "Intrus", profession: "other" }), 401);
      expectEnvelope(await crossing.post("/back/api/user/consent", { hasGivenConsent: false }), 401);
      expectEnvelope(
        await crossing.get(`/back/api/user/pdf/subscribe/${training.id}`, {
          headers: { "x-xsrf-token": decodeURIComponent(crossing.cookies.get("XSRF-TOKEN")!) },
        }),
        401,
      );
      const channel = `private-user.${await userId(LEARNERS[sessionBrand])}`;
      expectEnvelope(await crossing.post("/back/api/broadcasting/auth", { socket_id: "1.1", channel_name: channel }), 401);

      expect(await tableCounts(suite.db)).toEqual(before);
      // Still logged in at home: crossing did not end the session.
      expect((await home.get("/back/api/user")).body.data.loggedIn).toBe(true);
    });

    test("the Spanish campus shares the Spanish host: a Spanish session is valid there", async () => {
      const agent = await loggedInOn("es", LEARNERS.es);
      agent.cookies.set(CAMPUS_COOKIE, "1");
      expect((await agent.get("/back/api/user")).body.data.loggedIn).toBe(true);
    });

    test("login decides the platform from the host, never from the body's platform field", async () => {
      for (const brand of BRAND_KEYS) {
        for (const host of BRAND_KEYS) {
          const agent = on(host);
          await agent.csrf();
          // The body claims the user's own platform: the host still decides.
          const reply = await agent.post("/back/api/login", { email: LEARNERS[brand], password: "demo1234", platform: brand });
          if (brand === host) {
            expectEnvelope(reply, 200);
            continue;
          }
          expectEnvelope(reply, 409);
          expect(reply.setCookies.some((c) => c.startsWith("sid="))).toBe(false);
          const data = reply.body.data as { token: string; contactId: number; platformUrl: string };
          expect(data.platformUrl).toMatch(new RegExp(`^http://${HOSTS[brand].replace(".", "\\.")}(:\\d+)?$`));
          expect(data.token).toMatch(/^[\w-]{20,}$/);
        }
      }
    });

    test("a connect token used on the wrong host answers with a token for the right one, without a session", async () => {
      const agent = on("fr");
      await agent.csrf();
      const first = await agent.post("/back/api/login", { email: LEARNERS.es, password: "demo1234" });
      expectEnvelope(first, 409);
      const { token, contactId } = first.body.data as { token: string; contactId: number };
      const wrongHost = on("be");
      await wrongHost.csrf();
      const reply = await wrongHost.post("/back/api/connectAs", { contactId, token });
      expectEnvelope(reply, 409);
      expect(reply.setCookies.some((c) => c.startsWith("sid="))).toBe(false);
      const arrival = on("es");
      await arrival.csrf();
      expectEnvelope(await arrival.post("/back/api/connectAs", { contactId, token: reply.body.data.token }), 200);
      expect((await arrival.get("/back/api/user")).body.data.email).toBe(LEARNERS.es);
    });
  });

  describe("foreign accounts", () => {
    test("connectAs with an account the contact is not a member of: 403, the token is not spent, nothing changes", async () => {
      // The probe's path: a read-only user borrowing another pharmacy's contract to write.
      const agent = on("es");
      await agent.csrf();
      const redirect = await agent.post("/back/api/login", { email: "readonly@demo.test", password: "demo1234" });
      expectEnvelope(redirect, 409);
      const { token, contactId } = redirect.body.data as { token: string; contactId: number };
      const foreign = await accountIdOf("Pharmacie du Marché");
      const spanishForeign = await accountIdOf("Farmacia Gran Vía");

      const arrival = on("fr");
      await arrival.csrf();
      const before = await tableCounts(suite.db);
      for (const accountId of [foreign, spanishForeign, 999_999]) {
        const refused = await arrival.post("/back/api/connectAs", { contactId, token, accountId });
        expectEnvelope(refused, 403);
        expect(refused.body.message).toBe("Vous n'êtes pas membre de cette pharmacie.");
        expect(refused.setCookies.some((c) => c.startsWith("sid="))).toBe(false);
      }
      expect(await tableCounts(suite.db)).toEqual(before);
      const [row] = await suite.db
        .select({ usedAt: authTokens.usedAt })
        .from(authTokens)
        .where(and(eq(authTokens.userId, contactId), eq(authTokens.kind, "cross_platform")));
      expect(row.usedAt).toBeNull();

      // With the token's own account the arrival works, and the contract stays read-only.
      const ok = await arrival.post("/back/api/connectAs", { contactId, token });
      expectEnvelope(ok, 200);
      expect(ok.body.data.contractType).toBe("readonly");
      const write = await arrival.post("/back/api/user/updateUserData", { firstName: "Paul", lastName: "Pirate", profession: "pharmacist" });
      expectEnvelope(write, 403);
      const [user] = await suite.db.select({ lastName: users.lastName }).from(users).where(eq(users.id, contactId));
      expect(user.lastName).toBe("Renaud");
    });

    test("a session left on a foreign account (as the probe's connectAs did) still gets the user's own read-only rule", async () => {
      const agent = await loggedInOn("fr", "readonly@demo.test");
      const id = await userId("readonly@demo.test");
      await suite.db
        .update(sessions)
        .set({ accountId: await accountIdOf("Pharmacie du Marché") })
        .where(eq(sessions.userId, id));
      const write = await agent.post("/back/api/user/updateUserData", { firstName: "Paul", lastName: "Pirate", profession: "pharmacist" });
      expectEnvelope(write, 403);
      expect(write.body.message).toBe("Votre contrat est en lecture seule : vous ne pouvez rien modifier.");
      expect((await agent.get("/back/api/user")).body.data.contractType).toBe("readonly");
      const [user] = await suite.db.select({ lastName: users.lastName }).from(users).where(eq(users.id, id));
      expect(user.lastName).toBe("Renaud");
    });

    test("a member whose membership was deactivated cannot arrive on that account", async () => {
      const email = "camille.andre@demo.test"; // inactive member of Pharmacie du Vieux-Port
      const id = await userId(email);
      const inactive = await accountIdOf("Pharmacie du Vieux-Port");
      const [membership] = await suite.db
        .select({ isActive: memberships.isActive })
        .from(memberships)
        .where(and(eq(memberships.userId, id), eq(memberships.accountId, inactive)));
      expect(membership.isActive).toBe(false);
      const agent = on("es");
      await agent.csrf();
      const redirect = await agent.post("/back/api/login", { email, password: "demo1234" });
      expectEnvelope(redirect, 409);
      const arrival = on("fr");
      await arrival.csrf();
      expectEnvelope(await arrival.post("/back/api/connectAs", { contactId: id, token: redirect.body.data.token, accountId: inactive }), 403);
    });

    test("setAccountId with a foreign account (same or other brand): 403 and nothing changes", async () => {
      const agent = await loggedInOn("fr", "multi@demo.test");
      const me = (await agent.get("/back/api/user")).body.data as { accounts: { id: number }[]; currentAccountId: number | null };
      const before = await tableCounts(suite.db);
      const [sessionBefore] = await suite.db
        .select({ accountId: sessions.accountId })
        .from(sessions)
        .where(eq(sessions.userId, await userId("multi@demo.test")));
      for (const name of ["Pharmacie du Marché", "Pharmacie du Sablon", "Farmacia Gran Vía"]) {
        const accountId = await accountIdOf(name);
        expect(me.accounts.some((a) => a.id === accountId)).toBe(false);
        const refused = await agent.post("/back/api/user/setAccountId", { accountId, platform: name.startsWith("Farmacia") ? "es" : "fr" });
        expectEnvelope(refused, 403);
        expect(refused.body.message).toBe("Vous n'êtes pas membre de cette pharmacie.");
      }
      expect(await tableCounts(suite.db)).toEqual(before);
      const [sessionAfter] = await suite.db
        .select({ accountId: sessions.accountId })
        .from(sessions)
        .where(eq(sessions.userId, await userId("multi@demo.test")));
      expect(sessionAfter).toEqual(sessionBefore);
      expect((await agent.get("/back/api/user")).body.data.currentAccountId).toBe(me.currentAccountId);
    });
  });

  describe("read-only contracts, CSRF order, remember me", () => {
    test("a read-only user cannot add or remove a bookmark (403, translated), and nothing changes", async () => {
      const training = await firstTraining("fr");
      for (const [language, expected] of [
        ["fr-FR", "Votre contrat est en lecture seule : vous ne pouvez rien modifier."],
        ["es-ES", "Su contrato es de solo lectura: no puede realizar cambios."],
        ["en-US", "Your contract is read-only: you cannot make changes."],
      ] as const) {
        const agent = on("fr", { "accept-language": language });
        expectEnvelope(await agent.login("readonly@demo.test"), 200);
        const before = await tableCounts(suite.db);
        for (const method of ["PUT", "DELETE"]) {
          const reply = await agent.request(method, `/back/api/user/bookmarks/${training.id}`);
          expectEnvelope(reply, 403);
          expect(reply.body.message).toBe(expected);
        }
        expect(await tableCounts(suite.db)).toEqual(before);
        // Reading the bookmarks is still allowed.
        expectEnvelope(await agent.get("/back/api/user/bookmarks"), 200);
      }
    });

    const guardedGets = [
      "/back/api/user/pdf/subscribe/1",
      "/back/api/user/mixt/virtualClass/join/1",
      "/back/api/user/mixt/virtualClass/sessionDateTracking/join/1",
      "/back/api/user/video/module/complete/1",
      "/back/api/user/pdf/module/complete/1",
      "/back/api/user/pdf/module/link/1",
      "/back/api/shop/getPaymentToken",
      "/back/api/shop/payByCheck",
    ];

    test.each(guardedGets)("GET %s without the CSRF header answers 419, logged in or not; with it a guest gets 401", async (path) => {
      const guest = on("fr");
      expectEnvelope(await guest.get(path), 419);
      await guest.csrf();
      expectEnvelope(await guest.get(path), 419);
      expectEnvelope(await guest.get(path, { headers: { "x-xsrf-token": decodeURIComponent(guest.cookies.get("XSRF-TOKEN")!) } }), 401);
      const member = await loggedInOn("fr", "learner@demo.test");
      expectEnvelope(await member.get(path), 419);
    });

    test("remember me: a persistent 30-day cookie; otherwise a browser-session cookie with the normal server expiry", async () => {
      const day = 24 * 3600 * 1000;
      const expiryOf = async (agent: Agent) => {
        const rows = await suite.db.select({ idHash: sessions.idHash, expiresAt: sessions.expiresAt, persistent: sessions.persistent }).from(sessions);
        const { hashSessionId } = await import("../../server/back/http/session.ts");
        return rows.find((r) => r.idHash === hashSessionId(decodeURIComponent(agent.cookies.get("sid")!)))!;
      };

      for (const remember of [true, "on"] as const) {
        const agent = on("fr");
        await agent.csrf();
        const reply = await agent.post("/back/api/login", { email: "nonpharmacist@demo.test", password: "demo1234", remember });
        expectEnvelope(reply, 200);
        const cookie = parseSetCookie(reply.setCookies.find((c) => c.startsWith("sid="))!);
        expect(cookie.attributes["max-age"]).toBe(String(30 * 24 * 3600));
        expect(cookie.attributes.httponly).toBe(true);
        const row = await expiryOf(agent);
        expect(row.persistent).toBe(true);
        expect(Math.abs(row.expiresAt.getTime() - (Date.now() + 30 * day))).toBeLessThan(60_000);
      }

      for (const body of [{}, { remember: false }]) {
        const agent = on("fr");
        await agent.csrf();
        const reply = await agent.post("/back/api/login", { email: "nonpharmacist@demo.test", password: "demo1234", ...body });
        expectEnvelope(reply, 200);
        const cookie = parseSetCookie(reply.setCookies.find((c) => c.startsWith("sid="))!);
        expect(cookie.attributes["max-age"]).toBeUndefined();
        expect(cookie.attributes.expires).toBeUndefined();
        const row = await expiryOf(agent);
        expect(row.persistent).toBe(false);
        expect(Math.abs(row.expiresAt.getTime() - (Date.now() + 14 * day))).toBeLessThan(60_000);
      }

      // A remembered login that goes through another platform stays remembered on arrival.
      const agent = on("fr");
      await agent.csrf();
      const redirect = await agent.post("/back/api/login", { email: LEARNERS.es, password: "demo1234", remember: true });
      expectEnvelope(redirect, 409);
      const arrival = on("es");
      await arrival.csrf();
      const ok = await arrival.post("/back/api/connectAs", { contactId: redirect.body.data.contactId, token: redirect.body.data.token });
      expectEnvelope(ok, 200);
      expect(parseSetCookie(ok.setCookies.find((c) => c.startsWith("sid="))!).attributes["max-age"]).toBe(String(30 * 24 * 3600));
    });
  });
  describe("back office part B (content, FAQ, login image, accounting, checks, invoices and credit notes, codes, users)", () => {
    const MINE = /^\/back\/api\/admin\/(accounting|checks|invoices|content|faq|loginImage|users|discountCodes)(\/|$)/;
    const sample = (path: string) =>
      path
        .replace(/:kind/g, "page")
        .replace(/:brand/g, "fr")
        .replace(/:(\w+)/g, "1");

    test("every endpoint, called anonymously, by a learner and by a referent: 401/403, and nothing changes", async () => {
      const routes = [
        ...new Map(suite.platform.back.routes.filter((r) => r.method !== "ALL" && MINE.test(r.path)).map((r) => [`${r.method} ${r.path}`, r])).values(),
      ];
      expect(routes.length).toBeGreaterThan(25);
      // The credit notes (ADR 0094) are among them.
      expect(routes.map((r) => `${r.method} ${r.path}`)).toEqual(
        expect.arrayContaining(["GET /back/api/admin/invoices", "GET /back/api/admin/invoices/:id/pdf", "POST /back/api/admin/invoices/:id/creditNote"]),
      );
      const visitors: [string | null, number][] = [
        [null, 401],
        [LEARNERS.fr, 403],
        ["holder@demo.test", 403],
        ["referent.be@demo.test", 403],
        ["shop@demo.test", 403],
      ];
      for (const [email, status] of visitors) {
        const brand: HostBrand = email === "referent.be@demo.test" ? "be" : "fr";
        const agent = email ? await loggedInOn(brand, email) : on(brand);
        if (!email) await agent.csrf();
        const before = await tableCounts(suite.db);
        for (const route of routes) {
          const reply = await agent.request(route.method, sample(route.path), route.method === "GET" ? {} : { json: {} });
          expect(reply.status, `${email ?? "guest"} ${route.method} ${route.path}`).toBe(status);
        }
        expect(await tableCounts(suite.db)).toEqual(before);
      }
    });
  });

  describe("billing details (ADR 0102)", () => {
    test("GET and POST shop/billingDetails: 401 anonymous, 403 outside the shop (learner, holder, referent, administrator), a shop customer's own only; nothing written", async () => {
      const body = { address: "1 rue de la Matrice", postalCode: "69001", city: "Lyon" };
      const visitors: [HostBrand, string | null, number][] = [
        ["fr", null, 401],
        ["fr", LEARNERS.fr, 403],
        ["fr", "holder@demo.test", 403],
        ["be", "referent.be@demo.test", 403],
        ["fr", "admin@demo.test", 403],
      ];
      const agents: [Agent, string | null, number][] = [];
      for (const [brand, email, status] of visitors) {
        const agent = email ? await loggedInOn(brand, email) : on(brand);
        if (!email) await agent.csrf();
        agents.push([agent, email, status]);
      }
      const shop = await loggedInOn("fr", "shop@demo.test");
      const { billingProfiles } = await import("../../server/db/schema/index.ts");
      const before = await tableCounts(suite.db);
      const profiles = await suite.db.select().from(billingProfiles);
      for (const [agent, email, status] of agents) {
        expect((await agent.get("/back/api/shop/billingDetails")).status, `${email ?? "guest"} GET`).toBe(status);
        expect((await agent.post("/back/api/shop/billingDetails", body)).status, `${email ?? "guest"} POST`).toBe(status);
      }
      // A shop customer reads their own details, and no id in the request can name anyone else's.
      const own = await shop.get("/back/api/shop/billingDetails");
      expectEnvelope(own, 200);
      expect(own.body.data).toMatchObject({ buyer: "person", address: "8 rue des Lilas", postalCode: "69006", city: "Lyon", missing: [] });
      expectEnvelope(await shop.post("/back/api/shop/billingDetails", { ...body, userId: await userId(LEARNERS.fr) }), 422);
      expect(await tableCounts(suite.db)).toEqual(before);
      expect(await suite.db.select().from(billingProfiles)).toEqual(profiles);
    });
  });

  describe("public sign-up (ADR 0109)", () => {
    test("signUp/form is public; signUp/confirm needs a valid link whoever asks; signUp/resendConfirmation: 401 anonymous, 409 for a confirmed address (learner, holder, shop customer, administrator); nothing written", async () => {
      const visitors: [HostBrand, string | null, number][] = [
        ["fr", null, 401],
        ["fr", LEARNERS.fr, 409],
        ["fr", "holder@demo.test", 409],
        ["be", "referent.be@demo.test", 409],
        ["es", LEARNERS.es, 409],
        ["fr", "shop@demo.test", 409],
        ["fr", "admin@demo.test", 409],
      ];
      const agents: [Agent, string | null, number][] = [];
      for (const [brand, email, status] of visitors) {
        const agent = email ? await loggedInOn(brand, email) : on(brand);
        if (!email) await agent.csrf();
        agents.push([agent, email, status]);
      }
      const before = await tableCounts(suite.db);
      for (const [agent, email, status] of agents) {
        const who = email ?? "guest";
        const form = await agent.get("/back/api/signUp/form");
        expectEnvelope(form, 200);
        expect(form.body.data.formToken, who).toMatch(/^\d+\.[\w-]{43}$/);
        // Someone else's (or no) link confirms nothing, and a logged-in caller stays who they are.
        expectEnvelope(await agent.post("/back/api/signUp/confirm", { token: "x".repeat(43) }), 422);
        expect((await agent.post("/back/api/signUp/resendConfirmation", {})).status, `${who} resendConfirmation`).toBe(status);
        if (email) expect((await agent.get("/back/api/user")).body.data.email, who).toBe(email);
      }
      expect(await tableCounts(suite.db)).toEqual(before);
    });
  });

  describe("credit notes (ADR 0094)", () => {
    test("a real paid invoice, confirmed: 401 anonymous, 403 for a learner, a holder, a referent and a shop customer; no credit note, nothing written", async () => {
      const { invoices } = await import("../../server/db/schema/index.ts");
      const [invoice] = await suite.db.select().from(invoices).where(eq(invoices.kind, "order")).limit(1);
      expect(invoice, "a demo shop invoice").toBeDefined();
      const visitors: [HostBrand, string | null, number][] = [
        ["fr", null, 401],
        ["fr", LEARNERS.fr, 403],
        ["fr", "holder@demo.test", 403],
        ["be", "referent.be@demo.test", 403],
        ["fr", "shop@demo.test", 403],
      ];
      const agents: [Agent, string | null, number][] = [];
      for (const [brand, email, status] of visitors) {
        const agent = email ? await loggedInOn(brand, email) : on(brand);
        if (!email) await agent.csrf();
        agents.push([agent, email, status]);
      }
      const before = await tableCounts(suite.db);
      for (const [agent, email, status] of agents) {
        expect((await agent.post(`/back/api/admin/invoices/${invoice.id}/creditNote`, { confirm: true })).status, `${email ?? "guest"} credit note`).toBe(
          status,
        );
        expect((await agent.get(`/back/api/admin/invoices/${invoice.id}/pdf`)).status, `${email ?? "guest"} pdf`).toBe(status);
        expect((await agent.get("/back/api/admin/invoices")).status, `${email ?? "guest"} list`).toBe(status);
      }
      expect(await tableCounts(suite.db)).toEqual(before);
      expect(await suite.db.select().from(invoices).where(eq(invoices.creditedInvoiceId, invoice.id))).toEqual([]);
    });
  });

  describe("waiting lists of the sessions tool (ADR 0085)", () => {
    test("promote and remove a waiting learner: 401 anonymous, 403 for the waiting learner themselves, a holder and a referent; nothing changes", async () => {
      const { enrolments } = await import("../../server/db/schema/index.ts");
      const learner = await userId(LEARNERS.fr);
      const [waiting] = await suite.db
        .select()
        .from(enrolments)
        .where(and(eq(enrolments.userId, learner), eq(enrolments.status, "waiting_list")))
        .limit(1);
      expect(waiting, "the demo learner waits for a full session").toBeDefined();
      const paths: [string, object][] = [
        [`/back/api/admin/sessions/${waiting.sessionId}/waiting-list/promote`, { enrolmentId: waiting.id, addSeat: true }],
        [`/back/api/admin/sessions/${waiting.sessionId}/waiting-list/remove`, { enrolmentId: waiting.id, confirm: true }],
      ];
      const visitors: [string | null, number][] = [
        [null, 401],
        [LEARNERS.fr, 403],
        ["holder@demo.test", 403],
        ["referent.be@demo.test", 403],
      ];
      // Everyone logged in first: a login writes its session row.
      const agents: [Agent, string | null, number][] = [];
      for (const [email, status] of visitors) {
        const brand: HostBrand = email === "referent.be@demo.test" ? "be" : "fr";
        const agent = email ? await loggedInOn(brand, email) : on(brand);
        if (!email) await agent.csrf();
        agents.push([agent, email, status]);
      }
      const before = await tableCounts(suite.db);
      for (const [agent, email, status] of agents) {
        for (const [path, json] of paths) expect((await agent.post(path, json)).status, `${email ?? "guest"} ${path}`).toBe(status);
      }
      expect(await tableCounts(suite.db)).toEqual(before);
      const [after] = await suite.db.select().from(enrolments).where(eq(enrolments.id, waiting.id));
      expect(after).toMatchObject({ status: "waiting_list", waitingListPosition: waiting.waitingListPosition });
    });
  });

  describe("back office catalogue tool: edits, moves, deletions, objectives/tags/trainers, pass rules (ADRs 0080, 0082, 0107)", () => {
    /** Every endpoint of ADR 0080, with a body an administrator could send. */
    const CATALOGUE_CHANGES: [string, unknown][] = [
      ["/back/api/admin/catalog/courses/1", { name: "Parcours", moduleType: 1, durationMinutes: 10 }],
      ["/back/api/admin/catalog/courses/1/move", { direction: "down" }],
      ["/back/api/admin/catalog/courses/1/delete", { confirm: true }],
      ["/back/api/admin/catalog/modules/1", { title: "Module", type: 1, durationMinutes: 10 }],
      ["/back/api/admin/catalog/modules/1/move", { direction: "down" }],
      ["/back/api/admin/catalog/modules/1/delete", { confirm: true }],
      ["/back/api/admin/catalog/programmes/1", { actionNumber: "12345678901", name: "P", priceHt: "1", durationMinutes: 1 }],
      ["/back/api/admin/catalog/programmes/1/delete", { confirm: true }],
      ["/back/api/admin/catalog/quizzes/1", { title: "Quiz", kind: "evaluation" }],
      ["/back/api/admin/catalog/quizzes/1/delete", { confirm: true }],
      ["/back/api/admin/catalog/questions/1", { text: "Q", kind: "single", choices: "*Oui\nNon" }],
      ["/back/api/admin/catalog/questions/1/move", { direction: "down" }],
      ["/back/api/admin/catalog/questions/1/delete", { confirm: true }],
      ["/back/api/admin/catalog/trainings/1/details", { skills: "", knowledge: "", tags: "", trainers: [] }],
      // The pass rules (ADR 0107).
      ["/back/api/admin/catalog/trainings/1/pass-rules", { attests: "achievement", onFail: "end", countedAttempt: "best" }],
    ];

    test("a guest (401), a learner, a holder, a referent of another brand and a read-only user (403): nothing changes", async () => {
      const listed = new Set(suite.platform.back.routes.filter((r) => r.method === "POST").map((r) => r.path.replace(/:id/g, "1")));
      for (const [path] of CATALOGUE_CHANGES) expect(listed.has(path), path).toBe(true);
      const visitors: [HostBrand, string | null, number][] = [
        ["fr", null, 401],
        ["fr", LEARNERS.fr, 403],
        ["fr", "holder@demo.test", 403],
        ["be", "referent.be@demo.test", 403],
        ["fr", "readonly@demo.test", 403],
      ];
      const agents: [Agent, string | null, number][] = [];
      for (const [brand, email, status] of visitors) {
        const agent = email ? await loggedInOn(brand, email) : on(brand);
        if (!email) await agent.csrf();
        agents.push([agent, email, status]);
      }
      const before = await tableCounts(suite.db);
      for (const [agent, email, status] of agents) {
        for (const [path, json] of CATALOGUE_CHANGES) {
          const reply = await agent.post(path, json);
          expect(reply.status, `${email ?? "guest"} POST ${path}`).toBe(status);
        }
      }
      expect(await tableCounts(suite.db)).toEqual(before);
    });

    test("an administrator's admin session on another brand's host is no session there: 401", async () => {
      const admin = await loggedInOn("fr", "admin@demo.test");
      const elsewhere = sameCookiesOn(admin, "es");
      await elsewhere.csrf();
      const before = await tableCounts(suite.db);
      for (const [path, json] of CATALOGUE_CHANGES) expect((await elsewhere.post(path, json)).status, path).toBe(401);
      expect(await tableCounts(suite.db)).toEqual(before);
    });
  });

  describe("funding requests and collective plans (pharma-b): another pharmacy's ids", () => {
    test("a plain learner, a read-only user and another pharmacy's holder: refused, this pharmacy's rows unchanged", async () => {
      const { fundingRequests, trainingPlans } = await import("../../server/db/schema/index.ts");
      const marche = await accountIdOf("Pharmacie du Marché");
      const [request] = await suite.db.select().from(fundingRequests).where(eq(fundingRequests.accountId, marche)).limit(1);
      const [plan] = await suite.db.select().from(trainingPlans).where(eq(trainingPlans.accountId, marche)).limit(1);
      const rows = async () => ({
        requests: await suite.db.select().from(fundingRequests).where(eq(fundingRequests.accountId, marche)),
        plans: await suite.db.select().from(trainingPlans).where(eq(trainingPlans.accountId, marche)),
      });
      const before = await rows();
      const rowsOf: [string, number[]][] = [
        ["learner@demo.test", [403]],
        ["readonly@demo.test", [403]],
        ["francois.marchand@demo.test", [404]],
      ];
      for (const [email, refused] of rowsOf) {
        const agent = await loggedInOn("fr", email);
        await agent.csrf();
        for (const [method, path, json] of [
          ["GET", `/back/api/referent/dpec/${request.id}`, undefined],
          ["POST", "/back/api/referent/dpec/action", { id: request.id, action: "submit", isSpanish: false }],
          ["PUT", "/back/api/referent/dpec/action", { dpecId: request.id, session: request.sessionId }],
          ["POST", "/back/api/referent/dpec/invoice", { dpecId: request.id, payer: "funder" }],
          ["GET", `/back/api/referent/getPlanCollectif/${plan.id}`, undefined],
          ["POST", "/back/api/referent/createActivity", { planId: plan.id, trainingId: 1, startDate: "2026-01-01", userIds: [await userId(email)] }],
        ] as const) {
          const reply = await agent.request(method, path, json === undefined ? {} : { json });
          expect(refused, `${email} ${method} ${path}: ${reply.status}`).toContain(reply.status);
        }
      }
      expect(await rows()).toEqual(before);
    });
  });

  describe("part B writes by a referent on a read-only contract (referent.readonly@demo.test)", () => {
    test("dpec/add, POST and PUT dpec/action, createTrainingPlan, createActivity: 403 with its message, nothing changed", async () => {
      const { fundingRequests, trainingPlans, trainingPlanActivities } = await import("../../server/db/schema/index.ts");
      const referent = await loggedInOn("fr", "referent.readonly@demo.test");
      await referent.csrf();
      // The referent reads their own pharmacy (reads are allowed): the bodies name its own learners and sessions, so
      // only the read-only contract can refuse them.
      const options = await referent.get("/back/api/referent/dpec/options");
      expectEnvelope(options, 200);
      const learner = options.body.data.learners[0] as { id: number };
      const agreement = options.body.data.agreements[0] as { id: number };
      const session = options.body.data.sessions[0] as { id: number };
      expect([learner, agreement, session].every(Boolean), "the read-only pharmacy has learners, an agreement and a session to name").toBe(true);
      const planOptions = await referent.get("/back/api/referent/trainingPlans/options");
      expectEnvelope(planOptions, 200);
      const training = planOptions.body.data.trainings[0] as { id: number };
      // A request and a plan of a pharmacy (ids that exist), so that the guard, not a 404, answers.
      const [request] = await suite.db.select().from(fundingRequests).limit(1);
      const [plan] = await suite.db.select().from(trainingPlans).limit(1);
      const writes: [string, string, unknown][] = [
        ["POST", "/back/api/referent/dpec/add", { apprenantId: learner.id, agrementId: agreement.id, sessionId: session.id }],
        ["POST", "/back/api/referent/dpec/action", { id: request.id, action: "submit", isSpanish: false }],
        ["PUT", "/back/api/referent/dpec/action", { dpecId: request.id, session: request.sessionId }],
        ["POST", "/back/api/referent/createTrainingPlan", { name: "Plan en lecture seule", startDate: "2026-01-01", endDate: "2026-12-31" }],
        ["POST", "/back/api/referent/createActivity", { planId: plan.id, trainingId: training.id, startDate: "2026-01-01", userIds: [learner.id] }],
      ];
      const rows = async () => ({
        counts: await tableCounts(suite.db),
        requests: await suite.db.select().from(fundingRequests).orderBy(fundingRequests.id),
        plans: await suite.db.select().from(trainingPlans).orderBy(trainingPlans.id),
        activities: await suite.db.select().from(trainingPlanActivities).orderBy(trainingPlanActivities.id),
      });
      const before = await rows();
      for (const [method, path, json] of writes) {
        const reply = await referent.request(method, path, { json });
        expectEnvelope(reply, 403);
        expect(reply.body.message, `${method} ${path}`).toBe("Votre contrat est en lecture seule : vous ne pouvez rien modifier.");
      }
      expect(await rows()).toEqual(before);
    });
  });

  describe("referent calls (pharmacy management, /back/api/referent/)", () => {
    const READS = [
      "/back/api/referent/dpec/allApprenants",
      "/back/api/referent/getContract",
      "/back/api/referent/invoices",
      "/back/api/referent/dashboard",
      "/back/api/referent/attestations",
      "/back/api/referent/attributeApprenants/options",
      "/back/api/referent/bonificacionesInvoices",
      "/back/api/referent/getLastCommand",
    ];

    test("a referent's session on another brand's host is a guest there (401); learners and read-only learners get 403", async () => {
      const spanish = await loggedInOn("es", "referent.es@demo.test");
      for (const path of READS) expectEnvelope(await spanish.get(path), 200);
      const crossing = sameCookiesOn(spanish, "fr");
      for (const path of READS) expectEnvelope(await crossing.get(path), 401);
      for (const email of ["learner@demo.test", "readonly@demo.test"]) {
        const agent = await loggedInOn("fr", email);
        for (const path of READS) expectEnvelope(await agent.get(path), 403);
      }
    });

    test("a referent of two pharmacies acts on the one in use: the other's invoices and members are not found, nothing changes", async () => {
      const holder = await loggedInOn("fr", "holder@demo.test");
      const invoiceId = (await holder.get("/back/api/referent/invoices")).body.data.invoices[0].id as number;
      const orderId = (await holder.get("/back/api/referent/getLastCommand")).body.data.id as number;
      const learnerId = await userId("learner@demo.test");
      // A training the holder's pharmacy bought, and a contract offer of it (ADR 0070, 0071).
      const bought = (await holder.get("/back/api/referent/attributeApprenants/options")).body.data.products[0].trainingId as number;
      await holder.csrf();
      const csrfOf = (agent: Agent) => ({ headers: { "x-xsrf-token": decodeURIComponent(agent.cookies.get("XSRF-TOKEN") ?? "") } });
      const offerId = (await holder.get("/back/api/referent/updateToNextContractProduct", csrfOf(holder))).body.data.id as number;
      const multi = await loggedInOn("fr", "multi@demo.test");
      await multi.csrf();
      expectEnvelope(await multi.post("/back/api/user/setAccountId", { accountId: await accountIdOf("Pharmacie des Halles") }), 200);
      const before = await tableCounts(suite.db);
      expectEnvelope(await multi.get(`/back/api/referent/invoice/${invoiceId}`), 404);
      expectEnvelope(await multi.get(`/back/api/referent/getCommand/${orderId}`), 404);
      expect((await multi.get("/back/api/referent/getLastCommand")).body.data?.id ?? null).not.toBe(orderId);
      expectEnvelope(await multi.post("/back/api/referent/toggleApprenantActive", { contactId: learnerId, isActive: false }), 404);
      expectEnvelope(await multi.post("/back/api/referent/invoices", { factures: [invoiceId] }), 404);
      expectEnvelope(await multi.post("/back/api/referent/attributeApprenants", { trainingId: bought, apprenants: [learnerId] }), 404);
      expectEnvelope(await multi.get(`/back/api/referent/contract/signContractSystemPay/${offerId}`, csrfOf(multi)), 404);
      // As a learner of Pharmacie du Vieux-Port, the same person is no referent there.
      expectEnvelope(await multi.post("/back/api/user/setAccountId", { accountId: await accountIdOf("Pharmacie du Vieux-Port") }), 200);
      expectEnvelope(await multi.get("/back/api/referent/dpec/allApprenants"), 403);
      expectEnvelope(await multi.get("/back/api/referent/getLastCommand"), 403);
      expectEnvelope(await multi.get(`/back/api/referent/getCommand/${orderId}`), 403);
      expectEnvelope(await multi.post("/back/api/referent/attributeApprenants", { trainingId: bought, apprenants: [learnerId] }), 403);
      expectEnvelope(await multi.get(`/back/api/referent/contract/signContractSystemPay/${offerId}`, csrfOf(multi)), 403);
      const after = await tableCounts(suite.db);
      expect({ ...after, sessions: 0 }).toEqual({ ...before, sessions: 0 });
    });

    test("the team history export job (ADR 0076): only its own referent reads it; others 401/403/404, and nothing is written", async () => {
      const holder = await loggedInOn("fr", "holder@demo.test");
      const started = await holder.post("/back/api/referent/history/exports", {});
      expect([200, 202]).toContain(started.status);
      const id = started.body.data.id as number;
      const paths = [`/back/api/referent/history/exports/${id}`, `/back/api/referent/history/exports/${id}/file`];
      const before = await tableCounts(suite.db);
      const guest = on("fr");
      expectEnvelope(await guest.post("/back/api/referent/history/exports", {}), 419);
      await guest.csrf();
      expectEnvelope(await guest.post("/back/api/referent/history/exports", {}), 401);
      for (const path of paths) expectEnvelope(await guest.get(path), 401);
      for (const path of paths) expectEnvelope(await sameCookiesOn(holder, "es").get(path), 401);
      for (const email of ["learner@demo.test", "readonly@demo.test"]) {
        const agent = await loggedInOn("fr", email);
        expectEnvelope(await agent.post("/back/api/referent/history/exports", {}), 403);
        for (const path of paths) expectEnvelope(await agent.get(path), 403);
      }
      // Another pharmacy's referent (the same person's other pharmacy too): the job is not found.
      const multi = await loggedInOn("fr", "multi@demo.test");
      expectEnvelope(await multi.post("/back/api/user/setAccountId", { accountId: await accountIdOf("Pharmacie des Halles") }), 200);
      for (const path of paths) expectEnvelope(await multi.get(path), 404);
      const after = await tableCounts(suite.db);
      expect({ ...after, sessions: 0 }).toEqual({ ...before, sessions: 0 });
    });
  });

  describe("issue 28: the quiz flow, who changes a team member's access, what a read-only contract may still do", () => {
    async function quizTrainingId(): Promise<number> {
      const [row] = await suite.db
        .select({ id: trainings.id })
        .from(trainings)
        .where(and(eq(trainings.slug, "quiz-interactions"), eq(trainings.brand, "fr")));
      return row.id;
    }

    test("GET and POST user/quiz/currentFlow/{id}: 401 for a guest and on another brand's host, 403 unless enrolled, 403 to a read-only POST; nothing written", async () => {
      const id = await quizTrainingId();
      const path = `/back/api/user/quiz/currentFlow/${id}`;
      const spanish = await loggedInOn("es", LEARNERS.es);
      const readOnly = await loggedInOn("fr", "readonly@demo.test");
      await readOnly.csrf();
      const stranger = await loggedInOn("fr", "nonpharmacist@demo.test");
      const before = await tableCounts(suite.db);
      const guest = on("fr");
      expectEnvelope(await guest.get(path), 401);
      await guest.csrf();
      expectEnvelope(await guest.post(path, { stepId: "m1" }), 401);
      expectEnvelope(await sameCookiesOn(spanish, "fr").get(path), 401);
      const refused = await readOnly.post(path, { stepId: "m1" });
      expectEnvelope(refused, 403);
      expect(refused.body.message).toBe("Votre contrat est en lecture seule : vous ne pouvez rien modifier.");
      const enrolled = await suite.db
        .select()
        .from(enrolments)
        .where(and(eq(enrolments.trainingId, id), eq(enrolments.userId, await userId("nonpharmacist@demo.test"))));
      expect(enrolled, "a learner not enrolled in the quiz").toEqual([]);
      expectEnvelope(await stranger.get(path), 403);
      expect(await tableCounts(suite.db)).toEqual(before);
    });

    test("toggleApprenantActive: a referent changing the holder (409) or another referent (403), another pharmacy's member (404), a learner (403): nothing changes", async () => {
      const marche = await accountIdOf("Pharmacie du Marché");
      const [lea, maxime, holderId, learnerId] = await Promise.all(
        ["lea.bernard@demo.test", "maxime.durand@demo.test", "holder@demo.test", "learner@demo.test"].map(userId),
      );
      const setRole = (id: number, role: string) =>
        suite.db
          .update(memberships)
          .set({ role })
          .where(and(eq(memberships.accountId, marche), eq(memberships.userId, id)));
      await setRole(lea, "referent");
      await setRole(maxime, "referent");
      try {
        const referent = await loggedInOn("fr", "lea.bernard@demo.test");
        await referent.csrf();
        const learner = await loggedInOn("fr", "learner@demo.test");
        await learner.csrf();
        const otherHolder = await loggedInOn("es", "referent.es@demo.test");
        await otherHolder.csrf();
        const before = await tableCounts(suite.db);
        const members = () =>
          suite.db
            .select({ userId: memberships.userId, isActive: memberships.isActive })
            .from(memberships)
            .where(eq(memberships.accountId, marche))
            .orderBy(memberships.userId);
        const rows = await members();
        expectEnvelope(await referent.post("/back/api/referent/toggleApprenantActive", { contactId: holderId, isActive: false }), 409);
        expectEnvelope(await referent.post("/back/api/referent/toggleApprenantActive", { contactId: maxime, isActive: false }), 403);
        expectEnvelope(await otherHolder.post("/back/api/referent/toggleApprenantActive", { contactId: learnerId, isActive: false }), 404);
        expectEnvelope(await learner.post("/back/api/referent/toggleApprenantActive", { contactId: holderId, isActive: false }), 403);
        expect(await members()).toEqual(rows);
        expect(await tableCounts(suite.db)).toEqual(before);
      } finally {
        await setRole(lea, "learner");
        await setRole(maxime, "learner");
      }
    });

    test("a read-only contract marks its own notifications read and messages its advisor (ADR 0104); another user's notification stays unread", async () => {
      const admin = await loggedInOn("fr", "admin@demo.test");
      await admin.csrf();
      const [readOnlyId, learnerId] = await Promise.all(["readonly@demo.test", "learner@demo.test"].map(userId));
      const own = (await admin.post("/back/api/admin/notifications", { userId: readOnlyId, title: "À lire" })).body.data.id as number;
      const other = (await admin.post("/back/api/admin/notifications", { userId: learnerId, title: "Pas pour vous" })).body.data.id as number;
      const readOnly = await loggedInOn("fr", "readonly@demo.test");
      await readOnly.csrf();
      const marked = await readOnly.post("/back/api/user/notification/read", { ids: [own, other] });
      expectEnvelope(marked, 200);
      expect(marked.body.data.marked).toBe(1);
      const [ownRow, otherRow] = await Promise.all(
        [own, other].map(async (id) => (await suite.db.select().from(notifications).where(eq(notifications.id, id)))[0]),
      );
      expect(ownRow.readedDate).not.toBeNull();
      expect(otherRow.readedDate).toBeNull();
      expectEnvelope(await readOnly.post("/back/api/user/sendAdvisorMessage", { message: "Je souhaite renouveler." }), 200);
    });
  });
});
