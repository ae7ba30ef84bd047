// Checkouts and payments sent several times at once (issue 28, items 2 to 4; ADR 0101). One cart checked out ten
// times at once by card, by cheque, for free, and all three mixed; a single-use code used by ten buyers at once, by
// card and for free; a per-customer limit across a cheque and a card order; twenty buyers paying at once after a
// double click; two orders of one buyer for the same training paid at once; a contract payment started ten times.
// After each: exactly one paid order per cart, code uses never above the limit, invoice numbers consecutive and every
// one in the accounting journal, and never a 500.
import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { toParisDate } from "#core/domain/dates.ts";
import { auditLog, cartProducts, carts, discountUses, enrolments, invoices, orderLines, orders, payments, trainings } from "../../server/db/schema/index.ts";
import { listInvoiceNumbers } from "../../server/back/modules/shop/shop.repository.ts";
import { backends } from "./support/database.ts";
import { type Agent, type Reply, expectEnvelope } from "./support/http.ts";
import { cookieBrowser, decodeHtml } from "./support/page-request.ts";
import { useSuite } from "./support/setup.ts";
import { agentFor, userByEmail } from "./enrolment-helpers.ts";
import { createCode, createShopBuyers, csrfHeader, sandboxNotification, storeTrainings } from "./shop-helpers.ts";

const ACCEPTED = "4242 4242 4242 4242";
const times = <T>(n: number, make: (i: number) => Promise<T>) => Promise.all(Array.from({ length: n }, (_, i) => make(i)));

