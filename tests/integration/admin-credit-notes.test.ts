// Credit notes (ADR 0094): an administrator reverses a paid shop invoice in full, after a confirmation step. One
// credit note per invoice (a second request, or two at once, change nothing), numbered in the brand's credit-note
// series; the payment's unfinished enrolments are cancelled and their seat goes to the waiting list; a finished one
// stays; audited. The buyer sees it on the order and in the pharmacy's invoices tab, its PDF reads "Avoir", and the
// accounting export books it as the reversed entry, in CSV and .xlsx. Refusals change nothing.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { monthOf } from "#core/domain/accounting.ts";
import { toParisDate } from "#core/domain/dates.ts";
import { extractPdfText } from "../../server/pdf/pdf-text.ts";
import { auditLog, enrolments, invoiceCounters, invoices, notifications, orderLines, orders, users } from "../../server/db/schema/index.ts";
import { readFirstSheet } from "../fixtures/read-xlsx.ts";
import { backends, tableCounts } from "./support/database.ts";
import { type Agent, expectEnvelope } from "./support/http.ts";
import { useSuite } from "./support/setup.ts";
import { agentFor, createSession, sessionRow } from "./enrolment-helpers.ts";
import { createShopBuyers, csrfHeader, storeTrainings } from "./shop-helpers.ts";
import { cookieBrowser, decodeHtml, pageRequest } from "./support/page-request.ts";

const request = pageRequest;

const decode = decodeHtml;
const cents = (v: string | undefined) => (v ? Math.round(Number(v.replace(",", ".")) * 100) : 0);

