// The back office's web forms, posted by people who are not administrators (issue 16, "every admin endpoint and
// page called anonymously, by a learner, by a referent: all refused, nothing changed"): every form action of every
// /admin page with an action, each intent with a body that would change something (real ids, `confirm=on`) and the
// visitor's own valid form token, so that only the admin area's guard stands in the way. A guest is sent to the
// login page with a `redirect` back; a learner, a holder, a Belgian referent and a shop customer get a 403; no table
// gains or loses a row and the rows the forms name are unchanged.
import fs from "node:fs";
import path from "node:path";
import { and, asc, eq, ne } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { PAGES } from "#core/pages.ts";
import {
  contentDrafts,
  contentPages,
  courses,
  discountCodes,
  faceToFaceSessions,
  faqQuestions,
  faqSections,
  invoices,
  orders,
  trainings,
  users,
} from "../../server/db/schema/index.ts";
import { backends, tableCounts } from "./support/database.ts";
import { expectEnvelope, parseSetCookie } from "./support/http.ts";
import { useSuite } from "./support/setup.ts";
import { decodeHtml, pageRequest, type PageRequestOptions } from "./support/page-request.ts";

const HOSTS = { fr: "localhost", be: "be.localhost" } as const;

const request = (origin: string, host: string, rawPath: string, options: PageRequestOptions = {}) => pageRequest(origin, rawPath, { ...options, host });

const decode = decodeHtml;

/** The admin pages whose module has an action (their forms post to it). */
function adminPagesWithActions(): string[] {
  return PAGES.filter((page) => page.area === "admin")
    .filter((page) => /export async function action\b/.test(fs.readFileSync(path.join("app", page.file), "utf8")))
    .map((page) => page.id);
}