describe.each(backends())("checkout concurrency (%s)", (backend) => {
  const suite = useSuite(backend, { TRUST_PROXY: "true" });
  /** Every reply of the file: none may be a 500. */
  const seen: Reply[] = [];
  const sent = <T extends Reply>(reply: T): T => {
    seen.push(reply);
    return reply;
  };

  const cardCheckout = async (agent: Agent) =>
    sent(await agent.get("/back/api/shop/getPaymentToken?returnPath=%2Fboutique%2Fcommande", { headers: csrfHeader(agent) }));
  const checkCheckout = async (agent: Agent) => sent(await agent.get("/back/api/shop/payByCheck", { headers: csrfHeader(agent) }));
  const freeCheckout = async (agent: Agent) => sent(await agent.post("/back/api/shop/freePayment", {}));

  /**
   * n shop customers, each with a cart of these trainings (their first function chosen) and the code when given, made
   * in the database: what the tests send at once are the checkouts and payments.
   */
  async function buyersWithCart(n: number, tag: string, trainingIds: number[], code?: { id: number }) {
    const ids = await createShopBuyers(suite.db, n, `${tag}-${backend}`);
    const chosen = await suite.db.select().from(trainings).where(inArray(trainings.id, trainingIds));
    return Promise.all(
      ids.map(async (id) => {
        const [cart] = await suite.db
          .insert(carts)
          .values({ brand: "fr", userId: id, discountCodeId: code?.id ?? null })
          .returning();
        await suite.db.insert(cartProducts).values(chosen.map((t) => ({ cartId: cart.id, trainingId: t.id, functionName: t.availableFunctions[0] ?? null })));
        return { id, agent: await agentFor(suite, id, null), cartId: cart.id };
      }),
    );
  }

  /** The sandbox page's form posted n times at once (the buyer's clicks), with the page's own CSRF token. */
  async function submitCardTimes(agent: Agent, url: string, n: number) {
    const page = sent(await agent.get(url));
    expect(page.status, page.text).toBe(200);
    const csrf = (/name="_csrf" value="([^"]+)"/.exec(page.text)?.[1] ?? "")
      .replace(/&#39;/g, "'")
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, "&");
    const body = new URLSearchParams({ _csrf: csrf, card: ACCEPTED }).toString();
    return times(n, async () =>
      sent(await agent.request("POST", url, { body, headers: { "content-type": "application/x-www-form-urlencoded" }, csrf: false })),
    );
  }
  const outcomeOf = (reply: Reply) => new URL(reply.headers.get("location") ?? "/", "http://x").searchParams.get("payment");

  const ordersOfUsers = (userIds: number[]) => suite.db.select().from(orders).where(inArray(orders.userId, userIds));
  const ordersOfCart = (cartId: number) => suite.db.select().from(orders).where(eq(orders.cartId, cartId));

  let admin: Agent | undefined;
  async function asAdmin(): Promise<Agent> {
    if (!admin) {
      admin = suite.agent({ "accept-language": "fr-FR" });
      expectEnvelope(await admin.login("admin@demo.test"), 200);
    }
    return admin;
  }

  /** The back office's list of payments to refund (ADR 0101), its first page. */
  async function refundsListed(): Promise<{ orderId: number; provider: string; cause: string; failureReason: string | null; amount: number }[]> {
    const reply = await (await asAdmin()).get("/back/api/admin/accounting/refunds?brand=fr");
    expectEnvelope(reply, 200);
    return reply.body.data.items;
  }

  /**
   * The books after a scenario: the brand's invoice sequences of the year have no gap and no repeat, every invoice and
   * credit note, even at 0 EUR (a free order's), is in the accounting journal of the year, and no reply was a 500.
   */
  async function expectSoundBooks() {
    const today = toParisDate(new Date());
    const year = Number(today.slice(0, 4));
    const sequences = await listInvoiceNumbers(suite.db, "fr", year);
    expect(sequences.length).toBeGreaterThan(0);
    expect(sequences).toEqual(Array.from({ length: sequences.length }, (_, i) => sequences[0] + i));
    const numbers = await suite.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.brand, "fr"), eq(invoices.year, year)));
    const journal = await (await asAdmin()).get(`/back/api/admin/accounting/export?brand=fr&from=${year}-01-01&to=${today}&format=csv`);
    expect(journal.status).toBe(200);
    for (const { number } of numbers) expect(journal.text, number).toContain(number);
    expect(seen.filter((r) => r.status >= 500).map((r) => r.text)).toEqual([]);
  }

  test("one cart, ten card checkouts at once: one order and one link; that link paid ten times at once charges once", async () => {
    const [training] = await storeTrainings(suite.db, "fr", "formation");
    const [buyer] = await buyersWithCart(1, "card10", [training.id]);
    const starts = await times(10, () => cardCheckout(buyer.agent));
    for (const start of starts) expectEnvelope(start, 200);
    expect(new Set(starts.map((s) => s.body.data.orderId)).size).toBe(1);
    expect(await ordersOfUsers([buyer.id])).toHaveLength(1);

    const replies = await submitCardTimes(buyer.agent, starts[0].body.data.url, 10);
    for (const reply of replies) expect([303, 409], reply.text).toContain(reply.status);
    expect(replies.filter((r) => outcomeOf(r) === "paid")).toHaveLength(1);
    const [order] = await ordersOfUsers([buyer.id]);
    expect(order.status).toBe("paid");
    expect(await suite.db.select().from(payments).where(eq(payments.orderId, order.id))).toHaveLength(1);
    expect(await suite.db.select().from(invoices).where(eq(invoices.orderId, order.id))).toHaveLength(1);
    expect(
      await suite.db
        .select()
        .from(enrolments)
        .where(and(eq(enrolments.userId, buyer.id), eq(enrolments.trainingId, training.id))),
    ).toHaveLength(1);
    expect((await refundsListed()).filter((r) => r.orderId === order.id)).toEqual([]);

    // The same checkout sent again once paid: refused, nothing charged, the paid order named.
    const again = await cardCheckout(buyer.agent);
    expectEnvelope(again, 409);
    expect(again.body.message).toBe(`Votre commande n° ${order.id} est déjà payée : rien n'a été débité une seconde fois.`);
    expect(again.body.data).toMatchObject({ orderId: order.id });
    expect(await ordersOfUsers([buyer.id])).toHaveLength(1);
    await expectSoundBooks();
  });

  test("one cart, ten cheque checkouts at once: one pending order returned to each; ten confirmations at once: one invoice", async () => {
    const [, training] = await storeTrainings(suite.db, "fr", "formation");
    const [buyer] = await buyersWithCart(1, "check10", [training.id]);
    const replies = await times(10, () => checkCheckout(buyer.agent));
    for (const reply of replies) expectEnvelope(reply, 200);
    expect(new Set(replies.map((r) => r.body.data.id)).size).toBe(1);
    expect(replies[0].body.data).toMatchObject({ status: "pending", paymentMethod: "check" });
    const orderId = replies[0].body.data.id as number;
    expect(await ordersOfUsers([buyer.id])).toHaveLength(1);

    const office = await asAdmin();
    const confirmations = await times(10, async () => sent(await office.post(`/back/api/admin/checks/${orderId}/confirm`, {})));
    for (const reply of confirmations) expect([200, 409], reply.text).toContain(reply.status);
    expect((await ordersOfUsers([buyer.id])).map((o) => o.status)).toEqual(["paid"]);
    expect(await suite.db.select().from(invoices).where(eq(invoices.orderId, orderId))).toHaveLength(1);
    expect(
      await suite.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, "order.checkConfirmed"), eq(auditLog.entityId, String(orderId)))),
    ).toHaveLength(1);
    await expectSoundBooks();
  });

  test("one cart, ten free checkouts at once: one paid order, the same one answered to each call", async () => {
    const [, , training] = await storeTrainings(suite.db, "fr", "formation");
    const gift = await createCode(suite.db, { code: `GIFT-${backend}`, value: 10000 });
    const [buyer] = await buyersWithCart(1, "free10", [training.id], gift);
    const replies = await times(10, () => freeCheckout(buyer.agent));
    for (const reply of replies) expectEnvelope(reply, 200);
    expect(new Set(replies.map((r) => r.body.data.id)).size).toBe(1);
    expect(replies.every((r) => r.body.data.status === "paid")).toBe(true);
    expect((await ordersOfUsers([buyer.id])).map((o) => o.status)).toEqual(["paid"]);
    await expectSoundBooks();
  });

  test("one cart, card, cheque and free checkouts mixed at once: one open order at most, then exactly one paid order", async () => {
    const [, , , training] = await storeTrainings(suite.db, "fr", "formation");
    const [buyer] = await buyersWithCart(1, "mixed", [training.id]);
    const replies = await times(12, (i) => [cardCheckout, checkCheckout, freeCheckout][i % 3](buyer.agent));
    for (const reply of replies) expect([200, 409], reply.text).toContain(reply.status);
    // Whatever order they arrived in, one order is left open (a replaced card order is cancelled).
    const open = (await ordersOfUsers([buyer.id])).filter((o) => o.status === "pending");
    expect(open).toHaveLength(1);
    const [pending] = open;
    if (pending.paymentMethod === "check") {
      expectEnvelope(await (await asAdmin()).post(`/back/api/admin/checks/${pending.id}/confirm`, {}), 200);
    } else {
      const start = await cardCheckout(buyer.agent);
      expect(start.body.data.orderId).toBe(pending.id);
      const [paid] = await submitCardTimes(buyer.agent, start.body.data.url, 1);
      expect(outcomeOf(paid)).toBe("paid");
    }
    const statuses = (await ordersOfUsers([buyer.id])).map((o) => o.status);
    expect(statuses.filter((s) => s === "paid")).toHaveLength(1);
    expect(statuses.filter((s) => s === "pending")).toHaveLength(0);
    await expectSoundBooks();
  });

  test("a card order replaced because the cart changed, paid late at the provider: no invoice, listed to refund; the new one pays", async () => {
    const [a, b] = await storeTrainings(suite.db, "fr", "formation");
    const [buyer] = await buyersWithCart(1, "replaced", [a.id]);
    const first = await cardCheckout(buyer.agent);
    expectEnvelope(first, 200);
    await suite.db.insert(cartProducts).values({ cartId: buyer.cartId, trainingId: b.id, functionName: b.availableFunctions[0] ?? null });
    const second = await cardCheckout(buyer.agent);
    expectEnvelope(second, 200);
    expect(second.body.data.orderId).not.toBe(first.body.data.orderId);
    const [replaced] = await suite.db.select().from(orders).where(eq(orders.id, first.body.data.orderId));
    expect(replaced.status).toBe("cancelled");
    // Its page at the provider was still open: the buyer pays it there, and the provider notifies.
    const note = sandboxNotification({ orderId: replaced.id, status: "paid", amountCents: replaced.totalWithVatCents, transactionId: `late-${backend}` });
    const late = sent(
      await buyer.agent.request("POST", "/back/api/shop/payments/notify/sandbox", {
        body: note.body,
        headers: { "content-type": "application/json", ...(note.headers as Record<string, string>) },
        csrf: false,
      }),
    );
    expectEnvelope(late, 200);
    expect((await suite.db.select().from(orders).where(eq(orders.id, replaced.id)))[0].status).toBe("cancelled");
    expect(await suite.db.select().from(invoices).where(eq(invoices.orderId, replaced.id))).toEqual([]);
    expect((await refundsListed()).filter((r) => r.orderId === replaced.id)).toMatchObject([
      { cause: "cancelled", failureReason: null, amount: replaced.totalWithVatCents },
    ]);
    const searched = await (await asAdmin()).get(`/back/api/admin/accounting/refunds?q=${encodeURIComponent(`replaced-${backend}-0@shop.test`)}`);
    expect(searched.body.data.items.map((r: { orderId: number }) => r.orderId)).toEqual([replaced.id]);
    // The list's query is a list's (ADR 0061): values it does not know are left out, never an error.
    expectEnvelope(sent(await (await asAdmin()).get("/back/api/admin/accounting/refunds?brand=zz&sort=nope&dir=up&page=-1&q=%00")), 200);
    expectEnvelope(sent(await buyer.agent.get("/back/api/admin/accounting/refunds")), 403);
    expect(outcomeOf((await submitCardTimes(buyer.agent, second.body.data.url, 1))[0])).toBe("paid");
    expect((await ordersOfCart(buyer.cartId)).map((o) => o.status).sort()).toEqual(["cancelled", "paid"]);
    await expectSoundBooks();
  });

  test("ten buyers pay at once with a single-use code: one paid at the discounted price, nine told clearly, one use; they buy again without it", async () => {
    const [training] = await storeTrainings(suite.db, "fr", "formation");
    const code = await createCode(suite.db, { code: `ONCE-${backend}`, value: 2000, maxUses: 1 });
    const crowd = await buyersWithCart(10, "once", [training.id], code);
    const starts = await Promise.all(crowd.map(({ agent }) => cardCheckout(agent)));
    for (const start of starts) expectEnvelope(start, 200);
    const replies = await Promise.all(crowd.map(({ agent }, i) => submitCardTimes(agent, starts[i].body.data.url, 1)));
    const outcomes = replies.map(([reply]) => outcomeOf(reply)).sort();
    expect(outcomes).toEqual([...Array(9).fill("failed"), "paid"]);
    expect(await suite.db.select().from(discountUses).where(eq(discountUses.discountCodeId, code.id))).toHaveLength(1);
    const rows = await ordersOfUsers(crowd.map((b) => b.id));
    expect(rows.filter((o) => o.status === "paid")).toHaveLength(1);
    const losers = rows.filter((o) => o.status === "failed");
    expect(losers).toHaveLength(9);
    expect(new Set(losers.map((o) => o.failureReason))).toEqual(new Set(["shopDiscountUsedUpAtPayment"]));
    expect(
      await suite.db
        .select()
        .from(invoices)
        .where(
          inArray(
            invoices.orderId,
            losers.map((o) => o.id),
          ),
        ),
    ).toEqual([]);
    // The nine card payments taken are listed for the back office to refund, with their cause.
    const toRefund = (await refundsListed()).filter((r) => losers.some((o) => o.id === r.orderId));
    expect(toRefund).toHaveLength(9);
    for (const refund of toRefund)
      expect(refund).toMatchObject({ provider: "sandbox", cause: "failed", failureReason: "shopDiscountUsedUpAtPayment", amount: losers[0].totalWithVatCents });
    const adminPage = decodeHtml((await cookieBrowser(suite.origin, (await asAdmin()).cookies).get("/admin/factureCompta")).text);
    expect(adminPage).toContain(`data-testid="refund-row" data-order-id="${losers[0].id}"`);
    expect(adminPage).toContain("Code de réduction épuisé au moment du paiement");

    const loser = crowd.find((b) => b.id === losers[0].userId)!;
    const shown = (await loser.agent.get(`/back/api/shop/command/${losers[0].id}`)).body.data;
    expect(shown.failureMessage).toBe(
      "Le code de réduction de votre commande a atteint sa limite d'utilisation avant votre paiement : la commande n'a pas été validée et rien n'a été réservé. Vous pouvez commander à nouveau sans ce code ; un montant déjà débité vous sera remboursé.",
    );
    // The cart is still there, now without the code: paying again works, at the full price.
    const cart = (await loser.agent.get("/back/api/shop/cart")).body.data;
    expect(cart).toMatchObject({ discountCode: null, totalDiscount: 0, totalWithVat: training.priceHtCents });
    const retry = await cardCheckout(loser.agent);
    expectEnvelope(retry, 200);
    expect(outcomeOf((await submitCardTimes(loser.agent, retry.body.data.url, 1))[0])).toBe("paid");
    expect((await suite.db.select().from(orders).where(eq(orders.id, retry.body.data.orderId)))[0]).toMatchObject({
      status: "paid",
      discountCodeId: null,
      discountCents: 0,
    });
    await expectSoundBooks();
  });

  test("a 100 % single-use code: ten buyers confirm their free order at once, one gets it, nine a clear 409", async () => {
    const [, training] = await storeTrainings(suite.db, "fr", "formation");
    const code = await createCode(suite.db, { code: `FREE1-${backend}`, value: 10000, maxUses: 1 });
    const crowd = await buyersWithCart(10, "free1", [training.id], code);
    const replies = await Promise.all(crowd.map(({ agent }) => freeCheckout(agent)));
    expect(replies.map((r) => r.status).sort()).toEqual([200, ...Array(9).fill(409)]);
    // Told when the payment took the last use first, or when the checkout found the code used up already.
    for (const reply of replies.filter((r) => r.status === 409)) {
      expect(reply.body.message).toMatch(
        new RegExp(
          `a atteint sa limite d'utilisation avant votre paiement|^Le code FREE1-${backend.toUpperCase()} a déjà été utilisé autant de fois que permis\\.$`,
        ),
      );
    }
    expect(await suite.db.select().from(discountUses).where(eq(discountUses.discountCodeId, code.id))).toHaveLength(1);
    expect((await ordersOfUsers(crowd.map((b) => b.id))).filter((o) => o.status === "paid")).toHaveLength(1);
    await expectSoundBooks();
  });

  test("a code limited to one use per customer: a cheque order, then a card order with it; the cheque confirmed last is refused", async () => {
    const [a, b] = await storeTrainings(suite.db, "fr", "formation");
    const code = await createCode(suite.db, { code: `MINE-${backend}`, value: 1000, maxUsesPerCustomer: 1 });
    const [buyer] = await buyersWithCart(1, "percustomer", [a.id], code);
    const check = await checkCheckout(buyer.agent);
    expectEnvelope(check, 200);
    expect(check.body.data.discountCode).toBe(`MINE-${backend}`.toUpperCase());
    // The cheque has not arrived: the code is not used yet, the buyer uses it again on a card order.
    expectEnvelope(sent(await buyer.agent.post("/back/api/shop/add/products", { products: [b.id] })), 200);
    const cartLine = (await buyer.agent.get("/back/api/shop/cart")).body.data.products[0];
    const functions = (await buyer.agent.post("/back/api/shop/getAvailableFunctions/product", { productId: b.id })).body.data;
    if (functions.length > 0)
      await buyer.agent.post("/back/api/shop/setProductFunction/product", { productCartId: cartLine.id, functionName: functions[0].name });
    expectEnvelope(sent(await buyer.agent.post(`/back/api/shop/addDiscount/MINE-${backend}`, {})), 200);
    const start = await cardCheckout(buyer.agent);
    expectEnvelope(start, 200);
    expect(outcomeOf((await submitCardTimes(buyer.agent, start.body.data.url, 1))[0])).toBe("paid");

    const refused = sent(await (await asAdmin()).post(`/back/api/admin/checks/${check.body.data.id}/confirm`, {}));
    expectEnvelope(refused, 409);
    expect(refused.body.message).toMatch(/a atteint sa limite d'utilisation avant votre paiement/);
    expect((await suite.db.select().from(orders).where(eq(orders.id, check.body.data.id)))[0]).toMatchObject({
      status: "failed",
      failureReason: "shopDiscountUsedUpAtPayment",
    });
    expect(await suite.db.select().from(discountUses).where(eq(discountUses.discountCodeId, code.id))).toHaveLength(1);
    expect(await suite.db.select().from(invoices).where(eq(invoices.orderId, check.body.data.id))).toEqual([]);
    await expectSoundBooks();
  });

  test("a code limited to one use, on three orders paid one after the other: the first pays with it, the others fail", async () => {
    const [, , training] = await storeTrainings(suite.db, "fr", "formation");
    const code = await createCode(suite.db, { code: `SEQ-${backend}`, value: 1000, maxUses: 1 });
    const three = await buyersWithCart(3, "sequential", [training.id], code);
    const starts = [];
    for (const { agent } of three) starts.push(await cardCheckout(agent));
    const outcomes = [];
    for (const [i, { agent }] of three.entries()) outcomes.push(outcomeOf((await submitCardTimes(agent, starts[i].body.data.url, 1))[0]));
    expect(outcomes).toEqual(["paid", "failed", "failed"]);
    // A fourth buyer's cart still holds the used-up code: the checkout says so and takes it out, nothing is ordered;
    // the next checkout is at the full price the cart now shows.
    const [fourth] = await buyersWithCart(1, "sequential-late", [training.id], code);
    const told = await cardCheckout(fourth.agent);
    expectEnvelope(told, 409);
    expect(told.body.message).toBe(`Le code SEQ-${backend.toUpperCase()} a déjà été utilisé autant de fois que permis.`);
    expect(await ordersOfUsers([fourth.id])).toEqual([]);
    expect((await suite.db.select().from(carts).where(eq(carts.id, fourth.cartId)))[0].discountCodeId).toBeNull();
    const fullPrice = await cardCheckout(fourth.agent);
    expectEnvelope(fullPrice, 200);
    expect((await ordersOfUsers([fourth.id]))[0]).toMatchObject({ discountCodeId: null, totalWithVatCents: training.priceHtCents });
    await expectSoundBooks();
  });

  test("a training awaiting its cheque cannot be ordered again; a Spanish buyer is told in Spanish", async () => {
    const [a] = await storeTrainings(suite.db, "fr", "formation");
    const [buyer] = await buyersWithCart(1, "cheque-twice", [a.id]);
    const check = await checkCheckout(buyer.agent);
    expectEnvelope(check, 200);
    // The buyer puts the same training in the cart again and goes to pay by card: refused, the cheque would pay it too.
    await suite.db.insert(cartProducts).values({ cartId: buyer.cartId, trainingId: a.id, functionName: a.availableFunctions[0] ?? null });
    const twice = await cardCheckout(buyer.agent);
    expectEnvelope(twice, 409);
    expect(twice.body.message).toBe(
      `« ${a.name} » figure déjà dans votre commande n° ${check.body.data.id}, qui attend votre chèque : retirez-la de votre panier.`,
    );
    expect(twice.body.data).toBeNull();
    expect((await ordersOfUsers([buyer.id])).map((o) => [o.id, o.status, o.cartId])).toEqual([[check.body.data.id, "pending", buyer.cartId]]);

    const [es] = await storeTrainings(suite.db, "es", "formation");
    const [spanishId] = await createShopBuyers(suite.db, 1, `spanish-${backend}`, "es");
    const [cart] = await suite.db.insert(carts).values({ brand: "es", userId: spanishId }).returning();
    await suite.db.insert(cartProducts).values({ cartId: cart.id, trainingId: es.id, functionName: es.availableFunctions[0] ?? null });
    const spanish = await agentFor(suite, spanishId, null, { "accept-language": "es-ES", "x-forwarded-host": "es.localhost" });
    const cheque = await checkCheckout(spanish);
    expectEnvelope(cheque, 200);
    const card = await cardCheckout(spanish);
    expectEnvelope(card, 409);
    expect(card.body.message).toBe(`Su pedido n.º ${cheque.body.data.id} está a la espera de su cheque: no se ha pedido nada más.`);
    expect(card.body.data).toMatchObject({ orderId: cheque.body.data.id });
  });

  test("twenty buyers pay at once, each after a double click on checkout: one paid order per cart, twenty consecutive invoices", async () => {
    const [, , , training] = await storeTrainings(suite.db, "fr", "formation");
    const crowd = await buyersWithCart(20, "twenty", [training.id]);
    const starts = await Promise.all(crowd.map(async ({ agent }) => Promise.all([cardCheckout(agent), cardCheckout(agent)])));
    for (const [first, second] of starts) {
      expectEnvelope(first, 200);
      expect(second.body.data.orderId).toBe(first.body.data.orderId);
    }
    const before = (await listInvoiceNumbers(suite.db, "fr", Number(toParisDate(new Date()).slice(0, 4)))).length;
    const replies = await Promise.all(crowd.map(({ agent }, i) => submitCardTimes(agent, starts[i][0].body.data.url, 1)));
    expect(replies.map(([reply]) => outcomeOf(reply))).toEqual(Array(20).fill("paid"));
    for (const { cartId } of crowd) expect((await ordersOfCart(cartId)).map((o) => o.status)).toEqual(["paid"]);
    expect((await listInvoiceNumbers(suite.db, "fr", Number(toParisDate(new Date()).slice(0, 4)))).length).toBe(before + 20);
    await expectSoundBooks();
  });

  /** A pending card order of the buyer for these trainings, as orders made before one open order per cart. */
  async function legacyPendingOrder(userId: number, training: { id: number; name: string; type: string; priceHtCents: number }, method: "card" | "check") {
    const [order] = await suite.db
      .insert(orders)
      .values({
        brand: "fr",
        userId,
        status: "pending",
        paymentMethod: method,
        provider: method === "card" ? "sandbox" : null,
        subtotalCents: training.priceHtCents,
        totalCents: training.priceHtCents,
        vatCents: 0,
        totalWithVatCents: training.priceHtCents,
        vatRateBasisPoints: 0,
      })
      .returning();
    await suite.db.insert(orderLines).values({
      orderId: order.id,
      trainingId: training.id,
      name: training.name,
      trainingType: training.type,
      priceCents: training.priceHtCents,
      netCents: training.priceHtCents,
    });
    return order;
  }

  test("two pending orders of one buyer for the same training, paid at once: no 500, one paid and enrolled, the other failed", async () => {
    const [training] = await storeTrainings(suite.db, "fr", "formation");
    const [buyerId] = await createShopBuyers(suite.db, 1, `duplicate-${backend}`);
    const agent = await agentFor(suite, buyerId, null);
    const pair = [await legacyPendingOrder(buyerId, training, "card"), await legacyPendingOrder(buyerId, training, "card")];
    const replies = await Promise.all(
      pair.map(async (order, i) => {
        const note = sandboxNotification({ orderId: order.id, status: "paid", amountCents: order.totalWithVatCents, transactionId: `dup-${backend}-${i}` });
        return sent(
          await agent.request("POST", "/back/api/shop/payments/notify/sandbox", {
            body: note.body,
            headers: { "content-type": "application/json", ...(note.headers as Record<string, string>) },
            csrf: false,
          }),
        );
      }),
    );
    for (const reply of replies) expectEnvelope(reply, 200);
    expect(replies.map((r) => r.body.data.result).sort()).toEqual(["failed", "paid"]);
    const rows = await suite.db
      .select()
      .from(orders)
      .where(
        inArray(
          orders.id,
          pair.map((o) => o.id),
        ),
      );
    expect(rows.map((o) => o.status).sort()).toEqual(["failed", "paid"]);
    expect(rows.find((o) => o.status === "failed")!.failureReason).toBe("shopAlreadyEnrolledAtPayment");
    expect(
      await suite.db
        .select()
        .from(enrolments)
        .where(and(eq(enrolments.userId, buyerId), eq(enrolments.trainingId, training.id))),
    ).toHaveLength(1);
    expect(
      await suite.db
        .select()
        .from(invoices)
        .where(
          inArray(
            invoices.orderId,
            pair.map((o) => o.id),
          ),
        ),
    ).toHaveLength(1);

    // Two cheques of such duplicate orders confirmed at once: one paid, the other a clear 409, none left pending.
    const [other] = await createShopBuyers(suite.db, 1, `duplicate-check-${backend}`);
    const cheques = [await legacyPendingOrder(other, training, "check"), await legacyPendingOrder(other, training, "check")];
    const office = await asAdmin();
    const confirmations = await Promise.all(cheques.map(async (order) => sent(await office.post(`/back/api/admin/checks/${order.id}/confirm`, {}))));
    expect(confirmations.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(confirmations.find((r) => r.status === 409)!.body.message).toBe(
      "Vous étiez déjà inscrit à une formation de cette commande : elle n'a pas été validée et rien n'a été réservé ; un montant déjà débité vous sera remboursé.",
    );
    expect(
      (
        await suite.db
          .select()
          .from(orders)
          .where(
            inArray(
              orders.id,
              cheques.map((o) => o.id),
            ),
          )
      )
        .map((o) => o.status)
        .sort(),
    ).toEqual(["failed", "paid"]);
    await expectSoundBooks();
  });

  test("without JavaScript: the cheque form posted twice lands on the same order, and the card form after it on that order too", async () => {
    const [, , , training] = await storeTrainings(suite.db, "fr", "formation");
    const [buyer] = await buyersWithCart(1, "nojs", [training.id]);
    const browser = cookieBrowser(suite.origin, buyer.agent.cookies);
    const first = await browser.post("/boutique/panier", { intent: "payCheck" });
    expect(first.status).toBe(302);
    const [order] = await ordersOfUsers([buyer.id]);
    expect(first.location).toBe(`/boutique/commande?order=${order.id}`);
    // The same form again, from the page as it was before (the cart is empty now): the same order.
    const again = await browser.post("/boutique/panier", { intent: "payCheck" }, "/boutique");
    expect(again.location).toBe(`/boutique/commande?order=${order.id}`);
    const card = await browser.post("/boutique/panier", { intent: "payCard" }, "/boutique");
    expect(card.location).toBe(`/boutique/commande?order=${order.id}`);
    const page = decodeHtml((await browser.get(card.location!)).text);
    expect(page).toContain(`Votre commande n° ${order.id} attend votre chèque : rien d'autre n'a été commandé.`);
    expect(page).toContain('data-testid="order-pending-check"');
    expect((await ordersOfUsers([buyer.id])).map((o) => o.id)).toEqual([order.id]);
  });

  test("a contract payment started ten times at once: one pending contract order, the same one answered to each call", async () => {
    const referent = suite.agent({ "accept-language": "fr-FR" });
    expectEnvelope(await referent.login("holder@demo.test"), 200);
    const offer = sent(await referent.get("/back/api/referent/updateToNextContractProduct", { headers: csrfHeader(referent) })).body.data;
    const path = `/back/api/referent/contract/signContractSystemPay/${offer.id}?returnPath=%2Fgestion%2Fma-pharmacie%2Fcontrat`;
    const starts = await times(10, async () => sent(await referent.get(path, { headers: csrfHeader(referent) })));
    for (const start of starts) expectEnvelope(start, 200);
    expect(new Set(starts.map((s) => s.body.data.orderId)).size).toBe(1);
    const holder = await userByEmail(suite.db, "holder@demo.test");
    const contractOrders = await suite.db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, holder.id), eq(orders.contractOfferId, offer.id)));
    expect(contractOrders.map((o) => o.status)).toEqual(["pending"]);
    expect(seen.filter((r) => r.status >= 500).map((r) => r.text)).toEqual([]);
  });
});
