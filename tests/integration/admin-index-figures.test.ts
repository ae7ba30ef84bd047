// The back office's key figures (ADR 0064) against data this test arranges: enrolments created this month (Paris
// time; last month's not counted), paid orders and revenue before VAT per brand (a pending order and last month's
// paid order not counted; net of the credit notes issued this month, not of last month's), upcoming sessions at least 80 % full (79 % and past sessions not), pending checks (a
// pending card order not), funding requests waiting for the funder (another state not). The API's numbers move by
// exactly what was arranged, and the /admin page shows them.
import http from "node:http";
import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { parisDayStart, toParisDate } from "#core/domain/dates.ts";
import { formatMoney } from "#core/domain/money.ts";
import { enrolments, fundingRequests, invoices, orders } from "../../server/db/schema/index.ts";
import { backends } from "./support/database.ts";
import { type Agent, expectEnvelope } from "./support/http.ts";
import { useSuite } from "./support/setup.ts";
import { createSession } from "./enrolment-helpers.ts";
import { createShopBuyers, storeTrainings } from "./shop-helpers.ts";

type Dashboard = {
  month: string;
  enrolmentsThisMonth: number;
  ordersByBrand: { brand: string; paidOrders: number; revenueHtCents: number; currency: string }[];
  sessionsFillingUp: { id: number; currentParticipants: number; maxParticipants: number }[];
  pendingChecks: number;
  fundingRequestsWaiting: number | null;
};

function page(origin: string, rawPath: string, cookie: string): Promise<string> {
  const { port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: "127.0.0.1", port: Number(port), path: rawPath, headers: { host: `localhost:${port}`, accept: "text/html", "accept-language": "fr-FR", cookie } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
      },
    );
    req.on("error", reject);
    req.end();
  });
}