describe.each(backends())("admin page forms refused to non-administrators (%s)", (backend) => {
  const suite = useSuite(backend, { TRUST_PROXY: "true" });

  /** Every form of every admin page: the page's address and the bodies of its intents, with real targets. */
  async function forms(): Promise<Record<string, { path: string; bodies: Record<string, string>[] }>> {
    const [training] = await suite.db
      .select()
      .from(trainings)
      .where(and(eq(trainings.brand, "fr"), eq(trainings.isPublished, true)))
      .orderBy(asc(trainings.id))
      .limit(1);
    const [course] = await suite.db.select().from(courses).where(eq(courses.trainingId, training.id)).limit(1);
    const [session] = await suite.db.select().from(faceToFaceSessions).orderBy(asc(faceToFaceSessions.id)).limit(1);
    const [section] = await suite.db.select().from(faqSections).orderBy(asc(faqSections.id)).limit(1);
    const [question] = await suite.db.select().from(faqQuestions).where(eq(faqQuestions.sectionId, section.id)).limit(1);
    const [page] = await suite.db.select().from(contentPages).where(eq(contentPages.brand, "fr")).limit(1);
    const [draft] = await suite.db.select().from(contentDrafts).limit(1);
    const [check] = await suite.db
      .select()
      .from(orders)
      .where(and(eq(orders.status, "pending"), eq(orders.paymentMethod, "check")))
      .limit(1);
    const [invoice] = await suite.db.select().from(invoices).where(eq(invoices.kind, "order")).limit(1);
    const [code] = await suite.db.select().from(discountCodes).where(ne(discountCodes.code, "")).limit(1);
    const [learner] = await suite.db.select().from(users).where(eq(users.email, "learner@demo.test"));
    for (const [name, row] of Object.entries({ training, course, session, section, question, page, draft, check, invoice, code, learner }))
      expect(row, `a demo ${name}`).toBeDefined();
    const confirm = { confirm: "on" };
    return {
      "admin-catalog-new": { path: "/admin/catalog/new", bodies: [{ brand: "fr", type: "formation", name: "Intrusion", slug: "intrusion", priceHt: "10" }] },
      "admin-catalog-training": {
        path: `/admin/catalog/${training.id}`,
        bodies: [
          { intent: "unpublish" },
          { intent: "save", name: "Renommée", slug: training.slug, priceHt: "1" },
          { intent: "deleteCourse", courseId: String(course?.id ?? 1), ...confirm },
          { intent: "addCourse", name: "Parcours intrus", moduleType: "1", durationMinutes: "10" },
        ],
      },
      "admin-face-to-face-session": {
        path: `/admin/faceToFace/${session.id}`,
        bodies: [
          { intent: "cancel", ...confirm },
          { intent: "save", name: "Renommée", startDate: "2030-01-10", startTime: "09:00", endTime: "17:00", maxParticipants: "1" },
          { intent: "addDate", day: "2030-01-11", startTime: "09:00", endTime: "17:00" },
        ],
      },
      "admin-editor": {
        path: `/admin/editor?kind=page&id=${page.id}`,
        bodies: [
          { intent: "publish", slug: page.slug, title: "Défiguré", body: "<p>Défiguré</p>" },
          { intent: "save", slug: page.slug, title: "Défiguré", body: "<p>Défiguré</p>" },
          { intent: "discard", draftId: String(draft.id) },
        ],
      },
      "admin-editor-create": {
        path: "/admin/editor/create-page",
        bodies: [{ kind: "page", brand: "fr", lang: "fr", slug: "intrusion", title: "Intrusion", body: "<p>x</p>" }],
      },
      "admin-faq": {
        path: "/admin/faq",
        bodies: [
          { intent: "create-section", brand: "fr", lang: "fr", type: "general", title: "Intrusion" },
          { intent: "delete-section", targetId: String(section.id) },
          { intent: "move-section", targetId: String(section.id), direction: "down" },
        ],
      },
      "admin-faq-section": {
        path: `/admin/faq/section/${section.id}/${section.type}`,
        bodies: [
          { intent: "update-section", title: "Renommée", type: section.type },
          { intent: "delete-section" },
          { intent: "delete-question", targetId: String(question.id) },
          { intent: "move-question", targetId: String(question.id), direction: "down" },
        ],
      },
      "admin-faq-question": {
        path: `/admin/faq/question/${section.id}/${question.id}`,
        bodies: [{ question: "Défigurée ?", answer: "<p>Oui</p>" }],
      },
      "admin-login-image": { path: "/admin/loginImage", bodies: [{ intent: "reset", brand: "fr" }] },
      "admin-facture-compta": { path: "/admin/factureCompta", bodies: [{ intent: "confirm-check", orderId: String(check.id) }] },
      "admin-invoices": { path: "/admin/factureCompta/invoices", bodies: [{ intent: "credit-note", invoiceId: String(invoice.id), ...confirm }] },
      "admin-discount-codes": {
        path: "/admin/discountCodes",
        bodies: [
          {
            intent: "create",
            brand: "fr",
            code: "INTRUS",
            kind: "percentage",
            value: "100",
            validFrom: "",
            validUntil: "",
            maxUses: "",
            maxUsesPerCustomer: "",
          },
          { intent: "disable", targetId: String(code.id) },
        ],
      },
      "admin-users": {
        path: `/admin/users?user=${learner.id}`,
        bodies: [{ intent: "set-admin", isAdmin: "true" }, { intent: "invite" }],
      },
    };
  }

  /** The rows the forms name, as they are: nothing of them may change. */
  async function watched() {
    return {
      trainings: await suite.db.select().from(trainings).orderBy(asc(trainings.id)),
      sessions: await suite.db.select().from(faceToFaceSessions).orderBy(asc(faceToFaceSessions.id)),
      pages: await suite.db.select().from(contentPages).orderBy(asc(contentPages.id)),
      faq: await suite.db.select().from(faqSections).orderBy(asc(faqSections.id)),
      questions: await suite.db.select().from(faqQuestions).orderBy(asc(faqQuestions.id)),
      orders: await suite.db.select({ id: orders.id, status: orders.status }).from(orders).orderBy(asc(orders.id)),
      codes: await suite.db.select().from(discountCodes).orderBy(asc(discountCodes.id)),
      admins: await suite.db.select({ id: users.id, isAdmin: users.isAdmin }).from(users).orderBy(asc(users.id)),
    };
  }

  test(
    "every form of every admin page: a guest goes to the login, a learner, a holder, a referent and a shop customer get a 403; nothing changes",
    { timeout: 180_000 },
    async () => {
      const table = await forms();
      // A page with an action that this test does not post to would go untested: every one is listed.
      expect(Object.keys(table).sort()).toEqual(adminPagesWithActions().sort());

      const visitors: { email: string | null; brand: keyof typeof HOSTS; expected: "login" | 403 }[] = [
        { email: null, brand: "fr", expected: "login" },
        { email: "learner@demo.test", brand: "fr", expected: 403 },
        { email: "holder@demo.test", brand: "fr", expected: 403 },
        { email: "referent.be@demo.test", brand: "be", expected: 403 },
        { email: "shop@demo.test", brand: "fr", expected: 403 },
      ];
      // Everyone logs in and gets a form token first (a login writes its session row).
      const browsers = [];
      for (const visitor of visitors) {
        const agent = suite.agent({ "x-forwarded-host": HOSTS[visitor.brand], "accept-language": "fr-FR" });
        if (visitor.email) expectEnvelope(await agent.login(visitor.email), 200);
        const jar = new Map(agent.cookies);
        const cookie = () => [...jar].map(([n, v]) => `${n}=${v}`).join("; ");
        // The contact form is open to everyone: its token is this browser's valid form token.
        const contact = await request(suite.origin, HOSTS[visitor.brand], "/contact", { cookie: cookie() });
        expect(contact.status, `${visitor.email ?? "guest"} /contact`).toBe(200);
        for (const header of contact.cookies) {
          const c = parseSetCookie(header);
          if (c.value) jar.set(c.name, c.value);
        }
        const token = decode(/name="csrf" value="([^"]+)"/.exec(contact.text)?.[1] ?? "");
        expect(token, `${visitor.email ?? "guest"}'s form token`).toBeTruthy();
        browsers.push({ ...visitor, cookie: cookie(), token });
      }

      const counts = await tableCounts(suite.db);
      const rows = await watched();
      let posts = 0;
      for (const browser of browsers) {
        for (const [pageId, { path: pagePath, bodies }] of Object.entries(table)) {
          for (const body of bodies) {
            const reply = await request(suite.origin, HOSTS[browser.brand], pagePath, {
              method: "POST",
              cookie: browser.cookie,
              body: new URLSearchParams({ csrf: browser.token, ...body }).toString(),
            });
            const what = `${browser.email ?? "guest"} ${pageId} ${body.intent ?? "(form)"}`;
            if (browser.expected === "login") {
              expect(reply.status, what).toBe(302);
              const target = new URL(reply.location ?? "", "http://localhost");
              expect(target.pathname, what).toBe("/connexion");
              expect(target.searchParams.get("redirect"), what).toBe(pagePath);
            } else {
              expect(reply.status, `${what} -> ${reply.location ?? ""}`).toBe(403);
            }
            posts += 1;
          }
        }
      }
      expect(posts).toBeGreaterThan(5 * 20);
      expect(await tableCounts(suite.db)).toEqual(counts);
      expect(await watched()).toEqual(rows);

      // The control: the same kind of post (a token from the contact form) by an administrator goes through.
      const admin = suite.agent({ "accept-language": "fr-FR" });
      expectEnvelope(await admin.login("admin@demo.test"), 200);
      const jar = new Map(admin.cookies);
      const contact = await request(suite.origin, HOSTS.fr, "/contact", { cookie: [...jar].map(([n, v]) => `${n}=${v}`).join("; ") });
      for (const header of contact.cookies) {
        const c = parseSetCookie(header);
        if (c.value) jar.set(c.name, c.value);
      }
      const token = decode(/name="csrf" value="([^"]+)"/.exec(contact.text)?.[1] ?? "");
      const { path: questionPath, bodies } = table["admin-faq-question"];
      const done = await request(suite.origin, HOSTS.fr, questionPath, {
        method: "POST",
        cookie: [...jar].map(([n, v]) => `${n}=${v}`).join("; "),
        body: new URLSearchParams({ csrf: token, ...bodies[0] }).toString(),
      });
      expect(done.status).toBe(302);
      const questionId = Number(questionPath.split("/").pop());
      expect((await suite.db.select().from(faqQuestions).where(eq(faqQuestions.id, questionId)))[0].question).toBe("Défigurée ?");
    },
  );
});
