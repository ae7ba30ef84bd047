// The back API keeps its contract (ADR 0028, 0117): every GET of the route table has a reply schema (its endpoint object's in
// core/contract/endpoints), and what each one answers to the demo users, on each brand's host, parses with it. The
// schemas are strict objects: a field renamed, dropped or added on the server side fails here by name.
import { and, desc, eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import type { z } from "zod";
import { ENDPOINTS } from "#core/contract/endpoints/index.ts";
import { orders as ordersTable } from "../../server/db/schema/index.ts";
import { readEnv } from "../../server/env.ts";
import { backends } from "./support/database.ts";
import type { Agent, Reply } from "./support/http.ts";
import { backRoutes, fillPath, pathParams } from "./support/routes.ts";
import { useSuite } from "./support/setup.ts";

const API = "/back/api";
const HOSTS = { fr: "localhost", be: "be.localhost", es: "es.localhost" } as const;
const LANGUAGE = { fr: "fr-FR", be: "fr-BE", es: "es-ES" } as const;
type HostBrand = keyof typeof HOSTS;

/** Each GET's reply schema by its path; null for a file, a page, a stream or an endpoint that only answers errors. */
const GET_REPLIES: Record<string, z.ZodType | null> = Object.fromEntries(
  ENDPOINTS.filter((e) => e.method === "GET").map((e) => [e.path, typeof e.reply === "string" ? null : e.reply]),
);

/** Who calls: a guest and demo users of every kind (learners with history, a holder, a shop customer, a read-only contract). */
const VISITORS: { brand: HostBrand; email: string | null }[] = [
  { brand: "fr", email: null },
  { brand: "fr", email: "learner@demo.test" },
  { brand: "fr", email: "holder@demo.test" },
  { brand: "fr", email: "shop@demo.test" },
  { brand: "fr", email: "readonly@demo.test" },
  { brand: "fr", email: "lea.bernard@demo.test" },
  { brand: "be", email: "referent.be@demo.test" },
  { brand: "es", email: "learner.es@demo.test" },
  { brand: "es", email: null },
  { brand: "fr", email: "admin@demo.test" },
  { brand: "es", email: "referent.es@demo.test" },
];

/** Known demo tokens (server/db/seed): invitations, feedback requests, trainer links. */
const TOKENS: Record<string, string[]> = {
  "/invitation/:token": ["demo-invite-marche-1", "demo-invite-marche-2"],
  "/feedback/:token": ["demo-feedback-fr-js", "demo-feedback-es-js"],
  "/trainer/virtualClass/:token": ["demo-trainer-fr", "demo-trainer-es"],
  "/passwordReset/check/:token": ["no-such-token"],
};

/**
 * GETs whose success these visitors cannot reach without changing state: they are CSRF-guarded GETs that subscribe,
 * complete a module or send a mail (the spec makes them GETs). The web tier's calls to them are checked by the
 * back client in the learning journeys (it parses every reply outside production).
 */
const STATE_CHANGING = new Set([
  "/passwordReset/sendMail/:email",
  "/user/pdf/subscribe/:id",
  "/user/video/module/complete/:id",
  "/user/pdf/module/complete/:id",
  "/user/pdf/module/link/:id",
  "/user/mixt/virtualClass/join/:id",
  "/user/mixt/virtualClass/sessionDateTracking/join/:id",
  "/shop/addDiscount/:code",
  "/shop/getPaymentToken",
  "/shop/payByCheck",
  "/referent/updateToNextContractProduct",
  "/referent/contract/sign/:id",
  "/referent/contract/signContractSystemPay/:id",
]);

/** The reply with its first field renamed (in the first element of a list); undefined when it has no field. */
function renameFirstField(data: unknown): unknown {
  if (Array.isArray(data)) {
    const first = renameFirstField(data[0]);
    return first === undefined ? undefined : [first, ...data.slice(1)];
  }
  if (data === null || typeof data !== "object") return undefined;
  const entries = Object.entries(data);
  if (entries.length === 0) return undefined;
  const [[key, value], ...rest] = entries;
  return Object.fromEntries([[`${key}Renamed`, value], ...rest]);
}

type Known = {
  all: boolean;
  trainings: { id: number; slug: string; type: string }[];
  enrolled: number[];
  news: string[];
  pages: string[];
  experts: string[];
  codes: string[];
  orders: number[];
  fundingRequests: number[];
  plans: number[];
  invoices?: number[];
  exportJobs?: number[];
  packIds?: number[];
  referentPacks?: number[];
  /** Members of the referent's team compliance list (ADR 0126). */
  complianceMembers?: number[];
  sessions: number[];
};

describe.each(backends())("every GET answers what its contract says (%s)", (backend) => {
  // The seed signs the demo attestations with this process's APP_SECRET: the platform verifies with the same one.
  const suite = useSuite(backend, { TRUST_PROXY: "true", APP_SECRET: readEnv().APP_SECRET });

  test("each GET of the route table has a reply schema, and the demo users' replies parse with it", { timeout: 600_000 }, async () => {
    const gets = backRoutes(suite.platform)
      .filter((route) => route.method === "GET" && route.path.startsWith(`${API}/`))
      .map((route) => route.path.slice(API.length));
    expect(gets.length).toBeGreaterThan(50);
    expect(
      gets.filter((path) => !(path in GET_REPLIES)),
      "GETs without a reply schema",
    ).toEqual([]);
    expect(
      Object.keys(GET_REPLIES).filter((path) => !gets.includes(path)),
      "reply schemas of no route",
    ).toEqual([]);

    const parsed = new Map<string, number>();
    const statuses = new Map<string, Set<number>>();
    const failures: string[] = [];
    const samples: { route: string; data: unknown; schema: z.ZodType }[] = [];

    async function check(agent: Agent, route: string, url: string, who: string) {
      const schema = GET_REPLIES[route];
      if (!schema) return;
      const reply: Reply = await agent.get(API + url);
      statuses.set(route, (statuses.get(route) ?? new Set()).add(reply.status));
      if (reply.status !== 200) return;
      const result = schema.safeParse(reply.body?.data);
      if (result.success) {
        parsed.set(route, (parsed.get(route) ?? 0) + 1);
        samples.push({ route, data: reply.body.data, schema });
      } else {
        failures.push(
          `${who} GET ${url}: ${result.error.issues
            .map((i) => `${i.path.join(".") || "(root)"} ${i.message}`)
            .join("; ")
            .slice(0, 600)}`,
        );
      }
    }

    /** `all`: every training of the catalogue (a guest and the main learner of each brand); others get the first few. */
    async function discover(agent: Agent, brand: HostBrand, loggedIn: boolean, all: boolean): Promise<Known> {
      const catalogue = (await agent.get(`${API}/catalogue?pageSize=100`)).body.data;
      const trainings = (catalogue.items as { id: number; slug: string; type: string }[]).map(({ id, slug, type }) => ({ id, slug, type }));
      const sitemap = (await agent.get(`${API}/content/sitemap`)).body.data;
      const list = loggedIn ? ((await agent.get(`${API}/user/trainingsList`)).body.data as { id: number }[]) : [];
      const attestations = loggedIn ? ((await agent.get(`${API}/user/attestations`)).body.data as { code: string }[]) : [];
      // The pharmacy's last order (a referent's or holder's, ADR 0053), when there is one; and the buyer's own orders
      // of this brand, whose ids the shop's order page gets from the payment's return (read from the demo data here).
      const lastOrder = loggedIn ? await agent.get(`${API}/referent/getLastCommand`) : null;
      const me = loggedIn ? ((await agent.get(`${API}/user`)).body.data as { id: number }) : null;
      const own = me
        ? await suite.db
            .select({ id: ordersTable.id })
            .from(ordersTable)
            .where(and(eq(ordersTable.userId, me.id), eq(ordersTable.brand, brand)))
            .orderBy(desc(ordersTable.id))
            .limit(3)
        : [];
      const orders = [
        ...new Set([...(lastOrder?.status === 200 && lastOrder.body.data ? [(lastOrder.body.data as { id: number }).id] : []), ...own.map((o) => o.id)]),
      ];
      // The pharmacy's funding requests and collective plans (a referent's or holder's).
      const dpec = loggedIn ? await agent.get(`${API}/referent/dpec`) : null;
      const fundingRequests = dpec?.status === 200 ? (dpec.body.data.requests as { id: number }[]).slice(0, 5).map((r) => r.id) : [];
      const planList = loggedIn ? await agent.get(`${API}/referent/trainingPlans`) : null;
      const plans = planList?.status === 200 ? (planList.body.data as { Id: number }[]).map((p) => p.Id) : [];
      // The pharmacy's invoices (referents and holders).
      const invoiceList = loggedIn ? await agent.get(`${API}/referent/invoices`) : null;
      const invoices = invoiceList?.status === 200 ? (invoiceList.body.data.invoices as { id: number }[]).slice(0, 2).map((i) => i.id) : [];
      // A team history export job of the referent's own (ADR 0076; a POST, the only way to have one).
      const exportJob = loggedIn ? await agent.post(`${API}/referent/history/exports`, {}) : null;
      const exportJobs = exportJob && [200, 202].includes(exportJob.status) ? [(exportJob.body.data as { id: number }).id] : [];
      // The team compliance list's members (referents and holders, ADR 0126).
      const compliance = loggedIn ? await agent.get(`${API}/referent/compliance`) : null;
      const complianceMembers = compliance?.status === 200 ? (compliance.body.data.members as { userId: number }[]).slice(0, 3).map((m) => m.userId) : [];
      // The back office's sessions (administrators only).
      const adminSessions = loggedIn ? await agent.get(`${API}/admin/sessions`) : null;
      const sessions = adminSessions?.status === 200 ? (adminSessions.body.data.items as { id: number }[]).slice(0, 3).map((s) => s.id) : [];
      // An evidence pack of the caller's own (ADR 0127; a POST, the only way to have one): an administrator's of a
      // session, a referent's of an e-learning training the pharmacy's learners followed.
      const packIds: number[] = [];
      if (sessions[0] !== undefined) {
        const started = await agent.post(`${API}/admin/evidence-packs`, { sessionId: sessions[0] });
        if (started.status === 202) packIds.push((started.body.data as { id: number }).id);
      }
      const packChoices = loggedIn ? await agent.get(`${API}/referent/evidence-pack-choices`) : null;
      const packTraining = packChoices?.status === 200 ? (packChoices.body.data.trainings as { id: number }[])[0] : undefined;
      const referentPacks: number[] = [];
      if (packTraining) {
        const started = await agent.post(`${API}/referent/evidence-packs`, { trainingId: packTraining.id, periodStart: "2020-01-01", periodEnd: "2030-12-31" });
        if (started.status === 202) referentPacks.push((started.body.data as { id: number }).id);
      }
      return {
        all,
        trainings,
        enrolled: list.map((t) => t.id),
        news: (sitemap.news as { slug: string }[]).slice(0, 3).map((n) => n.slug),
        pages: (sitemap.pages as { slug: string }[]).map((p) => p.slug),
        experts: (sitemap.experts as { slug: string }[]).slice(0, 3).map((e) => e.slug),
        codes: (attestations ?? []).slice(0, 3).map((a) => a.code),
        orders,
        fundingRequests,
        plans,
        invoices,
        exportJobs,
        complianceMembers,
        sessions,
        packIds,
        referentPacks,
      };
    }

    /**
     * The demo learner follows no video or mixed training: subscribe them to one of each (the first with a free
     * seat), so that every currentFlow family answers a flow.
     */
    async function enrolInEveryFamily(agent: Agent) {
      const items = (await agent.get(`${API}/catalogue?pageSize=100`)).body.data.items as { id: number; slug: string; type: string }[];
      const enrolled = new Set(((await agent.get(`${API}/user/trainingsList`)).body.data as { id: number }[]).map((t) => t.id));
      for (const type of ["video", "mixt"]) {
        for (const item of items.filter((i) => i.type === type && !enrolled.has(i.id))) {
          const detail = (await agent.get(`${API}/training/${item.slug}`)).body.data as { faceToFaces: { sessions: { id: number; isFull: boolean }[] }[] };
          const session = detail.faceToFaces.flatMap((f) => f.sessions).find((s) => !s.isFull);
          const reply = await agent.post(`${API}/course/subscribe/${item.id}`, { sessions: session ? [session.id] : [] });
          if (reply.status === 200) break;
        }
      }
    }

    /** The concrete URLs to call for a route: each path parameter from what this visitor can see. */
    function urlsFor(route: string, known: Known): string[] {
      const params = pathParams(route);
      const fill = (values: Record<string, string | number>) =>
        fillPath(route, Object.fromEntries(Object.entries(values).map(([k, v]) => [k, encodeURIComponent(String(v))])));
      if (params.length === 0) {
        if (route === "/catalogue/search") return [`${route}?q=${encodeURIComponent(known.trainings[0]?.slug.split("-")[0] ?? "a")}`];
        if (route === "/user/evaluationQuiz") return known.enrolled.map((id) => `${route}?trainingId=${id}`);
        if (route === "/catalogue") return [route, `${route}?audience=mine&sort=rating`, `${route}?favourites=1`];
        return [route];
      }
      if (route in TOKENS) return TOKENS[route].map((token) => fill({ token }));
      if (route === "/training/:slug") return known.trainings.slice(0, known.all ? undefined : 8).map(({ slug }) => fill({ slug }));
      if (route === "/training/:slug/ref") return known.trainings.slice(0, known.all ? undefined : 8).map(({ slug }) => fill({ slug }));
      if (route === "/content/news/:slug") return known.news.map((slug) => fill({ slug }));
      if (route === "/content/pages/:slug") return known.pages.map((slug) => fill({ slug }));
      if (route === "/content/experts/:slug") return known.experts.map((slug) => fill({ slug }));
      if (route === "/attestation/verify/:code") return known.codes.map((code) => fill({ code }));
      if (route === "/validateEmail/:email") return [fill({ email: "someone@example.com" })];
      if (route === "/user/enrolment/:id") return known.trainings.slice(0, 5).map(({ id }) => fill({ id }));
      if (route === "/training/dpc/sessions/:id") return known.trainings.filter((t) => t.type === "dpc").map(({ id }) => fill({ id }));
      if (route === "/user/checkFormation/:a/:b") return known.enrolled.length >= 2 ? [fill({ a: known.enrolled[0], b: known.enrolled[1] })] : [];
      if (route.endsWith("/currentFlow/:id")) return known.enrolled.map((id) => fill({ id }));
      if (route === "/shop/command/:id" || route === "/referent/getCommand/:id") return known.orders.map((id) => fill({ id }));
      if (route === "/shop/paymentForm/:id") return known.orders.map((id) => fill({ id }));
      // Back office part B (admin only): the first demo rows (the seed's draft, page, FAQ section and question, user).
      if (route === "/admin/content/:kind/:id") return [fill({ kind: "page", id: 1 }), fill({ kind: "news", id: 1 }), fill({ kind: "expert", id: 1 })];
      if (route === "/admin/content/drafts/:id" || route === "/admin/faq/sections/:id" || route === "/admin/faq/questions/:id" || route === "/admin/users/:id")
        return [fill({ id: 1 })];
      if (route === "/referent/dpec/:id") return known.fundingRequests.map((id) => fill({ id }));
      if (route === "/referent/getPlanCollectif/:id") return known.plans.map((id) => fill({ id }));
      if (route === "/referent/invoice/:id") return (known.invoices ?? []).map((id) => fill({ id }));
      if (route === "/referent/history/exports/:id") return (known.exportJobs ?? []).map((id) => fill({ id }));
      if (route === "/admin/evidence-packs/:id") return (known.packIds ?? []).map((id) => fill({ id }));
      if (route === "/referent/evidence-packs/:id") return (known.referentPacks ?? []).map((id) => fill({ id }));
      if (route === "/referent/compliance/members/:id") return (known.complianceMembers ?? []).map((id) => fill({ id }));
      // The first trainings, and a DPC one (its programmes with their enrolment counts, quizzes with attempts: ADR 0080).
      if (route === "/admin/catalog/trainings/:id")
        return [...new Set([...known.trainings.slice(0, 3), ...known.trainings.filter((t) => t.type === "dpc").slice(0, 1)].map(({ id }) => id))].map((id) =>
          fill({ id }),
        );
      if (route === "/admin/sessions/:id") return known.sessions.map((id) => fill({ id }));
      return [];
    }

    for (const { brand, email } of VISITORS) {
      const agent = suite.agent({ "x-forwarded-host": HOSTS[brand], "accept-language": LANGUAGE[brand] });
      const who = `${email ?? "guest"}@${brand}`;
      if (email) expect((await agent.login(email)).status, who).toBe(200);
      if (email === "learner@demo.test") await enrolInEveryFamily(agent);
      const known = await discover(agent, brand, email !== null, email === null || email.startsWith("learner"));
      for (const route of gets) {
        if (STATE_CHANGING.has(route)) continue;
        for (const url of urlsFor(route, known)) await check(agent, route, url, who);
      }
    }

    expect(failures, "replies that do not match their contract schema").toEqual([]);
    const checkable = gets.filter((route) => GET_REPLIES[route] && !STATE_CHANGING.has(route));
    const unreached = checkable
      .filter((route) => !parsed.has(route))
      .map((route) => `${route} (${[...(statuses.get(route) ?? [])].join(", ") || "not called"})`);
    expect(unreached, "GETs never answered 200 to the demo users (nothing checked)").toEqual([]);

    // Strict enough to catch a renamed field: on each route's first reply, a top-level field renamed must fail.
    const lax: string[] = [];
    for (const route of new Set(samples.map((sample) => sample.route))) {
      const { data, schema } = samples.find((sample) => sample.route === route)!;
      const renamed = renameFirstField(data);
      if (renamed !== undefined && schema.safeParse(renamed).success) lax.push(route);
    }
    expect(lax, "schemas that accept a reply with a renamed field").toEqual([]);

    // The cost of checking replies (ADR 0028), printed with CONTRACT_TIMING=1: the first parse of each schema
    // (zod compiles it), then the median of 50 warm parses of each route's largest reply.
    if (process.env.CONTRACT_TIMING === "1") {
      const rows: string[] = [];
      for (const route of new Set(samples.map((sample) => sample.route))) {
        const mine = samples.filter((sample) => sample.route === route);
        const { data, schema } = mine.reduce((a, b) => (JSON.stringify(b.data).length > JSON.stringify(a.data).length ? b : a));
        const times: number[] = [];
        for (let round = 0; round < 50; round++) {
          const started = performance.now();
          schema.parse(data);
          times.push(performance.now() - started);
        }
        times.sort((a, b) => a - b);
        rows.push(`${(times[25] * 1000).toFixed(1).padStart(8)} µs ${String(JSON.stringify(data).length).padStart(7)} B  ${route}`);
      }
      process.stdout.write(`\nreply parse cost (median of 50 warm parses of the largest reply):\n${rows.sort().reverse().join("\n")}\n`);
    }
  });
});
