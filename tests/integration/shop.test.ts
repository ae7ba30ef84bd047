// The shop's back end (issue 14): an anonymous cart that merges at login, totals with a code, payment on the
// sandbox page, the invoice PDF and the confirmation mail; refusals (negative, unknown, duplicate, another buyer's
// ids, forged and replayed notifications) that change nothing; the last seat bought twice at once; twenty paid
// orders at once with consecutive invoice numbers; pay by check and free orders; the cart channel's owner.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq, inArray, ne } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import WebSocket from "ws";
import { cartChannelName } from "../../server/realtime/app-channels.ts";
import { extractPdfText } from "../../server/pdf/pdf-text.ts";
import { cartProducts, carts, discountCodes, enrolments, invoices, orders, payments } from "../../server/db/schema/index.ts";
import { backends, tableCounts } from "./support/database.ts";
import { Agent, expectEnvelope } from "./support/http.ts";
import { useSuite } from "./support/setup.ts";
import { agentFor, createSession, sessionRow, userByEmail } from "./enrolment-helpers.ts";
import { createCode, createShopBuyers, csrfHeader, payWithCard, sandboxNotification, storeTrainings, submitCard } from "./shop-helpers.ts";
import { allMails } from "../support/mailbox.ts";

const ACCEPTED = "4242 4242 4242 4242";
const REFUSED = "4000 0000 0000 0002";

