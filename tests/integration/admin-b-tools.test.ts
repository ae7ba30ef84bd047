// Back office part B (issue 16): the accounting export and check confirmation, content drafts (sanitised, previewed,
// published and seen on the public API), FAQ sections and questions, the login image upload checks, users and
// discount codes. Every admin endpoint refuses guests (401), learners and referents (403), and nothing changes.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { auditLog, authTokens, contentPages, discountCodes, enrolments, invoices, orderLines, orders, users } from "../../server/db/schema/index.ts";
import { monthOf } from "#core/domain/accounting.ts";
import { toParisDate } from "#core/domain/dates.ts";
import { readFirstSheet } from "../fixtures/read-xlsx.ts";
import { backends, tableCounts } from "./support/database.ts";
import { type Agent, expectEnvelope } from "./support/http.ts";
import { useSuite } from "./support/setup.ts";
import { agentFor, createSession, sessionRow } from "./enrolment-helpers.ts";
import { createShopBuyers, storeTrainings } from "./shop-helpers.ts";
import { allMails } from "../support/mailbox.ts";

const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5b1f4a30000000049454e44ae426082",
  "hex",
);
const SAFE_SVG = `<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="#0a7"/></svg>`;

/** Every admin endpoint of part B with a harmless request (ids that exist where one is needed). */
const ENDPOINTS: { method: "GET" | "POST" | "DELETE"; path: string; json?: unknown }[] = [
  { method: "GET", path: "/back/api/admin/accounting/export?brand=fr&from=2026-01-01&to=2026-01-31&format=csv" },
  { method: "GET", path: "/back/api/admin/checks" },
  { method: "POST", path: "/back/api/admin/checks/1/confirm", json: {} },
  { method: "GET", path: "/back/api/admin/invoices" },
  { method: "GET", path: "/back/api/admin/invoices/1/pdf" },
  { method: "POST", path: "/back/api/admin/invoices/1/creditNote", json: { confirm: true } },
  { method: "GET", path: "/back/api/admin/content" },
  { method: "GET", path: "/back/api/admin/content/page/1" },
  { method: "POST", path: "/back/api/admin/content/page/1/draft", json: { slug: "x", title: "x", body: "x" } },
  { method: "POST", path: "/back/api/admin/content/drafts", json: { kind: "page", brand: "fr", lang: "fr", slug: "x", title: "x" } },
  { method: "GET", path: "/back/api/admin/content/drafts/1" },
  { method: "POST", path: "/back/api/admin/content/drafts/1", json: { slug: "x", title: "x" } },
  { method: "POST", path: "/back/api/admin/content/drafts/1/publish", json: {} },
  { method: "DELETE", path: "/back/api/admin/content/drafts/1", json: {} },
  { method: "GET", path: "/back/api/admin/faq" },
  { method: "POST", path: "/back/api/admin/faq/sections", json: { brand: "fr", lang: "fr", type: "general", title: "x" } },
  { method: "GET", path: "/back/api/admin/faq/sections/1" },
  { method: "POST", path: "/back/api/admin/faq/sections/1", json: { title: "x", type: "general" } },
  { method: "DELETE", path: "/back/api/admin/faq/sections/1", json: {} },
  { method: "POST", path: "/back/api/admin/faq/sections/1/move", json: { direction: "down" } },
  { method: "POST", path: "/back/api/admin/faq/sections/1/questions", json: { question: "x", answer: "x" } },
  { method: "GET", path: "/back/api/admin/faq/questions/1" },
  { method: "POST", path: "/back/api/admin/faq/questions/1", json: { question: "x", answer: "x" } },
  { method: "DELETE", path: "/back/api/admin/faq/questions/1", json: {} },
  { method: "POST", path: "/back/api/admin/faq/questions/1/move", json: { direction: "down" } },
  { method: "GET", path: "/back/api/admin/loginImage" },
  { method: "DELETE", path: "/back/api/admin/loginImage/fr", json: {} },
  { method: "GET", path: "/back/api/admin/users" },
  { method: "GET", path: "/back/api/admin/users/1" },
  { method: "POST", path: "/back/api/admin/users/1/invitation", json: {} },
  { method: "POST", path: "/back/api/admin/users/1/admin", json: { isAdmin: "true" } },
  { method: "GET", path: "/back/api/admin/discountCodes" },
  { method: "POST", path: "/back/api/admin/discountCodes", json: { brand: "fr", code: "NEWCODE", kind: "fixed", value: "5" } },
  { method: "POST", path: "/back/api/admin/discountCodes/1/disable", json: {} },
];