describe.each(backends())("credit notes (%s)", (backend) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `it-credit-notes-${backend}-`));
  const suite = useSuite(backend, { DATA_DIR: dataDir });

  async function as(email: string | null): Promise<Agent> {
    const agent = suite.agent({ "accept-language": "fr-FR" });
    await agent.csrf();
    if (email) expectEnvelope(await agent.login(email), 200);
    return agent;
  }
  const userId = async (email: string) => (await suite.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0].id;
  const auditOf = async (entityType: string, entityId: number) =>
    (
      await suite.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityType, entityType), eq(auditLog.entityId, String(entityId))))
    ).sort((a, b) => a.id - b.id);
  const fillLine = async (agent: Agent, line: { id: number; productId: number }) => {
    const functions = await agent.post("/back/api/shop/getAvailableFunctions/product", { productId: line.productId });
    expectEnvelope(functions, 200);
    if (functions.body.data.length > 0)
      expectEnvelope(await agent.post("/back/api/shop/setProductFunction/product", { productCartId: line.id, functionName: functions.body.data[0].name }), 200);
  };

  /**
   * A shop customer buys a face-to-face training (the last seat of its session) and two e-learning trainings, pays by
   * check, and an administrator confirms the check: a paid order, its invoice and three enrolments.
   */
  async function paidOrder(tag: string) {
    const [f2f] = await storeTrainings(suite.db, "fr", "faceToFaceOnly");
    const [first, second] = await storeTrainings(suite.db, "fr", "formation");
    const { group, session } = await createSession(suite.db, f2f.id, { seats: 1 });
    const [buyerId] = await createShopBuyers(suite.db, 1, `${tag}-${backend}`);
    const buyer = await agentFor(suite, buyerId, null);
    const cart = (await buyer.post("/back/api/shop/add/products", { products: [f2f.id, first.id, second.id] })).body.data;
    for (const line of cart.products) await fillLine(buyer, line);
    const f2fLine = cart.products.find((p: { productId: number }) => p.productId === f2f.id);
    expectEnvelope(
      await buyer.post("/back/api/shop/setProductSession/product", { productCartId: f2fLine.id, sessionId: session.id, sessionCourseId: group.id }),
      200,
    );
    const check = await buyer.get("/back/api/shop/payByCheck", { headers: csrfHeader(buyer) });
    expectEnvelope(check, 200);
    const admin = await as("admin@demo.test");
    expectEnvelope(await admin.post(`/back/api/admin/checks/${check.body.data.id}/confirm`, {}), 200);
    const orderId = check.body.data.id as number;
    const [invoice] = await suite.db.select().from(invoices).where(eq(invoices.orderId, orderId));
    return { admin, buyer, buyerId, orderId, invoice, session, f2f, first, second };
  }

  test("a paid invoice credited: its own series, the unfinished enrolments cancelled and the seat to the waiting list, audited; asked again, nothing changes", async () => {
    const { admin, buyer, buyerId, orderId, invoice, session, f2f, first, second } = await paidOrder("credit");
    const mine = async () => Object.fromEntries((await suite.db.select().from(enrolments).where(eq(enrolments.userId, buyerId))).map((e) => [e.trainingId, e]));
    const booked = await mine();
    expect([booked[f2f.id].status, booked[first.id].status, booked[second.id].status]).toEqual(["pending", "in_progress", "in_progress"]);
    // The second e-learning is finished by now; someone waits for the session's only seat.
    await suite.db.update(enrolments).set({ status: "finished", progressPercent: 100, finishedAt: new Date() }).where(eq(enrolments.id, booked[second.id].id));
    const [waiterId] = await createShopBuyers(suite.db, 1, `waiter-${backend}`);
    const [waiting] = await suite.db
      .insert(enrolments)
      .values({ userId: waiterId, trainingId: f2f.id, sessionId: session.id, status: "waiting_list", waitingListPosition: 1 })
      .returning();
    expect(await sessionRow(suite.db, session.id)).toMatchObject({ currentParticipants: 1, maxParticipants: 1 });

    // Without the confirmation: refused, nothing written.
    const before = await tableCounts(suite.db);
    const unconfirmed = await admin.post(`/back/api/admin/invoices/${invoice.id}/creditNote`, {});
    expectEnvelope(unconfirmed, 422);
    expect(Object.keys(unconfirmed.body.data.errors)).toEqual(["confirm"]);
    expectEnvelope(await admin.post(`/back/api/admin/invoices/${invoice.id}/creditNote`, { confirm: false }), 422);
    expect(await tableCounts(suite.db)).toEqual(before);

    const year = Number(toParisDate(new Date()).slice(0, 4));
    const counter = async (series: string) =>
      (
        await suite.db
          .select()
          .from(invoiceCounters)
          .where(and(eq(invoiceCounters.brand, "fr"), eq(invoiceCounters.series, series), eq(invoiceCounters.year, year)))
      )[0]?.lastNumber ?? 0;
    const invoiceCounterBefore = await counter("invoice");
    const creditCounterBefore = await counter("creditNote");

    const issued = await admin.post(`/back/api/admin/invoices/${invoice.id}/creditNote`, { confirm: true });
    expectEnvelope(issued, 201);
    const number = `FR-AV-${year}-${String(creditCounterBefore + 1).padStart(6, "0")}`;
    expect(issued.body.data).toMatchObject({
      created: true,
      invoiceId: invoice.id,
      creditNote: { number, totalWithVat: invoice.totalWithVatCents, currency: "EUR" },
      cancelledEnrolments: 2,
    });
    expect(issued.body.message).toBe(`Avoir ${number} émis : la facture est annulée en totalité.`);
    const [note] = await suite.db.select().from(invoices).where(eq(invoices.creditedInvoiceId, invoice.id));
    expect(note).toMatchObject({
      kind: "creditNote",
      orderId: null,
      brand: "fr",
      year,
      sequence: creditCounterBefore + 1,
      number,
      totalCents: invoice.totalCents,
      vatCents: invoice.vatCents,
      totalWithVatCents: invoice.totalWithVatCents,
      vatRateBasisPoints: invoice.vatRateBasisPoints,
    });
    expect(note.buyer).toEqual(invoice.buyer);
    // Its own series: the invoices' counter did not move.
    expect(await counter("invoice")).toBe(invoiceCounterBefore);
    expect(await counter("creditNote")).toBe(creditCounterBefore + 1);

    // The session's seat went to the first in line; the finished training stays.
    const after = await mine();
    expect([after[f2f.id].status, after[first.id].status, after[second.id].status]).toEqual(["cancelled", "cancelled", "finished"]);
    expect((await suite.db.select().from(enrolments).where(eq(enrolments.id, waiting.id)))[0]).toMatchObject({ status: "pending", waitingListPosition: null });
    expect(await sessionRow(suite.db, session.id)).toMatchObject({ currentParticipants: 1, maxParticipants: 1 });
    // The order keeps its payment: it was paid.
    expect((await suite.db.select().from(orders).where(eq(orders.id, orderId)))[0].status).toBe("paid");

    const [audit] = await auditOf("invoice", invoice.id);
    expect(audit).toMatchObject({ action: "invoice.creditNoteIssued", actorId: await userId("admin@demo.test") });
    expect(audit.before).toMatchObject({ number: invoice.number, creditNote: null });
    expect(audit.after).toMatchObject({ creditNote: { id: note.id, number }, promotedEnrolments: [waiting.id] });
    expect((audit.after as { enrolments: { id: number; status: string }[] }).enrolments.map((e) => e.id).sort()).toEqual(
      [booked[f2f.id].id, booked[first.id].id].sort(),
    );
    // The buyer and the promoted learner are told.
    expect(
      (await suite.db.select().from(notifications).where(eq(notifications.userId, buyerId))).some(
        (n) => n.title === "Votre commande est annulée" && n.body.includes(number),
      ),
    ).toBe(true);
    expect(await suite.db.select().from(notifications).where(eq(notifications.userId, waiterId))).toHaveLength(1);

    // Asked again: the same credit note, and nothing written.
    const again = await tableCounts(suite.db);
    const second_ = await admin.post(`/back/api/admin/invoices/${invoice.id}/creditNote`, { confirm: true });
    expectEnvelope(second_, 200);
    expect(second_.body.data).toMatchObject({ created: false, creditNote: { id: note.id, number }, cancelledEnrolments: 0 });
    expect(await tableCounts(suite.db)).toEqual(again);

    // The buyer's order shows it, and its PDF reads as a credit note of that invoice.
    const order = (await buyer.get(`/back/api/shop/command/${orderId}`)).body.data;
    expect(order.invoice.number).toBe(invoice.number);
    expect(order.creditNote).toMatchObject({ id: note.id, number, downloadPath: `/back/api/shop/creditNote/${orderId}` });
    const pdf = await buyer.fetchRaw("GET", order.creditNote.downloadPath, {});
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-disposition")).toContain(`${number}.pdf`);
    const text = extractPdfText(new Uint8Array(await pdf.arrayBuffer())).replace(/\n/g, " ");
    expect(text).toContain(`Avoir n° ${number}`);
    expect(text).toContain(`Avoir annulant en totalité la facture n° ${invoice.number}`);
    expect(text).toContain(f2f.name.slice(0, 20));
    const euros = (value: number) => `-${Math.floor(value / 100)},${String(value % 100).padStart(2, "0")}`;
    expect(text.replace(/\s/g, "")).toContain(`${euros(invoice.totalWithVatCents)}€`);
    // Another customer cannot read it.
    const stranger = await agentFor(suite, (await createShopBuyers(suite.db, 1, `stranger-${backend}`))[0], null);
    expectEnvelope(await stranger.get(`/back/api/shop/creditNote/${orderId}`), 404);

    // The back office's list shows both documents, linked.
    const listed = (await admin.get(`/back/api/admin/invoices?q=${encodeURIComponent(invoice.number)}`)).body.data.items;
    expect(listed).toEqual([expect.objectContaining({ id: invoice.id, kind: "order", creditNote: { id: note.id, number }, creditable: false })]);
    const notes = (await admin.get(`/back/api/admin/invoices?kind=creditNote&q=${number}`)).body.data.items;
    expect(notes).toEqual([
      expect.objectContaining({ id: note.id, kind: "creditNote", creditedInvoice: { id: invoice.id, number: invoice.number }, creditable: false }),
    ]);
    const adminPdf = await admin.fetchRaw("GET", `/back/api/admin/invoices/${note.id}/pdf`, {});
    expect(adminPdf.status).toBe(200);
    expect(extractPdfText(new Uint8Array(await adminPdf.arrayBuffer()))).toContain(number);

    // The month's export books the reversed entry: the customer credited, sales and VAT debited; balanced.
    const { from, to } = monthOf(toParisDate(note.issuedAt));
    const csvReply = await admin.fetchRaw("GET", `/back/api/admin/accounting/export?brand=fr&from=${from}&to=${to}&format=csv`, {});
    const rows = (await csvReply.text())
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n")
      .map((r) => r.split(";"));
    const noteRows = rows.filter((r) => r[3] === number);
    const invoiceRows = rows.filter((r) => r[3] === invoice.number);
    expect(noteRows.map((r) => r[2])).toEqual(invoiceRows.map((r) => r[2]));
    expect(noteRows.find((r) => r[2] === "411000")).toMatchObject({ 5: "", 6: invoiceRows.find((r) => r[2] === "411000")![5] });
    expect(noteRows.find((r) => r[2] === "706000")).toMatchObject({ 5: invoiceRows.find((r) => r[2] === "706000")![6], 6: "" });
    expect(noteRows[0][4]).toMatch(new RegExp(`^Avoir ${number} `));
    expect(noteRows.reduce((n, r) => n + cents(r[5]) - cents(r[6]), 0)).toBe(0);
    expect(noteRows.reduce((n, r) => n + cents(r[6]), 0)).toBe(note.totalWithVatCents);
    const xlsx = await admin.fetchRaw("GET", `/back/api/admin/accounting/export?brand=fr&from=${from}&to=${to}&format=xlsx`, {});
    const sheet = readFirstSheet(new Uint8Array(await xlsx.arrayBuffer()));
    const sheetRows = sheet.filter((r) => r[3] === number);
    expect(sheetRows).toHaveLength(noteRows.length);
    expect(sheetRows.reduce((n, r) => n + Math.round(Number(r[6] || 0) * 100), 0)).toBe(note.totalWithVatCents);
  });

  test("refused: a funding payer's invoice, a credit note, an unknown id; two requests at once give one credit note; the pharmacy's tab lists it", async () => {
    const admin = await as("admin@demo.test");
    const [funding] = await suite.db.select().from(invoices).where(eq(invoices.kind, "funding")).limit(1);
    expect(funding, "the demo has funding invoices").toBeDefined();
    const before = await tableCounts(suite.db);
    const refused = await admin.post(`/back/api/admin/invoices/${funding.id}/creditNote`, { confirm: true });
    expectEnvelope(refused, 409);
    expect(refused.body.message).toBe("Seule une facture de la boutique peut recevoir un avoir ici.");
    expectEnvelope(await admin.post("/back/api/admin/invoices/999999/creditNote", { confirm: true }), 404);
    expect(await tableCounts(suite.db)).toEqual(before);

    // The holder's paid order of the demo, credited twice at the same moment: one credit note, one audit row.
    const holderId = await userId("holder@demo.test");
    const holder = await as("holder@demo.test");
    const accountId = (await holder.get("/back/api/user")).body.data.currentAccountId as number;
    const [holderInvoice] = await suite.db
      .select({ invoice: invoices })
      .from(invoices)
      .innerJoin(orders, eq(orders.id, invoices.orderId))
      .where(and(eq(orders.userId, holderId), eq(orders.accountId, accountId), eq(orders.status, "paid"), eq(orders.kind, "shop")))
      .limit(1);
    expect(holderInvoice, "the holder's paid order for the pharmacy").toBeDefined();
    const lines = await suite.db.select().from(orderLines).where(eq(orderLines.orderId, holderInvoice.invoice.orderId!));
    const bought = async () =>
      (await holder.get("/back/api/referent/attributeApprenants/options")).body.data.products as { trainingId: number; quantity: number }[];
    const holderEnrolments = async () =>
      (await suite.db.select({ id: enrolments.id, status: enrolments.status }).from(enrolments).where(eq(enrolments.userId, holderId))).sort(
        (a, b) => a.id - b.id,
      );
    const boughtBefore = await bought();
    const enrolmentsBefore = await holderEnrolments();
    const replies = await Promise.all([1, 2].map(() => admin.post(`/back/api/admin/invoices/${holderInvoice.invoice.id}/creditNote`, { confirm: true })));
    expect(replies.map((r) => r.status).sort()).toEqual([200, 201]);
    const notes = await suite.db.select().from(invoices).where(eq(invoices.creditedInvoiceId, holderInvoice.invoice.id));
    expect(notes).toHaveLength(1);
    expect(replies.map((r) => r.body.data.creditNote.number)).toEqual([notes[0].number, notes[0].number]);
    expect(await auditOf("invoice", holderInvoice.invoice.id)).toHaveLength(1);
    // The demo's enrolment was not made by that payment: it stays. The order no longer counts as bought.
    expect(await holderEnrolments()).toEqual(enrolmentsBefore);
    const boughtAfter = await bought();
    expect(boughtAfter.reduce((n, p) => n + p.quantity, 0)).toBe(boughtBefore.reduce((n, p) => n + p.quantity, 0) - lines.length);

    // A credit note is not credited; an order that is not paid has no invoice to credit.
    const again = await tableCounts(suite.db);
    const ofNote = await admin.post(`/back/api/admin/invoices/${notes[0].id}/creditNote`, { confirm: true });
    expectEnvelope(ofNote, 409);
    expect(await tableCounts(suite.db)).toEqual(again);

    // The pharmacy's invoices tab lists the credit note beside its invoice, with its PDF.
    const tab = (await holder.get("/back/api/referent/invoices")).body.data.invoices as {
      id: number;
      kind: string;
      number: string;
      creditNote: unknown;
      creditedInvoice: unknown;
      downloadPath: string;
    }[];
    expect(tab.find((i) => i.id === holderInvoice.invoice.id)).toMatchObject({ kind: "order", creditNote: { id: notes[0].id, number: notes[0].number } });
    const listedNote = tab.find((i) => i.id === notes[0].id);
    expect(listedNote).toMatchObject({ kind: "creditNote", creditedInvoice: { id: holderInvoice.invoice.id, number: holderInvoice.invoice.number } });
    const pdf = await holder.fetchRaw("GET", listedNote!.downloadPath, {});
    expect(extractPdfText(new Uint8Array(await pdf.arrayBuffer()))).toContain(notes[0].number);
    const detail = await holder.get(`/back/api/referent/invoice/${notes[0].id}`);
    expectEnvelope(detail, 200);
    expect(detail.body.data.lines.length).toBeGreaterThan(0);
    // The tab's pages, without JavaScript: the list marks both documents, the credit note's page reads as one.
    const holderCookie = [...holder.cookies].map(([n, v]) => `${n}=${v}`).join("; ");
    const tabPage = decode((await request(suite.origin, "/gestion/ma-pharmacie/factures", { cookie: holderCookie })).text);
    expect(tabPage).toContain(`Avoir annulant la facture ${holderInvoice.invoice.number}`);
    expect(tabPage).toContain(`Annulée par l'avoir ${notes[0].number}`);
    const notePage = decode((await request(suite.origin, `/gestion/ma-pharmacie/factures/${notes[0].id}`, { cookie: holderCookie })).text);
    expect(notePage).toContain(`Avoir ${notes[0].number}`);
    expect(notePage).toContain('data-testid="invoice-reverses"');
    expect(notePage.replace(/\u202f|\u00a0/g, " ")).toMatch(/-\d+,\d{2} €/);
    // Another pharmacy's referent does not see it.
    const multi = await as("francois.marchand@demo.test");
    expect(((await multi.get("/back/api/referent/invoices")).body.data?.invoices ?? []).some((i: { id: number }) => i.id === notes[0].id)).toBe(false);
  });

  test("the page without JavaScript: the confirmation step, a refused forged post, then the credit note; the buyer's pages show it", async () => {
    const { orderId, invoice, buyer } = await paidOrder("web");
    const agent = suite.agent({ "accept-language": "fr-FR" });
    expectEnvelope(await agent.login("admin@demo.test"), 200);
    const { get, post } = cookieBrowser(suite.origin, agent.cookies);

    const listPath = `/admin/factureCompta/invoices?q=${encodeURIComponent(invoice.number)}`;
    const list = decode((await get(listPath)).text);
    expect(list).toContain(`data-number="${invoice.number}"`);
    expect(list).toContain('data-testid="credit-invoice"');
    expect(decode((await get("/admin/factureCompta")).text)).toContain('href="/admin/factureCompta/invoices"');
    const step = decode((await get(`${listPath}&confirm=${invoice.id}`)).text);
    expect(step).toContain('data-testid="confirm-panel"');
    expect(step).toContain(`Émettre un avoir pour la facture ${invoice.number}`);
    expect(step).toContain('name="confirm" value="on"');

    // A post without the confirmation, or with a bad id: 422, nothing written.
    const before = await tableCounts(suite.db);
    expect((await post(listPath, { intent: "credit-note", invoiceId: String(invoice.id) })).status).toBe(422);
    expect((await post(listPath, { intent: "credit-note", invoiceId: "abc", confirm: "on" })).status).toBe(422);
    expect(await tableCounts(suite.db)).toEqual(before);

    const done = await post(listPath, { intent: "credit-note", invoiceId: String(invoice.id), confirm: "on" }, `${listPath}&confirm=${invoice.id}`);
    expect(done.status).toBe(302);
    expect(done.location).toBe(listPath);
    const [note] = await suite.db.select().from(invoices).where(eq(invoices.creditedInvoiceId, invoice.id));
    const after = decode((await get(done.location!)).text);
    expect(after).toContain(`Avoir ${note.number} émis : la facture est annulée.`);
    expect(after).toContain(`Annulée par l'avoir ${note.number}`);
    expect(after).not.toContain('data-testid="credit-invoice"');
    const pdf = await get(`/admin/factureCompta/invoices/${note.id}/pdf`);
    expect(pdf.status).toBe(200);

    // The buyer's order page (the shop's confirmation page) names the credit note and links its PDF.
    const buyerCookie = [...buyer.cookies].map(([n, v]) => `${n}=${v}`).join("; ");
    const orderPage = decode((await request(suite.origin, `/boutique/commande?order=${orderId}`, { cookie: buyerCookie })).text);
    expect(orderPage).toContain(`Cette commande a été annulée par l'avoir ${note.number}`);
    expect(orderPage).toContain(`href="/back/api/shop/creditNote/${orderId}"`);
    expect(
      await suite.db
        .select()
        .from(invoices)
        .where(inArray(invoices.id, [note.id])),
    ).toHaveLength(1);
  });
});