describe.each(backends())("admin index figures (%s)", (backend) => {
  const suite = useSuite(backend);

  test("each figure moves by exactly what was arranged, and the page shows it", async () => {
    const admin: Agent = suite.agent({ "accept-language": "fr-FR" });
    expectEnvelope(await admin.login("admin@demo.test"), 200);
    const figures = async (): Promise<Dashboard> => {
      const reply = await admin.get("/back/api/admin/dashboard");
      expectEnvelope(reply, 200);
      return reply.body.data as Dashboard;
    };
    const before = await figures();
    const now = new Date();
    const month = toParisDate(now).slice(0, 7);
    expect(before.month).toBe(month);
    // The first instant of the month in Paris, and an instant of last month just before it.
    const monthStart = parisDayStart(`${month}-01`);
    const lastMonth = new Date(monthStart.getTime() - 3_600_000);

    // Enrolments: two this month, one last month.
    const [buyerA, buyerB, buyerC] = await createShopBuyers(suite.db, 3, `figures-${backend}`);
    const [first, second] = await storeTrainings(suite.db, "fr", "formation");
    await suite.db.insert(enrolments).values([
      { userId: buyerA, trainingId: first.id, status: "in_progress", createdAt: now },
      { userId: buyerB, trainingId: first.id, status: "in_progress", createdAt: monthStart },
      { userId: buyerC, trainingId: second.id, status: "in_progress", createdAt: lastMonth },
    ]);

    // Orders: paid this month in Belgium (two) and on the Spanish campus (one); a pending check, a pending card, a
    // Belgian paid order of last month.
    const order = (brand: string, totalCents: number, status: "paid" | "pending", method: "card" | "check", paidAt: Date | null) => ({
      brand,
      userId: buyerA,
      status,
      paymentMethod: method,
      subtotalCents: totalCents,
      discountCents: 0,
      totalCents,
      vatCents: Math.round(totalCents * 0.21),
      totalWithVatCents: totalCents + Math.round(totalCents * 0.21),
      vatRateBasisPoints: 2100,
      currency: "EUR",
      paidAt,
      createdAt: paidAt ?? now,
    });
    await suite.db
      .insert(orders)
      .values([
        order("be", 12_000, "paid", "card", now),
        order("be", 3_050, "paid", "check", monthStart),
        order("es-campus", 9_900, "paid", "card", now),
        order("be", 50_000, "paid", "card", lastMonth),
        order("be", 7_000, "pending", "check", null),
        order("fr", 7_000, "pending", "card", null),
      ]);

    // Credit notes (ADR 0094) of two Belgian orders paid last month: the one issued this month comes off this month's
    // revenue (2,000), the one issued last month does not.
    const creditedOrders = await suite.db
      .insert(orders)
      .values([order("be", 2_000, "paid", "card", lastMonth), order("be", 4_000, "paid", "card", lastMonth)])
      .returning({ id: orders.id, totalCents: orders.totalCents });
    const tag = `${backend}-${Date.now()}`;
    const document = (kind: "order" | "creditNote", i: number, issuedAt: Date) => ({
      kind,
      brand: "be",
      year: 2099,
      sequence: 900_000 + i,
      number: `FIG-${kind}-${tag}-${i}`,
      issuedAt,
      seller: {},
      buyer: {},
      totalCents: creditedOrders[i].totalCents,
      vatCents: 0,
      totalWithVatCents: creditedOrders[i].totalCents,
      vatRateBasisPoints: 0,
      currency: "EUR",
    });
    const creditedInvoices = await suite.db
      .insert(invoices)
      .values(creditedOrders.map((o, i) => ({ ...document("order", i, lastMonth), orderId: o.id })))
      .returning({ id: invoices.id });
    await suite.db.insert(invoices).values([
      { ...document("creditNote", 0, now), creditedInvoiceId: creditedInvoices[0].id },
      { ...document("creditNote", 1, lastMonth), creditedInvoiceId: creditedInvoices[1].id },
    ]);

    // Sessions: upcoming full (1/1) and at 80 % (4/5) count; upcoming at 79 % (79/100) and a past full one do not.
    const [f2f] = await storeTrainings(suite.db, "fr", "faceToFaceOnly");
    const full = (await createSession(suite.db, f2f.id, { seats: 1, booked: 1, inDays: 1 })).session;
    const eighty = (await createSession(suite.db, f2f.id, { seats: 5, booked: 4, inDays: 2 })).session;
    const seventyNine = (await createSession(suite.db, f2f.id, { seats: 100, booked: 79, inDays: 2 })).session;
    const past = (await createSession(suite.db, f2f.id, { seats: 2, booked: 2, inDays: -2 })).session;

    // Funding requests: a copy of a demo request (for another session) waiting for its funder counts, one in creation not.
    const [model] = await suite.db.select().from(fundingRequests).limit(1);
    expect(model, "a demo funding request").toBeDefined();
    const { id: _id, ...copy } = model;
    await suite.db.insert(fundingRequests).values([
      { ...copy, sessionId: eighty.id, state: "in_progress" },
      { ...copy, sessionId: seventyNine.id, state: "creation" },
    ]);

    const after = await figures();
    expect(after.enrolmentsThisMonth).toBe(before.enrolmentsThisMonth + 2);
    const brandRow = (d: Dashboard, brand: string) => d.ordersByBrand.find((r) => r.brand === brand) ?? { paidOrders: 0, revenueHtCents: 0 };
    expect(brandRow(after, "be").paidOrders).toBe(brandRow(before, "be").paidOrders + 2);
    expect(brandRow(after, "be").revenueHtCents).toBe(brandRow(before, "be").revenueHtCents + 15_050 - 2_000);
    expect(brandRow(after, "es-campus").paidOrders).toBe(brandRow(before, "es-campus").paidOrders + 1);
    expect(brandRow(after, "es-campus").revenueHtCents).toBe(brandRow(before, "es-campus").revenueHtCents + 9_900);
    expect(brandRow(after, "fr")).toEqual(brandRow(before, "fr"));
    expect(after.pendingChecks).toBe(before.pendingChecks + 1);
    expect(after.fundingRequestsWaiting).toBe((before.fundingRequestsWaiting ?? 0) + 1);
    const filling = new Map(after.sessionsFillingUp.map((s) => [s.id, s]));
    // At most ten are listed, fullest first: the full one is always among them; the 80 % one while there is room.
    expect(filling.get(full.id)).toMatchObject({ currentParticipants: 1, maxParticipants: 1 });
    if (before.sessionsFillingUp.length <= 8) expect(filling.get(eighty.id)).toMatchObject({ currentParticipants: 4, maxParticipants: 5 });
    expect(filling.has(seventyNine.id)).toBe(false);
    expect(filling.has(past.id)).toBe(false);
    expect(after.sessionsFillingUp.length).toBeLessThanOrEqual(10);
    const ratios = after.sessionsFillingUp.map((s) => s.currentParticipants / s.maxParticipants);
    expect(ratios.every((r) => r >= 0.8)).toBe(true);
    expect([...ratios].sort((a, b) => b - a)).toEqual(ratios);

    // The page shows the same numbers.
    const html = (await page(suite.origin, "/admin", [...admin.cookies].map(([n, v]) => `${n}=${v}`).join("; "))).replace(/&nbsp;|\u00a0|\u202f/g, " ");
    const figure = (testId: string) => new RegExp(`data-testid="${testId}"[^>]*>([^<]*)<`).exec(html)?.[1];
    expect(figure("figure-enrolments")).toBe(String(after.enrolmentsThisMonth));
    expect(figure("figure-pending-checks")).toBe(String(after.pendingChecks));
    expect(figure("figure-funding-requests")).toBe(String(after.fundingRequestsWaiting));
    const money = (cents: number) => formatMoney(cents, "EUR", "fr-FR").replace(/\u00a0|\u202f/g, " ");
    expect(html).toContain(money(brandRow(after, "be").revenueHtCents));
    expect(html).toContain(money(brandRow(after, "es-campus").revenueHtCents));
    expect(html).toContain(`href="/admin/faceToFace/${full.id}"`);
    expect(html).not.toContain(`href="/admin/faceToFace/${seventyNine.id}"`);
    expect(await suite.db.$count(enrolments, eq(enrolments.userId, buyerA))).toBe(1);
  });
});