describe.each(backends())("back office part B (%s)", (backend) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `it-admin-b-${backend}-`));
  const suite = useSuite(backend, { DATA_DIR: dataDir });

  async function as(email: string | null): Promise<Agent> {
    const agent = suite.agent({ "accept-language": "fr-FR" });
    await agent.csrf();
    if (email) expectEnvelope(await agent.login(email), 200);
    return agent;
  }

  const userId = async (email: string) => (await suite.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0].id;
  /** The audit entries of one thing (ADR 0060), oldest first. */
  const auditOf = async (entityType: string, entityId: number | string) =>
    (
      await suite.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityType, entityType), eq(auditLog.entityId, String(entityId))))
    ).sort((a, b) => a.id - b.id);

  test("guests (401), learners and referents (403) are refused on every endpoint, and nothing is written", async () => {
    const visitors: [string | null, number][] = [
      [null, 401],
      ["learner@demo.test", 403],
      ["holder@demo.test", 403],
    ];
    const uploadFor = () => {
      const form = new FormData();
      form.append("image", new Blob([PNG], { type: "image/png" }), "a.png");
      return form;
    };
    for (const [email, status] of visitors) {
      const agent = await as(email);
      const before = await tableCounts(suite.db);
      for (const endpoint of ENDPOINTS) {
        const reply = await agent.request(endpoint.method, endpoint.path, { json: endpoint.json });
        expect(reply.status, `${email ?? "guest"} ${endpoint.method} ${endpoint.path}`).toBe(status);
      }
      const upload = await agent.request("POST", "/back/api/admin/loginImage/fr", { body: uploadFor() });
      expect(upload.status, `${email ?? "guest"} upload`).toBe(status);
      expect(await tableCounts(suite.db)).toEqual(before);
    }
    expect(fs.existsSync(path.join(dataDir, "uploads", "login"))).toBe(false);
  });

  test("a check payment confirmed: the order is paid, the buyer enrolled and told; the month's export balances in CSV and xlsx", async () => {
    const admin = await as("admin@demo.test");
    const pending = await admin.get("/back/api/admin/checks?brand=fr");
    expectEnvelope(pending, 200);
    const shopId = await userId("shop@demo.test");
    const item = pending.body.data.items.find((i: { buyerEmail: string }) => i.buyerEmail === "shop@demo.test");
    expect(item, "the demo's pending check order").toBeDefined();
    const [order] = await suite.db.select().from(orders).where(eq(orders.id, item.orderId));
    expect(order.status).toBe("pending");
    const lines = await suite.db.select().from(orderLines).where(eq(orderLines.orderId, item.orderId));
    const activeTrainings = async () =>
      new Set((await suite.db.select().from(enrolments).where(eq(enrolments.userId, shopId))).filter((e) => e.status !== "cancelled").map((e) => e.trainingId));
    const enrolledBefore = await activeTrainings();
    // (The demo buyer may already follow what the order buys: the payment then enrols them in the others only.)
    const toEnrol = lines.map((l) => l.trainingId).filter((id) => !enrolledBefore.has(id));

    const confirmed = await admin.post(`/back/api/admin/checks/${item.orderId}/confirm`, {});
    expectEnvelope(confirmed, 200);
    expect(confirmed.body.data).toMatchObject({ orderId: item.orderId, status: "paid" });
    const [paid] = await suite.db.select().from(orders).where(eq(orders.id, item.orderId));
    expect(paid.status).toBe("paid");
    // Enrolled in every training of the order, and in nothing else new.
    const enrolledAfter = await activeTrainings();
    for (const l of lines) expect(enrolledAfter.has(l.trainingId), l.name).toBe(true);
    expect([...enrolledAfter].filter((id) => !enrolledBefore.has(id)).sort()).toEqual([...toEnrol].sort());
    const [invoice] = await suite.db.select().from(invoices).where(eq(invoices.orderId, item.orderId));
    expect(invoice.number).toBe(confirmed.body.data.invoiceNumber);
    const mails = allMails(dataDir);
    expect(mails.some((m) => m.includes(`${invoice.number}.pdf`))).toBe(true);
    const [audit] = await auditOf("order", item.orderId);
    expect(audit).toMatchObject({ action: "order.checkConfirmed", actorId: await userId("admin@demo.test") });
    expect(audit.before).toMatchObject({ status: "pending" });
    expect(audit.after).toMatchObject({ status: "paid", invoiceNumber: invoice.number });

    // Twice: a conflict, and nothing more happens.
    const before = await tableCounts(suite.db);
    expectEnvelope(await admin.post(`/back/api/admin/checks/${item.orderId}/confirm`, {}), 409);
    expect(await tableCounts(suite.db)).toEqual(before);
    expect((await admin.get("/back/api/admin/checks?brand=fr")).body.data.items.some((i: { orderId: number }) => i.orderId === item.orderId)).toBe(false);

    // The export of the invoice's month holds it, balanced.
    const { from, to } = monthOf(toParisDate(invoice.issuedAt));
    const csvReply = await admin.fetchRaw("GET", `/back/api/admin/accounting/export?brand=fr&from=${from}&to=${to}&format=csv`, {});
    expect(csvReply.status).toBe(200);
    expect(csvReply.headers.get("content-type")).toContain("text/csv");
    expect(csvReply.headers.get("content-disposition")).toContain(".csv");
    const csv = (await csvReply.text()).replace(/^\uFEFF/, "");
    const rows = csv
      .trimEnd()
      .split("\r\n")
      .map((r) => r.split(";"));
    expect(rows[0]).toEqual(["Journal", "Date", "Compte", "N° de pièce", "Libellé", "Débit", "Crédit"]);
    const mine = rows.filter((r) => r[3] === invoice.number);
    expect(mine.length).toBeGreaterThanOrEqual(2);
    const cents = (v: string) => (v ? Math.round(Number(v.replace(",", ".")) * 100) : 0);
    expect(mine.reduce((n, r) => n + cents(r[5]), 0)).toBe(invoice.totalWithVatCents);
    expect(mine.reduce((n, r) => n + cents(r[5]) - cents(r[6]), 0)).toBe(0);
    const all = rows.slice(1);
    expect(all.reduce((n, r) => n + cents(r[5]) - cents(r[6]), 0)).toBe(0);

    const xlsxReply = await admin.fetchRaw("GET", `/back/api/admin/accounting/export?brand=fr&from=${from}&to=${to}&format=xlsx`, {});
    expect(xlsxReply.status).toBe(200);
    expect(xlsxReply.headers.get("content-type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    const sheet = readFirstSheet(new Uint8Array(await xlsxReply.arrayBuffer()));
    expect(sheet[0][0]).toBe("Journal");
    const sheetMine = sheet.filter((r) => r[3] === invoice.number);
    expect(sheetMine.length).toBe(mine.length);
    const euros = (v: string | undefined) => (v ? Math.round(Number(v) * 100) : 0);
    expect(sheet.slice(1).reduce((n, r) => n + euros(r[5]) - euros(r[6]), 0)).toBe(0);
  });

  test("a check order for a session seat: the seat is booked and the buyer enrolled, compared before and after; a second confirmation changes nothing", async () => {
    const admin = await as("admin@demo.test");
    const [f2f] = await storeTrainings(suite.db, "fr", "faceToFaceOnly");
    const { group, session } = await createSession(suite.db, f2f.id, { seats: 3, booked: 1 });
    const [buyerId] = await createShopBuyers(suite.db, 1, `check-seat-${backend}`);
    const buyer = await agentFor(suite, buyerId, null);
    const cart = (await buyer.post("/back/api/shop/add/products", { products: [f2f.id] })).body.data;
    const line = cart.products[0];
    const functions = (await buyer.post("/back/api/shop/getAvailableFunctions/product", { productId: line.productId })).body.data;
    if (functions.length > 0)
      expectEnvelope(await buyer.post("/back/api/shop/setProductFunction/product", { productCartId: line.id, functionName: functions[0].name }), 200);
    expectEnvelope(
      await buyer.post("/back/api/shop/setProductSession/product", { productCartId: line.id, sessionId: session.id, sessionCourseId: group.id }),
      200,
    );
    const check = await buyer.get("/back/api/shop/payByCheck", { headers: { "x-xsrf-token": decodeURIComponent(buyer.cookies.get("XSRF-TOKEN") ?? "") } });
    expectEnvelope(check, 200);

    // Before: a pending order, no seat taken, no enrolment.
    const seats = async () => (await sessionRow(suite.db, session.id)).currentParticipants;
    const buyerEnrolments = async () => suite.db.select().from(enrolments).where(eq(enrolments.userId, buyerId));
    expect(await seats()).toBe(1);
    expect(await buyerEnrolments()).toEqual([]);
    expectEnvelope(await admin.post(`/back/api/admin/checks/${check.body.data.id}/confirm`, {}), 200);
    // After: one seat more, one pending booking in that session, the order paid.
    expect(await seats()).toBe(2);
    expect((await buyerEnrolments()).map((e) => ({ trainingId: e.trainingId, sessionId: e.sessionId, status: e.status }))).toEqual([
      { trainingId: f2f.id, sessionId: session.id, status: "pending" },
    ]);
    expect((await suite.db.select().from(orders).where(eq(orders.id, check.body.data.id)))[0].status).toBe("paid");
    // The buyer is told: the order page shows it paid with its invoice.
    expect((await buyer.get(`/back/api/shop/command/${check.body.data.id}`)).body.data).toMatchObject({
      status: "paid",
      invoice: { number: expect.stringMatching(/^FR-/) },
    });

    const before = await tableCounts(suite.db);
    expectEnvelope(await admin.post(`/back/api/admin/checks/${check.body.data.id}/confirm`, {}), 409);
    expect(await seats()).toBe(2);
    expect(await tableCounts(suite.db)).toEqual(before);
  });

  test("export bad input: 422 per field, and a period upside down", async () => {
    const admin = await as("admin@demo.test");
    const bad = await admin.get("/back/api/admin/accounting/export?brand=xx&from=2026-13-01&to=&format=pdf");
    expectEnvelope(bad, 422);
    expect(Object.keys(bad.body.data.errors).sort()).toEqual(["brand", "format", "from", "to"]);
    const upside = await admin.get("/back/api/admin/accounting/export?brand=fr&from=2026-02-01&to=2026-01-01&format=csv");
    expectEnvelope(upside, 422);
    expect(upside.body.data.errors.to).toEqual(["La période doit aller d'une date à une date égale ou postérieure, sur un an au plus."]);
    expectEnvelope(await admin.get("/back/api/admin/accounting/export?brand=fr&from=2026-01-01&to=2026-01-31&format=csv&extra=1"), 422);
  });

  test("a content page: the draft is sanitised and previewed, the public page changes only when published", async () => {
    const admin = await as("admin@demo.test");
    const list = await admin.get("/back/api/admin/content?brand=fr&kind=page");
    expectEnvelope(list, 200);
    const page = list.body.data.items.find((i: { slug: string }) => i.slug === "qui-sommes-nous");
    expect(page).toBeDefined();
    const searched = await admin.get("/back/api/admin/content?brand=fr&q=QUI%20SOMMES");
    expect(searched.body.data.items.map((i: { slug: string }) => i.slug)).toEqual(["qui-sommes-nous"]);
    // The demo's draft news item is listed, not online.
    const drafts = (await admin.get("/back/api/admin/content?brand=fr&kind=news")).body.data.items.filter((i: { id: number | null }) => i.id === null);
    expect(drafts).toEqual([expect.objectContaining({ slug: "nouvelles-sessions-presentielles", published: false })]);
    const publicBefore = await (await as(null)).get("/back/api/content/pages/qui-sommes-nous");
    expectEnvelope(publicBefore, 200);

    const hostile = `<p onclick="alert(1)">Nouveau texte <strong>gras</strong></p><script>alert(2)</script><a href="javascript:alert(3)">lien</a><img src="x" onerror="alert(4)"><iframe src="https://evil.test"></iframe>`;
    const saved = await admin.post(`/back/api/admin/content/page/${page.id}/draft`, { slug: "qui-sommes-nous", title: "Qui sommes-nous ?", body: hostile });
    expectEnvelope(saved, 200);
    const body: string = saved.body.data.draft.body;
    expect(body).toContain("<strong>gras</strong>");
    for (const bad of ["<script", "onclick", "onerror", "javascript:", "<iframe", "alert(2)"]) expect(body).not.toContain(bad);
    expect((await (await as(null)).get("/back/api/content/pages/qui-sommes-nous")).body.data.body).toBe(publicBefore.body.data.body);

    const published = await admin.post(`/back/api/admin/content/drafts/${saved.body.data.draftId}/publish`, {});
    expectEnvelope(published, 200);
    expect(published.body.data.draft).toBeNull();
    expect(published.body.data.publicPath).toBe("/pages/qui-sommes-nous");
    const publicAfter = await (await as(null)).get("/back/api/content/pages/qui-sommes-nous");
    expect(publicAfter.body.data.title).toBe("Qui sommes-nous ?");
    expect(publicAfter.body.data.body).toContain("Nouveau texte");
    expect(publicAfter.body.data.body).not.toContain("onclick");
    const audits = await auditOf("page", page.id);
    expect(audits.map((a) => a.action)).toEqual(["content.draftSaved", "content.published"]);
    expect(audits[1].before).toMatchObject({ title: publicBefore.body.data.title });
    expect(audits[1].after).toMatchObject({ title: "Qui sommes-nous ?" });
  });

  test("create-page: a new draft is not online until published; a taken address is refused on its field", async () => {
    const admin = await as("admin@demo.test");
    const taken = await admin.post("/back/api/admin/content/drafts", { kind: "page", brand: "fr", lang: "fr", slug: "mentions-legales", title: "Doublon" });
    expectEnvelope(taken, 409);
    expect(taken.body.data.errors.slug).toEqual(["Cette adresse est déjà utilisée par un autre contenu de cette marque."]);
    const badSlug = await admin.post("/back/api/admin/content/drafts", { kind: "page", brand: "fr", lang: "fr", slug: "Pas Bon!", title: "" });
    expectEnvelope(badSlug, 422);
    expect(Object.keys(badSlug.body.data.errors).sort()).toEqual(["slug", "title"]);

    const created = await admin.post("/back/api/admin/content/drafts", {
      kind: "page",
      brand: "fr",
      lang: "fr",
      slug: `nouvelle-page-${backend}`,
      title: "Nouvelle page",
      body: "<p>Bonjour</p>",
    });
    expectEnvelope(created, 201);
    expect(created.body.data.id).toBeNull();
    expectEnvelope(await (await as(null)).get(`/back/api/content/pages/nouvelle-page-${backend}`), 404);
    expectEnvelope(await admin.post(`/back/api/admin/content/drafts/${created.body.data.draftId}/publish`, {}), 200);
    const online = await (await as(null)).get(`/back/api/content/pages/nouvelle-page-${backend}`);
    expectEnvelope(online, 200);
    expect(online.body.data.body).toBe("<p>Bonjour</p>");
    const rows = await suite.db
      .select()
      .from(contentPages)
      .where(and(eq(contentPages.brand, "fr"), eq(contentPages.slug, `nouvelle-page-${backend}`)));
    expect(rows).toHaveLength(1);

    // A discarded draft is gone; a second publish of it is a 404.
    const other = await admin.post("/back/api/admin/content/drafts", {
      kind: "news",
      brand: "fr",
      lang: "fr",
      slug: `breve-${backend}`,
      title: "Brève",
      summary: "Résumé",
    });
    expectEnvelope(other, 201);
    expectEnvelope(await admin.request("DELETE", `/back/api/admin/content/drafts/${other.body.data.draftId}`, { json: {} }), 200);
    expectEnvelope(await admin.post(`/back/api/admin/content/drafts/${other.body.data.draftId}/publish`, {}), 404);
  });

  test("FAQ: a section and its questions, created, reordered, edited (answers sanitised), deleted", async () => {
    const admin = await as("admin@demo.test");
    const section = await admin.post("/back/api/admin/faq/sections", { brand: "be", lang: "fr", type: "general", title: "Rubrique test" });
    expectEnvelope(section, 201);
    const sectionId = section.body.data.id;
    const q1 = await admin.post(`/back/api/admin/faq/sections/${sectionId}/questions`, { question: "Première ?", answer: "<p>Oui</p><script>x()</script>" });
    const q2 = await admin.post(`/back/api/admin/faq/sections/${sectionId}/questions`, { question: "Deuxième ?", answer: "<p>Non</p>" });
    expectEnvelope(q1, 201);
    expect(q1.body.data.answer).toBe("<p>Oui</p>");
    expectEnvelope(await admin.post(`/back/api/admin/faq/questions/${q2.body.data.id}/move`, { direction: "up" }), 200);
    const after = await admin.get(`/back/api/admin/faq/sections/${sectionId}`);
    expect(after.body.data.questions.map((q: { question: string }) => q.question)).toEqual(["Deuxième ?", "Première ?"]);
    // At the top already: nothing moves.
    expectEnvelope(await admin.post(`/back/api/admin/faq/questions/${q2.body.data.id}/move`, { direction: "up" }), 200);
    expect((await admin.get(`/back/api/admin/faq/sections/${sectionId}`)).body.data.questions[0].id).toBe(q2.body.data.id);
    const bad = await admin.post(`/back/api/admin/faq/questions/${q1.body.data.id}`, { question: "", answer: "" });
    expectEnvelope(bad, 422);
    expect(Object.keys(bad.body.data.errors).sort()).toEqual(["answer", "question"]);
    expectEnvelope(await admin.request("DELETE", `/back/api/admin/faq/questions/${q1.body.data.id}`, { json: {} }), 200);
    expectEnvelope(await admin.request("DELETE", `/back/api/admin/faq/sections/${sectionId}`, { json: {} }), 200);
    expectEnvelope(await admin.get(`/back/api/admin/faq/questions/${q2.body.data.id}`), 404);
  });

  test("login image: wrong type, too large, any SVG refused (nothing stored, ADR 0105); a PNG accepted", async () => {
    const admin = await as("admin@demo.test");
    const send = (bytes: Uint8Array<ArrayBuffer> | string, name: string, type: string) => {
      const form = new FormData();
      form.append("image", new Blob([bytes], { type }), name);
      return admin.request("POST", "/back/api/admin/loginImage/fr", { body: form });
    };
    const before = await tableCounts(suite.db);
    const pdf = await send("%PDF-1.4 not an image", "a.png", "image/png");
    expectEnvelope(pdf, 422);
    expect(pdf.body.data.errors.image).toEqual(["Ce fichier n'est pas une image PNG, JPEG ou WebP."]);
    const big = await send(new Uint8Array([...PNG, ...new Uint8Array(2 * 1024 * 1024)]) as Uint8Array<ArrayBuffer>, "big.png", "image/png");
    expectEnvelope(big, 413);
    for (const svg of [
      `<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>`,
      `<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect/></svg>`,
      `<svg xmlns="http://www.w3.org/2000/svg"><a href="javascript:alert(1)"><rect/></a></svg>`,
      `<svg xmlns="http://www.w3.org/2000/svg"><foreignObject><body xmlns="http://www.w3.org/1999/xhtml"/></foreignObject></svg>`,
      // What passed the former deny-list (issue 28), and a plain drawing: SVG is not accepted at all.
      `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><a xlink:href="javascript&#58;alert(1)"><rect width="9" height="9"/></a></svg>`,
      `<svg xmlns="http://www.w3.org/2000/svg"><a><set attributeName="href" to="javascript:alert(1)"/><rect width="9" height="9"/></a></svg>`,
      `<svg xmlns="http://www.w3.org/2000/svg"><a><animate attributeName="href" values="javascript:alert(1)"/><text y="9">x</text></a></svg>`,
      `<svg xmlns="http://www.w3.org/2000/svg"><style>@import 'https://evil.test/a.css';</style></svg>`,
      `<svg xmlns="http://www.w3.org/2000/svg"><use href="https://evil.test/sprite.svg#x"/></svg>`,
      SAFE_SVG,
    ]) {
      const reply = await send(svg, "a.svg", "image/svg+xml");
      expectEnvelope(reply, 422);
      expect(reply.body.data.errors.image).toEqual(["Les images SVG ne sont pas acceptées : enregistrez l'image en PNG, JPEG ou WebP."]);
    }
    expect(await tableCounts(suite.db)).toEqual(before);
    expect(fs.existsSync(path.join(dataDir, "uploads", "login")) ? fs.readdirSync(path.join(dataDir, "uploads", "login")) : []).toEqual([]);

    const first = await send(new Uint8Array(PNG), "x.svg", "image/svg+xml");
    expectEnvelope(first, 200);
    expect(first.body.data.url).toMatch(/^\/uploads\/login\/[0-9a-f]{16}-[0-9a-f]{12}\.png$/);
    const png = await send(new Uint8Array(PNG), "logo.png", "image/png");
    expectEnvelope(png, 200);
    expect(png.body.data.url).not.toBe(first.body.data.url);
    // The previous file is removed; the public API gives the new one to the brand's host.
    expect(fs.readdirSync(path.join(dataDir, "uploads", "login"))).toHaveLength(1);
    expect((await (await as(null)).get("/back/api/content/loginImage")).body.data.url).toBe(png.body.data.url);
    expectEnvelope(await admin.request("DELETE", "/back/api/admin/loginImage/fr", { json: {} }), 200);
    expect((await (await as(null)).get("/back/api/content/loginImage")).body.data.url).toBeNull();
  });

  test("users: found, seen with enrolments and orders, re-invited, made admin; never oneself away from admin", async () => {
    const admin = await as("admin@demo.test");
    const found = await admin.get("/back/api/admin/users?q=learner%40demo");
    expectEnvelope(found, 200);
    const learner = found.body.data.items.find((u: { email: string }) => u.email === "learner@demo.test");
    expect(learner).toBeDefined();
    const detail = await admin.get(`/back/api/admin/users/${learner.id}`);
    expectEnvelope(detail, 200);
    expect(detail.body.data.enrolments.length).toBeGreaterThan(0);
    expect(detail.body.data.isSelf).toBe(false);

    const tokensBefore = await suite.db
      .select()
      .from(authTokens)
      .where(and(eq(authTokens.userId, learner.id), eq(authTokens.kind, "password_reset")));
    const invited = await admin.post(`/back/api/admin/users/${learner.id}/invitation`, {});
    expectEnvelope(invited, 200);
    expect(invited.body.message).toContain("learner@demo.test");
    const tokensAfter = await suite.db
      .select()
      .from(authTokens)
      .where(and(eq(authTokens.userId, learner.id), eq(authTokens.kind, "password_reset")));
    expect(tokensAfter.length).toBe(tokensBefore.length + 1);

    expectEnvelope(await admin.post(`/back/api/admin/users/${learner.id}/admin`, { isAdmin: "true" }), 200);
    expect((await suite.db.select({ a: users.isAdmin }).from(users).where(eq(users.id, learner.id)))[0].a).toBe(true);
    expectEnvelope(await admin.post(`/back/api/admin/users/${learner.id}/admin`, { isAdmin: "false" }), 200);
    expect((await suite.db.select({ a: users.isAdmin }).from(users).where(eq(users.id, learner.id)))[0].a).toBe(false);

    const self = await userId("admin@demo.test");
    const refused = await admin.post(`/back/api/admin/users/${self}/admin`, { isAdmin: "false" });
    expectEnvelope(refused, 409);
    expect((await suite.db.select({ a: users.isAdmin }).from(users).where(eq(users.id, self)))[0].a).toBe(true);
    expect((await auditOf("user", learner.id)).map((a) => a.action)).toEqual(["user.invitationSent", "user.madeAdmin", "user.adminRemoved"]);
    expect(await auditOf("user", self)).toEqual([]);
    expectEnvelope(await admin.post(`/back/api/admin/users/${self}/admin`, { isAdmin: "maybe" }), 422);
    expectEnvelope(await admin.get("/back/api/admin/users/999999"), 404);
  });

  test("discount codes: created (bad input refused per field, duplicates refused), disabled: the cart then refuses it", async () => {
    const admin = await as("admin@demo.test");
    const bad = await admin.post("/back/api/admin/discountCodes", {
      brand: "fr",
      code: "a",
      kind: "percentage",
      value: "150",
      validFrom: "2026-02-10",
      validUntil: "2026-01-01",
      maxUses: "-1",
    });
    expectEnvelope(bad, 422);
    expect(Object.keys(bad.body.data.errors).sort()).toEqual(["code", "maxUses", "validUntil", "value"]);
    const created = await admin.post("/back/api/admin/discountCodes", {
      brand: "fr",
      code: `noel${backend}`,
      kind: "percentage",
      value: "12,5",
      maxUses: "10",
    });
    expectEnvelope(created, 201);
    expect(created.body.data).toMatchObject({ code: `NOEL${backend.toUpperCase()}`, value: 1250, active: true, maxUses: 10 });
    const duplicate = await admin.post("/back/api/admin/discountCodes", { brand: "fr", code: `Noel${backend}`, kind: "fixed", value: "5" });
    expectEnvelope(duplicate, 409);
    expect(duplicate.body.data.errors.code).toBeDefined();

    const listed = await admin.get("/back/api/admin/discountCodes?brand=fr");
    expect(listed.body.data.items.some((c: { code: string; active: boolean }) => c.code === `NOEL${backend.toUpperCase()}` && c.active)).toBe(true);

    // A shop customer's cart takes the code while it is active.
    const code = `NOEL${backend.toUpperCase()}`;
    const [buyerId] = await createShopBuyers(suite.db, 1, `codes-${backend}`);
    const buyer = await agentFor(suite, buyerId, null);
    const [training] = await storeTrainings(suite.db, "fr", "formation");
    expectEnvelope(await buyer.post("/back/api/shop/add/products", { products: [training.id] }), 200);
    const applied = await buyer.post(`/back/api/shop/addDiscount/${code}`, {});
    expectEnvelope(applied, 200);
    expect(applied.body.data).toMatchObject({ discountCode: code });
    expect(applied.body.data.totalDiscount).toBe(Math.round(training.priceHtCents * 0.125));

    expectEnvelope(await admin.post(`/back/api/admin/discountCodes/${created.body.data.id}/disable`, {}), 200);
    // Disabled: the cart that held it no longer applies it, and applying it again is refused as expired.
    const cart = (await buyer.get("/back/api/shop/cart")).body.data;
    expect(cart).toMatchObject({ discountCode: null, totalDiscount: 0, total: training.priceHtCents });
    const cartsBefore = await tableCounts(suite.db);
    const refused = await buyer.post(`/back/api/shop/addDiscount/${code}`, {});
    expectEnvelope(refused, 409);
    expect(refused.body.message).toBe(`Le code ${code} a expiré.`);
    expect((await buyer.get("/back/api/shop/cart")).body.data).toMatchObject({ discountCode: null, totalDiscount: 0 });
    expect(await tableCounts(suite.db)).toEqual(cartsBefore);
    const [row] = await suite.db.select().from(discountCodes).where(eq(discountCodes.id, created.body.data.id));
    expect(row.validUntil!.getTime()).toBeLessThanOrEqual(Date.now());
    const after = await admin.get("/back/api/admin/discountCodes?brand=fr");
    expect(after.body.data.items.find((c: { id: number }) => c.id === created.body.data.id).active).toBe(false);
    expectEnvelope(await admin.post("/back/api/admin/discountCodes/999999/disable", {}), 404);
    expect((await auditOf("discountCode", created.body.data.id)).map((a) => a.action)).toEqual(["discountCode.created", "discountCode.disabled"]);
  });
});