describe.each(backends())("shop (%s)", (backend) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `it-shop-${backend}-`));
  const suite = useSuite(backend, { DATA_DIR: dataDir, TRUST_PROXY: "true" });

  const anonymous = async (language = "fr-FR", host?: string) => {
    const agent = suite.agent({ "accept-language": language, ...(host ? { "x-forwarded-host": host } : {}) });
    await agent.csrf();
    return agent;
  };
  const buyers = async (n: number, tag: string, brand = "fr", headers: Record<string, string> = {}) => {
    const ids = await createShopBuyers(suite.db, n, `${tag}-${backend}`, brand);
    return Promise.all(ids.map(async (id) => ({ id, agent: await agentFor(suite, id, null, headers) })));
  };
  const fillLine = async (agent: Agent, line: { id: number; productId: number }) => {
    const functions = await agent.post("/back/api/shop/getAvailableFunctions/product", { productId: line.productId });
    expectEnvelope(functions, 200);
    if (functions.body.data.length > 0) {
      expectEnvelope(await agent.post("/back/api/shop/setProductFunction/product", { productCartId: line.id, functionName: functions.body.data[0].name }), 200);
    }
  };

  test("anonymous cart -> choices and a code -> login merges it -> sandbox card -> paid, enrolled, invoice PDF and mail", async () => {
    const [elearning, other] = await storeTrainings(suite.db, "fr", "formation");
    const [f2f] = await storeTrainings(suite.db, "fr", "faceToFaceOnly");
    const { group, session } = await createSession(suite.db, f2f.id, { seats: 5 });
    await createCode(suite.db, { code: `WELCOME-${backend}`, kind: "percentage", value: 1000 });
    const visitor = await anonymous();

    expectEnvelope(await visitor.get("/back/api/shop/cart"), 200);
    expect((await visitor.get("/back/api/shop/cart")).body.data).toBeNull();

    const added = await visitor.post("/back/api/shop/add/products", { products: [elearning.id, { productId: f2f.id, quantity: 1 }] });
    expectEnvelope(added, 200);
    expect(added.body.message).toBe("Ajouté à votre panier.");
    const cookie = added.setCookies.find((c) => c.startsWith("cart="));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    const cart = added.body.data;
    expect(cart.products.map((p: { productId: number }) => p.productId)).toEqual([elearning.id, f2f.id]);
    expect(cart.total).toBe(elearning.priceHtCents + f2f.priceHtCents);
    expect(cart.channel).toBe(cartChannelName(cart.id));
    expect(cart.readyToPay).toBe(false);
    const f2fLine = cart.products[1];
    expect(f2fLine.needsSession).toBe(true);

    for (const line of cart.products) await fillLine(visitor, line);
    const fundings = await visitor.post("/back/api/shop/getAvailableFundings/product", { productId: elearning.id });
    expectEnvelope(fundings, 200);
    if (fundings.body.data.length > 0) {
      const withFunding = await visitor.post("/back/api/shop/setProductFunding/product", {
        productCartId: cart.products[0].id,
        fundingId: fundings.body.data[0].id,
      });
      expectEnvelope(withFunding, 200);
      expect(withFunding.body.data.products[0].fundingId).toBe(fundings.body.data[0].id);
    }
    const withSession = await visitor.post("/back/api/shop/setProductSession/product", {
      productCartId: f2fLine.id,
      sessionId: session.id,
      sessionCourseId: group.id,
    });
    expectEnvelope(withSession, 200);
    expect(withSession.body.data.products[1]).toMatchObject({ sessionId: session.id, sessionCourseId: group.id, needsSession: false });

    const discounted = await visitor.post(`/back/api/shop/addDiscount/welcome-${backend}`, {});
    expectEnvelope(discounted, 200);
    const subtotal = elearning.priceHtCents + f2f.priceHtCents;
    const discount = Math.floor((subtotal * 1000 + 5000) / 10000);
    expect(discounted.body.data).toMatchObject({
      discountCode: `WELCOME-${backend}`.toUpperCase(),
      subtotal,
      totalDiscount: discount,
      total: subtotal - discount,
      vat: 0,
      totalWithVat: subtotal - discount,
      readyToPay: true,
    });
    expect(discounted.body.data.products.reduce((s: number, p: { discount: number }) => s + p.discount, 0)).toBe(discount);
    // The GET form of addDiscount changes state: without the CSRF header it is a 419.
    expectEnvelope(await visitor.get(`/back/api/shop/addDiscount/WELCOME-${backend}`), 419);

    // Paying needs an account: the anonymous visitor logs in and keeps the cart.
    expectEnvelope(await visitor.get("/back/api/shop/getPaymentToken", { headers: csrfHeader(visitor) }), 401);
    const login = await visitor.login("shop@demo.test");
    expectEnvelope(login, 200);
    expect(login.setCookies.some((c) => c.startsWith("cart=;") || /^cart=.*Max-Age=0/.test(c))).toBe(true);
    const merged = (await visitor.get("/back/api/shop/cart")).body.data;
    expect(merged.id).toBe(cart.id);
    expect(merged.products.map((p: { productId: number }) => p.productId)).toEqual([elearning.id, f2f.id]);
    expect(merged.discountCode).toBe(`WELCOME-${backend}`.toUpperCase());
    const shopUser = await userByEmail(suite.db, "shop@demo.test");
    expect((await suite.db.select().from(carts).where(eq(carts.id, cart.id)))[0]).toMatchObject({ userId: shopUser.id, tokenHash: null });
    void other;

    const seatsBefore = (await sessionRow(suite.db, session.id)).currentParticipants;
    const { start, pay } = await payWithCard(visitor, ACCEPTED, "/boutique/commande");
    expect(start.body.data).toMatchObject({ provider: "sandbox", method: "GET" });
    expect((await visitor.get("/back/api/shop/cart")).body.data.commandId).toBe(start.body.data.orderId);
    const paid = await pay();
    expect(paid.status).toBe(303);
    expect(paid.headers.get("location")).toBe(`/boutique/commande?order=${start.body.data.orderId}&payment=paid`);

    const order = await visitor.get(`/back/api/shop/command/${start.body.data.orderId}`);
    expectEnvelope(order, 200);
    expect(order.body.data).toMatchObject({
      status: "paid",
      paymentMethod: "card",
      total: subtotal - discount,
      totalDiscount: discount,
      discountCode: `WELCOME-${backend}`.toUpperCase(),
    });
    expect((await sessionRow(suite.db, session.id)).currentParticipants).toBe(seatsBefore + 1);
    const mine = await suite.db
      .select()
      .from(enrolments)
      .where(and(eq(enrolments.userId, shopUser.id), inArray(enrolments.trainingId, [elearning.id, f2f.id])));
    expect(mine.map((e) => [e.trainingId, e.status, e.sessionId]).sort()).toEqual(
      [
        [elearning.id, "in_progress", null],
        [f2f.id, "pending", session.id],
      ].sort(),
    );
    const emptied = (await visitor.get("/back/api/shop/cart")).body.data;
    expect(emptied).toMatchObject({ products: [], commandId: null, total: 0, discountCode: null });

    const invoice = order.body.data.invoice;
    expect(invoice.number).toMatch(/^FR-\d{4}-\d{6}$/);
    const pdf = await visitor.fetchRaw("GET", invoice.downloadPath, {});
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    const text = extractPdfText(new Uint8Array(await pdf.arrayBuffer()));
    for (const expected of [
      "Facture",
      invoice.number,
      "Officine Académie SAS",
      "Client",
      elearning.name.slice(0, 20),
      "Total HT",
      "TVA 0 %",
      "Total TTC",
      "TVA non applicable – article 261-4-4°-a du CGI",
      `WELCOME-${backend}`.toUpperCase(),
      "Facture acquittée le",
    ]) {
      expect(text, expected).toContain(expected);
    }
    // Another user cannot read the order nor its invoice.
    const stranger = await anonymous();
    expectEnvelope(await stranger.login("learner@demo.test"), 200);
    expectEnvelope(await stranger.get(`/back/api/shop/command/${start.body.data.orderId}`), 404);
    expect((await stranger.fetchRaw("GET", invoice.downloadPath, {})).status).toBe(404);

    const mails = allMails(dataDir);
    const confirmation = mails.find((m) => m.includes(`${invoice.number}.pdf`));
    expect(confirmation, "confirmation mail with the invoice attached").toBeDefined();
    expect(confirmation).toMatch(/Content-Type: application\/pdf/);
    expect(confirmation).toMatch(/Merci pour votre commande/);
  });

  test("account creation keeps the anonymous cart: it becomes the new user's cart", async () => {
    const [a] = await storeTrainings(suite.db, "fr", "formation");
    const visitor = await anonymous();
    const cart = (await visitor.post("/back/api/shop/add/products", { products: [a.id] })).body.data;
    const created = await visitor.post("/back/api/createAccount", {
      token: "demo-invite-marche-3",
      email: `cart.${backend}@shop.test`,
      firstName: "Nora",
      lastName: "Panier",
      profession: "preparer",
      password: "bienvenue1",
      passwordConfirmation: "bienvenue1",
      acceptTerms: true,
    });
    expectEnvelope(created, 201);
    expect(created.setCookies.some((c) => /^cart=;/.test(c))).toBe(true);
    expect(visitor.cookies.has("cart")).toBe(false);
    const [row] = await suite.db.select().from(carts).where(eq(carts.id, cart.id));
    expect(row).toMatchObject({ userId: created.body.data.id, tokenHash: null });
    expect(await suite.db.select().from(cartProducts).where(eq(cartProducts.cartId, cart.id))).toHaveLength(1);
  });

  test("bad input and other buyers' ids are refused with a clear translated error, and nothing changes", async () => {
    const [a, b] = await storeTrainings(suite.db, "fr", "formation");
    const [owner, other] = await buyers(2, "refusals");
    const cart = (await owner.agent.post("/back/api/shop/add/products", { products: [a.id] })).body.data;
    const otherCart = (await other.agent.post("/back/api/shop/add/products", { products: [b.id] })).body.data;
    const before = await tableCounts(suite.db);

    const cases: [string, () => Promise<{ status: number; body: { message: string } }>, number, RegExp][] = [
      ["negative quantity", () => owner.agent.post("/back/api/shop/add/products", { products: [{ productId: b.id, quantity: -1 }] }), 422, /Certains champs/],
      ["negative id", () => owner.agent.post("/back/api/shop/add/products", { products: [-5] }), 422, /Certains champs/],
      ["no products", () => owner.agent.post("/back/api/shop/add/products", { products: [] }), 422, /Certains champs/],
      ["unknown product", () => owner.agent.post("/back/api/shop/add/products", { products: [999_999] }), 404, /n'existe pas ou n'est pas vendue/],
      [
        "duplicate in one request",
        () => owner.agent.post("/back/api/shop/add/products", { products: [b.id, b.id] }),
        422,
        /La même formation figure deux fois/,
      ],
      ["already in the cart", () => owner.agent.post("/back/api/shop/add/products", { products: [a.id] }), 409, /déjà dans votre panier/],
      [
        "another buyer's line: function",
        () => owner.agent.post("/back/api/shop/setProductFunction/product", { productCartId: otherCart.products[0].id, functionName: "pharmacist" }),
        404,
        /pas dans votre panier/,
      ],
      [
        "another buyer's line: session",
        () => owner.agent.post("/back/api/shop/setProductSession/product", { productCartId: otherCart.products[0].id, sessionId: 1, sessionCourseId: 1 }),
        404,
        /pas dans votre panier/,
      ],
      [
        "another buyer's line: funding",
        () => owner.agent.post("/back/api/shop/setProductFunding/product", { productCartId: otherCart.products[0].id, fundingId: 1 }),
        404,
        /pas dans votre panier/,
      ],
      ["removing what is not in the cart", () => owner.agent.post("/back/api/shop/remove/product", { productId: b.id }), 404, /pas dans votre panier/],
      [
        "a function not offered",
        () => owner.agent.post("/back/api/shop/setProductFunction/product", { productCartId: cart.products[0].id, functionName: "astronaut" }),
        422,
        /Certains champs|fonction/,
      ],
      [
        "a session of another training",
        () => owner.agent.post("/back/api/shop/setProductSession/product", { productCartId: cart.products[0].id, sessionId: 1, sessionCourseId: 1 }),
        422,
        /Certains champs|session/,
      ],
      ["an unknown code", () => owner.agent.post("/back/api/shop/addDiscount/NOPE", {}), 404, /Le code NOPE n'existe pas/],
      ["an order id of another buyer", () => owner.agent.get(`/back/api/shop/command/999999`), 404, /Cette commande n'existe pas/],
      [
        "a cart with nothing to pay by check",
        () => owner.agent.get("/back/api/shop/payByCheck", { headers: csrfHeader(owner.agent) }),
        409,
        /session et une fonction|Votre panier/,
      ],
    ];
    for (const [name, send, status, message] of cases) {
      const reply = await send();
      expect(reply.status, name).toBe(status);
      expect(reply.body.message, name).toMatch(message);
    }
    expect(await tableCounts(suite.db)).toEqual(before);
    // A standard contract is not a shop customer: the shopping guard says why.
    const learner = await anonymous();
    expectEnvelope(await learner.login("learner@demo.test"), 200);
    const es = await buyers(1, "refusals-es", "es", { "accept-language": "es-ES", "x-forwarded-host": "es.localhost" });
    const beforeGuard = await tableCounts(suite.db);
    const guarded = await learner.post("/back/api/shop/add/products", { products: [a.id] });
    expectEnvelope(guarded, 403);
    expect(guarded.body.message).toMatch(/La boutique est réservée/);
    // Spanish, with "usted".
    const esReply = await es[0].agent.post("/back/api/shop/add/products", { products: [999_999] });
    expectEnvelope(esReply, 404);
    expect(esReply.body.message).toBe("Esta formación no existe o no se vende en la tienda.");

    expect(await tableCounts(suite.db)).toEqual(beforeGuard);
    // The other buyer's cart is untouched.
    expect((await other.agent.get("/back/api/shop/cart")).body.data.products.map((p: { productId: number }) => p.productId)).toEqual([b.id]);
  });

  test("another buyer's order, invoice and payment form, and another visitor's cart lines, are refused and nothing changes", async () => {
    const holder = await userByEmail(suite.db, "holder@demo.test");
    const shopUser = await userByEmail(suite.db, "shop@demo.test");
    const [paidOrder] = await suite.db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, holder.id), eq(orders.status, "paid")));
    const [cardOrder] = await suite.db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, shopUser.id), eq(orders.status, "pending"), eq(orders.paymentMethod, "card")));
    const [checkOrder] = await suite.db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, shopUser.id), eq(orders.status, "pending"), eq(orders.paymentMethod, "check")));
    expect([paidOrder, cardOrder, checkOrder].every(Boolean)).toBe(true);
    const [{ agent: intruder }] = await buyers(1, "intruder");
    const [a, b] = await storeTrainings(suite.db, "fr", "formation");
    const guestA = await anonymous();
    const guestB = await anonymous();
    const cartA = (await guestA.post("/back/api/shop/add/products", { products: [a.id] })).body.data;
    expectEnvelope(await guestB.post("/back/api/shop/add/products", { products: [b.id] }), 200);
    const before = await tableCounts(suite.db);

    // Real ids of other buyers' orders: the same 404 as an id that does not exist.
    for (const path of [
      `/back/api/shop/command/${paidOrder.id}`,
      `/back/api/shop/paymentForm/${cardOrder.id}`,
      `/back/api/shop/paymentForm/${checkOrder.id}`,
    ]) {
      const reply = await intruder.get(path);
      expectEnvelope(reply, 404);
      expect(reply.body.message, path).toMatch(/Cette commande n'existe pas/);
    }
    // The pharmacy's order calls are referent calls (ADR 0053): a buyer who is no referent is refused before any id.
    for (const path of [`/back/api/referent/getCommand/${paidOrder.id}`, "/back/api/referent/getLastCommand"]) expectEnvelope(await intruder.get(path), 403);
    expect((await intruder.fetchRaw("GET", `/back/api/shop/invoice/${paidOrder.id}`, {})).status).toBe(404);
    expectEnvelope(await intruder.post(`/back/api/admin/shop/orders/${checkOrder.id}/markPaid`, {}), 403);
    // Another anonymous visitor's line (the ids are guessable, the cart cookie is not).
    const lineA = cartA.products[0].id;
    expectEnvelope(await guestB.post("/back/api/shop/setProductFunction/product", { productCartId: lineA, functionName: "pharmacist" }), 404);
    expectEnvelope(await guestB.post("/back/api/shop/remove/product", { productId: a.id }), 404);
    expectEnvelope(await intruder.post("/back/api/shop/setProductFunding/product", { productCartId: lineA, fundingId: 1 }), 404);
    expect(await tableCounts(suite.db)).toEqual(before);
    expect((await guestA.get("/back/api/shop/cart")).body.data.products.map((p: { productId: number }) => p.productId)).toEqual([a.id]);

    // Its buyer gets the payment form of the pending card order again (the sandbox's page here), writing nothing.
    const owner = await anonymous();
    expectEnvelope(await owner.login("shop@demo.test"), 200);
    const form = await owner.get(`/back/api/shop/paymentForm/${cardOrder.id}?returnPath=%2Fboutique%2Fcommande`);
    expectEnvelope(form, 200);
    expect(form.body.data).toMatchObject({ orderId: cardOrder.id, provider: "sandbox", method: "GET" });
    expectEnvelope(await owner.get(`/back/api/shop/paymentForm/${checkOrder.id}`), 404);
  });

  test("discount codes: expired, used up, not yet valid, for another product; per-product code on its line only", async () => {
    const [a, b] = await storeTrainings(suite.db, "fr", "formation");
    const day = 86_400_000;
    await createCode(suite.db, { code: `OLD-${backend}`, validUntil: new Date(Date.now() - day) });
    await createCode(suite.db, { code: `SOON-${backend}`, validFrom: new Date(Date.now() + day) });
    await createCode(suite.db, { code: `NONE-${backend}`, maxUses: 0 });
    await createCode(suite.db, { code: `ONLYB-${backend}`, kind: "fixed", value: 1500, trainingId: b.id });
    const [{ agent }] = await buyers(1, "codes");
    expectEnvelope(await agent.post("/back/api/shop/add/products", { products: [a.id] }), 200);
    const code = (c: string) => agent.post(`/back/api/shop/addDiscount/${c}-${backend}`, {});
    expect((await code("OLD")).body.message).toMatch(/a expiré/);
    expect((await code("SOON")).body.message).toMatch(/n'est pas encore valable/);
    expect((await code("NONE")).body.message).toMatch(/déjà été utilisé autant de fois/);
    expect((await code("ONLYB")).body.message).toMatch(/ne s'applique pas/);
    expectEnvelope(await agent.post("/back/api/shop/add/products", { products: [b.id] }), 200);
    const applied = await code("ONLYB");
    expectEnvelope(applied, 200);
    const lines = applied.body.data.products;
    expect(lines.map((p: { discount: number }) => p.discount)).toEqual([0, Math.min(1500, b.priceHtCents)]);
  });

  test("Belgian cart: 21 % VAT on the net total; cart totals = order totals", async () => {
    const [training] = await storeTrainings(suite.db, "be", "formation");
    const [{ agent }] = await buyers(1, "be", "be", { "x-forwarded-host": "be.localhost", "accept-language": "fr-BE" });
    const cart = (await agent.post("/back/api/shop/add/products", { products: [training.id] })).body.data;
    const vat = Math.floor((training.priceHtCents * 2100 + 5000) / 10000);
    expect(cart).toMatchObject({
      total: training.priceHtCents,
      vat,
      totalWithVat: training.priceHtCents + vat,
      vatRateBasisPoints: 2100,
      vatExemptionMention: null,
    });
    await fillLine(agent, cart.products[0]);
    const { start, pay } = await payWithCard(agent, ACCEPTED);
    expect((await pay()).status).toBe(303);
    const order = (await agent.get(`/back/api/shop/command/${start.body.data.orderId}`)).body.data;
    expect(order).toMatchObject({ status: "paid", total: cart.total, vat: cart.vat, totalWithVat: cart.totalWithVat });
    expect(order.invoice.number).toMatch(/^BE-/);
    const text = extractPdfText(new Uint8Array(await (await agent.fetchRaw("GET", order.invoice.downloadPath, {})).arrayBuffer()));
    expect(text).toContain("TVA 21 %");
    expect(text).toContain("PharmaSavoir SRL");
    expect(text).toContain("loi du 2 août 2002");
  });

  test("a refused card books nothing; forged notifications are refused; a replayed one changes nothing", async () => {
    const [f2f] = await storeTrainings(suite.db, "fr", "faceToFaceOnly");
    const { group, session } = await createSession(suite.db, f2f.id, { seats: 3 });
    const [{ id, agent }] = await buyers(1, "notify");
    const cart = (await agent.post("/back/api/shop/add/products", { products: [f2f.id] })).body.data;
    await fillLine(agent, cart.products[0]);
    expectEnvelope(
      await agent.post("/back/api/shop/setProductSession/product", { productCartId: cart.products[0].id, sessionId: session.id, sessionCourseId: group.id }),
      200,
    );

    // Refused card.
    const refused = await payWithCard(agent, REFUSED);
    const refusedReply = await refused.pay();
    expect(refusedReply.headers.get("location")).toMatch(/payment=failed$/);
    const failedOrder = (await agent.get(`/back/api/shop/command/${refused.start.body.data.orderId}`)).body.data;
    expect(failedOrder).toMatchObject({ status: "failed", invoice: null });
    expect(failedOrder.failureMessage).toMatch(/Votre carte a été refusée : rien n'a été réservé/);
    expect((await sessionRow(suite.db, session.id)).currentParticipants).toBe(0);
    expect(await suite.db.select().from(enrolments).where(eq(enrolments.userId, id))).toEqual([]);
    // The cart is still there to try again.
    expect((await agent.get("/back/api/shop/cart")).body.data.products).toHaveLength(1);

    const { start } = await payWithCard(agent, ACCEPTED);
    const orderId = start.body.data.orderId;
    const amountCents = (await suite.db.select().from(orders).where(eq(orders.id, orderId)))[0].totalWithVatCents;
    const before = await tableCounts(suite.db);
    const notify = (body: string, headers: Record<string, string>) =>
      agent.request("POST", "/back/api/shop/payments/notify/sandbox", { body, headers: { "content-type": "application/json", ...headers }, csrf: false });

    const good = sandboxNotification({ orderId, status: "paid", amountCents, transactionId: `tx-${backend}-1` });
    const forgeries: [string, string, Record<string, string>][] = [
      ["no signature", good.body, {}],
      ["a wrong signature", good.body, { "x-sandbox-signature": "00".repeat(32) }],
      [
        "signed with another key",
        sandboxNotification({ orderId, status: "paid", amountCents }, "another-secret-0123456789abcdef").body,
        sandboxNotification({ orderId, status: "paid", amountCents }, "another-secret-0123456789abcdef").headers as Record<string, string>,
      ],
      ["a body changed after signing", good.body.replace(`"amountCents":${amountCents}`, '"amountCents":1'), good.headers as Record<string, string>],
    ];
    for (const [name, body, headers] of forgeries) {
      const reply = await notify(body, headers);
      expect(reply.status, name).toBe(403);
      expectEnvelope(reply, 403);
    }
    expectEnvelope(
      await agent.request("POST", "/back/api/shop/payments/notify/nobody", { body: good.body, headers: good.headers as Record<string, string>, csrf: false }),
      404,
    );
    expect(await tableCounts(suite.db)).toEqual(before);
    expect((await suite.db.select().from(orders).where(eq(orders.id, orderId)))[0].status).toBe("pending");

    const first = await notify(good.body, good.headers as Record<string, string>);
    expectEnvelope(first, 200);
    expect(first.body.data.result).toBe("paid");
    const afterFirst = await tableCounts(suite.db);
    for (let i = 0; i < 3; i++) {
      const replay = await notify(good.body, good.headers as Record<string, string>);
      expectEnvelope(replay, 200);
      expect(replay.body.data.result).toBe("replayed");
    }
    // A refusal notification arriving late for the paid order does not undo it.
    const late = sandboxNotification({ orderId, status: "failed", amountCents, transactionId: `tx-${backend}-late` });
    expectEnvelope(await notify(late.body, late.headers as Record<string, string>), 200);
    expect((await suite.db.select().from(orders).where(eq(orders.id, orderId)))[0].status).toBe("paid");
    const counts = await tableCounts(suite.db);
    expect({ ...counts, payments: afterFirst.payments }).toEqual(afterFirst);
    expect(await suite.db.select().from(invoices).where(eq(invoices.orderId, orderId))).toHaveLength(1);
    expect(
      await suite.db
        .select()
        .from(payments)
        .where(and(eq(payments.orderId, orderId), eq(payments.status, "paid"))),
    ).toHaveLength(1);
    expect((await sessionRow(suite.db, session.id)).currentParticipants).toBe(1);
  });

  test("two buyers pay for the last seat at the same moment: one gets it, the other a clear message and no paid order", async () => {
    const [f2f] = await storeTrainings(suite.db, "fr", "virtualClass");
    const { group, session } = await createSession(suite.db, f2f.id, { seats: 1 });
    const pair = await buyers(2, "lastseat");
    const payments = [];
    for (const { agent } of pair) {
      const cart = (await agent.post("/back/api/shop/add/products", { products: [f2f.id] })).body.data;
      await fillLine(agent, cart.products[0]);
      expectEnvelope(
        await agent.post("/back/api/shop/setProductSession/product", { productCartId: cart.products[0].id, sessionId: session.id, sessionCourseId: group.id }),
        200,
      );
      payments.push(await payWithCard(agent, ACCEPTED));
    }
    const pages = await Promise.all(payments.map(async (p, i) => ({ i, url: p.start.body.data.url as string })));
    const replies = await Promise.all(pages.map(({ i, url }) => submitCard(pair[i].agent, url, ACCEPTED)));
    const outcomes = replies.map((r) => new URL(r.headers.get("location")!, "http://x").searchParams.get("payment")).sort();
    expect(outcomes).toEqual(["paid", "seatGone"]);
    const orderRows = await suite.db
      .select()
      .from(orders)
      .where(
        inArray(
          orders.userId,
          pair.map((p) => p.id),
        ),
      );
    expect(orderRows.map((o) => o.status).sort()).toEqual(["failed", "paid"]);
    const loser = orderRows.find((o) => o.status === "failed")!;
    const loserAgent = pair.find((p) => p.id === loser.userId)!.agent;
    const loserOrder = (await loserAgent.get(`/back/api/shop/command/${loser.id}`)).body.data;
    expect(loserOrder.failureMessage).toMatch(/La dernière place d'une session de votre commande vient d'être prise/);
    expect(loserOrder.invoice).toBeNull();
    expect((await sessionRow(suite.db, session.id)).currentParticipants).toBe(1);
    expect(await suite.db.select().from(enrolments).where(eq(enrolments.sessionId, session.id))).toHaveLength(1);
    expect(await suite.db.select().from(invoices).where(eq(invoices.orderId, loser.id))).toHaveLength(0);
  });

  test("twenty concurrent paid orders: invoice numbers consecutive, none repeated", async () => {
    const [training] = await storeTrainings(suite.db, "fr", "formation");
    const crowd = await buyers(20, "twenty");
    const urls: string[] = [];
    for (const { agent } of crowd) {
      const cart = (await agent.post("/back/api/shop/add/products", { products: [training.id] })).body.data;
      await fillLine(agent, cart.products[0]);
      urls.push((await payWithCard(agent, ACCEPTED)).start.body.data.url);
    }
    const year = Number(new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Paris", year: "numeric" }).format(new Date()));
    const before = await suite.db
      .select({ sequence: invoices.sequence })
      .from(invoices)
      .where(and(eq(invoices.brand, "fr"), eq(invoices.year, year)));
    const replies = await Promise.all(crowd.map(({ agent }, i) => submitCard(agent, urls[i], ACCEPTED)));
    for (const reply of replies) expect(reply.headers.get("location")).toMatch(/payment=paid$/);
    const rows = await suite.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.brand, "fr"), eq(invoices.year, year)));
    expect(rows).toHaveLength(before.length + 20);
    // The brand's numbering is shared with the invoices of funding requests' payers, in the same store (ADR 0056,
    // 0075): no gap across both kinds.
    const sequences = rows.map((r) => r.sequence).sort((a, b) => a - b);
    expect(sequences).toEqual(Array.from({ length: sequences.length }, (_, i) => sequences[0] + i));
    expect(new Set(rows.map((r) => r.number)).size).toBe(rows.length);
  });

  test("pay by check leaves the order pending until an administrator marks it paid; a free order is paid at once", async () => {
    const [a, b] = await storeTrainings(suite.db, "fr", "formation");
    const [{ agent }] = await buyers(1, "check");
    const cart = (await agent.post("/back/api/shop/add/products", { products: [a.id] })).body.data;
    await fillLine(agent, cart.products[0]);
    expectEnvelope(await agent.get("/back/api/shop/payByCheck"), 419);
    const check = await agent.get("/back/api/shop/payByCheck", { headers: csrfHeader(agent) });
    expectEnvelope(check, 200);
    expect(check.body.data).toMatchObject({ status: "pending", paymentMethod: "check", invoice: null });
    expect((await agent.get("/back/api/shop/cart")).body.data.products).toEqual([]);
    const admin = await anonymous();
    expectEnvelope(await admin.login("admin@demo.test"), 200);
    expectEnvelope(await agent.post(`/back/api/admin/shop/orders/${check.body.data.id}/markPaid`, {}), 403);
    const marked = await admin.post(`/back/api/admin/shop/orders/${check.body.data.id}/markPaid`, {});
    expectEnvelope(marked, 200);
    expect(marked.body.data.status).toBe("paid");
    expect(marked.body.data.invoice.number).toMatch(/^FR-/);
    expectEnvelope(await admin.post(`/back/api/admin/shop/orders/${check.body.data.id}/markPaid`, {}), 409);

    await createCode(suite.db, { code: `FREE-${backend}`, value: 10000 });
    const second = (await agent.post("/back/api/shop/add/products", { products: [b.id] })).body.data;
    await fillLine(agent, second.products[0]);
    expectEnvelope(await agent.post("/back/api/shop/freePayment", {}), 409);
    const free = await agent.post(`/back/api/shop/addDiscount/FREE-${backend}`, {});
    expect(free.body.data.totalWithVat).toBe(0);
    expectEnvelope(await agent.get("/back/api/shop/getPaymentToken", { headers: csrfHeader(agent) }), 409);
    const paid = await agent.post("/back/api/shop/freePayment", {});
    expectEnvelope(paid, 200);
    expect(paid.body.data).toMatchObject({ status: "paid", paymentMethod: "free", totalWithVat: 0 });
    expect(paid.body.data.invoice).not.toBeNull();
  });

  test("demo data: codes in every state, holder@demo.test's paid order and invoice, a pending check order, a cart per brand", async () => {
    const holder = await anonymous();
    expectEnvelope(await holder.login("holder@demo.test"), 200);
    // The pharmacy's newest order by date (its invoices come from the pharmacy demo data too, ADR 0050): the shop's own
    // demo order, paid by card with EPUISE twelve days ago, after the pharmacy's older ones, whatever their ids. Numbers
    // follow issue dates (issue 28 item 10): the brand-year's invoices issued before it have smaller numbers, the
    // later ones (this file's own orders) larger.
    const holderUser = await userByEmail(suite.db, "holder@demo.test");
    const [code] = await suite.db
      .select()
      .from(discountCodes)
      .where(and(eq(discountCodes.code, "EPUISE"), eq(discountCodes.brand, "fr")));
    const [epuise] = await suite.db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, holderUser.id), eq(orders.discountCodeId, code.id)));
    expect((await holder.get("/back/api/referent/getLastCommand")).body.data).toMatchObject({ status: "paid", id: epuise.id });
    const last = await holder.get(`/back/api/referent/getCommand/${epuise.id}`);
    expectEnvelope(last, 200);
    expect(last.body.data).toMatchObject({ status: "paid", paymentMethod: "card", discountCode: "EPUISE" });
    const [epuiseInvoice] = await suite.db.select().from(invoices).where(eq(invoices.orderId, epuise.id));
    const sameYear = await suite.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.brand, "fr"), eq(invoices.year, epuiseInvoice.year), ne(invoices.kind, "creditNote")));
    for (const other of sameYear.filter((i) => i.id !== epuiseInvoice.id)) {
      expect(other.sequence < epuiseInvoice.sequence, other.number).toBe(other.issuedAt < epuiseInvoice.issuedAt);
    }
    expect(sameYear.some((i) => i.issuedAt < epuiseInvoice.issuedAt)).toBe(true);
    expect(last.body.data.invoice.number).toBe(epuiseInvoice.number);
    // A plain learner of the same pharmacy is not a referent: the referent calls refuse them (ADR 0053), and the
    // shop's order and invoice do not exist for them.
    const colleague = await anonymous();
    expectEnvelope(await colleague.login("learner@demo.test"), 200);
    expectEnvelope(await colleague.get(`/back/api/referent/getCommand/${last.body.data.id}`), 403);
    expectEnvelope(await colleague.get("/back/api/referent/getLastCommand"), 403);
    expectEnvelope(await colleague.get(`/back/api/shop/command/${last.body.data.id}`), 404);
    expect((await colleague.fetchRaw("GET", last.body.data.invoice.downloadPath, {})).status).toBe(404);
    const text = extractPdfText(new Uint8Array(await (await holder.fetchRaw("GET", last.body.data.invoice.downloadPath, {})).arrayBuffer()));
    expect(text).toContain(last.body.data.invoice.number);
    expect(text).toContain("Nicolas Fabre");
    const shopUser = await userByEmail(suite.db, "shop@demo.test");
    const pending = await suite.db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, shopUser.id), eq(orders.paymentMethod, "check")));
    expect(pending.map((o) => o.status)).toContain("pending");
    const brands = (await suite.db.select({ brand: carts.brand }).from(carts)).map((c) => c.brand);
    for (const brand of ["fr", "be", "es", "es-campus"]) expect(brands).toContain(brand);
    // EPUISE is used up, PRINTEMPS expired, BIENVENUE10 valid (fr).
    const [{ agent }] = await buyers(1, "democodes");
    const [training] = await storeTrainings(suite.db, "fr", "formation");
    expectEnvelope(await agent.post("/back/api/shop/add/products", { products: [training.id] }), 200);
    expect((await agent.post("/back/api/shop/addDiscount/EPUISE", {})).body.message).toMatch(/déjà été utilisé autant de fois/);
    expect((await agent.post("/back/api/shop/addDiscount/PRINTEMPS", {})).body.message).toMatch(/a expiré/);
    expectEnvelope(await agent.post("/back/api/shop/addDiscount/BIENVENUE10", {}), 200);
  });

  test("live cart: a second tab subscribed to the private cart channel receives CartUpdate with the whole cart", async () => {
    const [a, b] = await storeTrainings(suite.db, "fr", "formation");
    const visitor = await anonymous();
    const cart = (await visitor.post("/back/api/shop/add/products", { products: [a.id] })).body.data;
    const socket = new WebSocket(`${suite.origin.replace(/^http/, "ws")}/app/app-key?protocol=7&client=js&version=8.4.0`);
    const frames: { event: string; channel?: string; data?: string }[] = [];
    const waitFor = (predicate: (f: { event: string; channel?: string; data?: string }) => boolean) =>
      new Promise<{ event: string; channel?: string; data?: string }>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no frame; got ${JSON.stringify(frames.map((f) => f.event))}`)), 10_000);
        const check = () => {
          const found = frames.find(predicate);
          if (found) {
            clearTimeout(timer);
            resolve(found);
          } else setTimeout(check, 20);
        };
        check();
      });
    socket.on("message", (data) => frames.push(JSON.parse(String(data))));
    try {
      const established = await waitFor((f) => f.event === "pusher:connection_established");
      const socketId = JSON.parse(established.data!).socket_id as string;
      const auth = await visitor.post("/back/api/broadcasting/auth", { socket_id: socketId, channel_name: cart.channel });
      expectEnvelope(auth, 200);
      socket.send(JSON.stringify({ event: "pusher:subscribe", data: { channel: cart.channel, auth: auth.body.data.auth } }));
      await waitFor((f) => f.event === "pusher_internal:subscription_succeeded" && f.channel === cart.channel);
      expectEnvelope(await visitor.post("/back/api/shop/add/products", { products: [b.id] }), 200);
      const update = await waitFor((f) => f.event === "CartUpdate" && f.channel === cart.channel);
      const payload = JSON.parse(update.data!) as { cart: { id: number; products: { productId: number }[] } };
      expect(payload.cart.id).toBe(cart.id);
      expect(payload.cart.products.map((p) => p.productId)).toEqual([a.id, b.id]);
    } finally {
      socket.close();
    }
  });

  test("the private cart channel is authorised for the cart's owner only (session or cart cookie)", async () => {
    const [a] = await storeTrainings(suite.db, "fr", "formation");
    const visitor = await anonymous();
    const cart = (await visitor.post("/back/api/shop/add/products", { products: [a.id] })).body.data;
    const auth = (agent: Agent, channel: string) => agent.post("/back/api/broadcasting/auth", { socket_id: "123.456", channel_name: channel });
    expectEnvelope(await auth(visitor, cart.channel), 200);
    const stranger = await anonymous();
    expectEnvelope(await auth(stranger, cart.channel), 403);
    const [{ agent: buyer }] = await buyers(1, "channel");
    const own = (await buyer.post("/back/api/shop/add/products", { products: [a.id] })).body.data;
    expectEnvelope(await auth(buyer, own.channel), 200);
    expectEnvelope(await auth(buyer, cart.channel), 403);
    expectEnvelope(await auth(visitor, own.channel), 403);
    expect(await suite.db.select().from(cartProducts).where(eq(cartProducts.cartId, own.id))).toHaveLength(1);
  });
});
