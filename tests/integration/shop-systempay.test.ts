// The SystemPay/Lyra adapter through the real platform (no network: SystemPay's side is played here). With
// PAYMENT_PROVIDER=systempay, paying by card from the cart page (no JavaScript) leads to the order page, which renders
// the signed vads_* form posted to SystemPay's payment URL (a visible button; JavaScript submits it at once); the
// form's signature is the form API's, over the fields as rendered. The IPN SystemPay then posts (vads_* fields and
// signature) pays the order once; a replay changes nothing; a forged one is refused; REFUSED fails the order. The
// REST V4 format (kr-answer, kr-hash) is still verified.
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { hmacSha256Hex } from "../../server/payments/provider.ts";
import { systemPaySignature } from "../../server/payments/systempay.ts";
import { contractOffers, contracts, invoices, orders } from "../../server/db/schema/index.ts";
import { backends, tableCounts } from "./support/database.ts";
import { expectEnvelope, parseSetCookie, type Agent } from "./support/http.ts";
import { useSuite } from "./support/setup.ts";
import { agentFor } from "./enrolment-helpers.ts";
import { createShopBuyers, csrfHeader, storeTrainings } from "./shop-helpers.ts";

const PASSWORD = "testpassword_SystemPayIT";
const KEY = "7788990011223344";
const PAYMENT_URL = "https://paiement.systempay.test/vads-payment/";

const decode = (html: string) =>
  html
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

/** A 32-character transaction uuid, as SystemPay's, different for each label. */
const uuidOf = (label: string) => createHash("md5").update(label).digest("hex");

/** REST V4 IPN (kr-answer signed in kr-hash with the REST password). */
function restIpn(orderId: number, amount: number, status: string, label: string, key = PASSWORD) {
  const uuid = uuidOf(label);
  const answer = JSON.stringify({
    shopId: "12345678",
    orderStatus: status,
    orderDetails: { orderId: String(orderId), orderTotalAmount: amount, orderCurrency: "EUR", mode: "TEST" },
    transactions: [{ uuid, amount, currency: "EUR", status: status === "PAID" ? "PAID" : "UNPAID" }],
  });
  return new URLSearchParams({
    "kr-hash": hmacSha256Hex(key, answer),
    "kr-hash-algorithm": "sha256_hmac",
    "kr-hash-key": "password",
    "kr-answer-type": "V4/Payment",
    "kr-answer": answer,
  }).toString();
}

/** Form API IPN as SystemPay posts it to vads_url_check: the payment's vads_* fields and their signature. */
function formIpn(form: Record<string, string>, status: string, label: string, key = KEY) {
  const uuid = uuidOf(label);
  const values: Record<string, string> = {
    vads_amount: form.vads_amount,
    vads_currency: form.vads_currency,
    vads_ctx_mode: form.vads_ctx_mode,
    vads_order_id: form.vads_order_id,
    vads_site_id: form.vads_site_id,
    vads_trans_date: form.vads_trans_date,
    vads_trans_id: form.vads_trans_id,
    vads_trans_status: status,
    vads_trans_uuid: uuid,
    vads_url_check_src: "PAY",
    vads_operation_type: "DEBIT",
  };
  return new URLSearchParams({ ...values, signature: systemPaySignature(values, key) }).toString();
}

/** The hidden fields of the rendered payment form, as the browser would post them. */
function renderedForm(html: string): { action: string; method: string; fields: Record<string, string>; hasButton: boolean } | null {
  const form = /<form[^>]*data-testid="payment-form"[^>]*>([\s\S]*?)<\/form>/.exec(html);
  if (!form) return null;
  const open = form[0].slice(0, form[0].indexOf(">") + 1);
  const fields: Record<string, string> = {};
  for (const input of form[1].matchAll(/<input[^>]*>/g)) {
    const name = /name="([^"]*)"/.exec(input[0])?.[1];
    const value = /value="([^"]*)"/.exec(input[0])?.[1];
    if (name && /type="hidden"/.test(input[0])) fields[decode(name)] = decode(value ?? "");
  }
  return {
    action: decode(/action="([^"]*)"/.exec(open)?.[1] ?? ""),
    method: /method="([^"]*)"/.exec(open)?.[1] ?? "",
    fields,
    hasButton: /<button[^>]*type="submit"[^>]*data-testid="payment-form-submit"/.test(form[1]),
  };
}

describe.each(backends())("SystemPay (%s)", (backend) => {
  const suite = useSuite(backend, {
    PAYMENT_PROVIDER: "systempay",
    SYSTEMPAY_SHOP_ID: "12345678",
    SYSTEMPAY_KEY: KEY,
    SYSTEMPAY_PAYMENT_URL: PAYMENT_URL,
    SYSTEMPAY_PASSWORD: PASSWORD,
  });

  /** A shop buyer with one store training in the cart, ready to pay. */
  async function buyerWithCart(tag: string, index = 0): Promise<Agent> {
    const training = (await storeTrainings(suite.db, "fr", "formation"))[index];
    const [id] = await createShopBuyers(suite.db, 1, `${tag}-${backend}`);
    const agent = await agentFor(suite, id, null);
    const cart = (await agent.post("/back/api/shop/add/products", { products: [training.id] })).body.data;
    for (const line of cart.products) {
      if (line.choices.functions.length > 0)
        await agent.post("/back/api/shop/setProductFunction/product", { productCartId: line.id, functionName: line.choices.functions[0] });
    }
    return agent;
  }

  async function startPayment(agent: Agent) {
    const start = await agent.get(`/back/api/shop/getPaymentToken?returnPath=${encodeURIComponent("/boutique/commande")}`, { headers: csrfHeader(agent) });
    expectEnvelope(start, 200);
    const [order] = await suite.db.select().from(orders).where(eq(orders.id, start.body.data.orderId));
    return { start: start.body.data, order };
  }

  /** A page as the browser without JavaScript gets it, with the agent's cookies (and the ones the page sets). */
  async function page(agent: Agent, path: string, init: { method?: string; body?: string } = {}) {
    const response = await fetch(`${suite.origin}${path}`, {
      method: init.method ?? "GET",
      redirect: "manual",
      headers: {
        cookie: agent.cookieHeader(),
        accept: "text/html",
        "accept-language": "fr-FR",
        ...(init.body ? { "content-type": "application/x-www-form-urlencoded" } : {}),
      },
      body: init.body,
    });
    for (const header of response.headers.getSetCookie()) {
      const cookie = parseSetCookie(header);
      agent.cookies.set(cookie.name, cookie.value);
    }
    return {
      status: response.status,
      location: response.headers.get("location"),
      csp: response.headers.get("content-security-policy") ?? "",
      text: await response.text(),
    };
  }

  const notify = (agent: Agent, body: string) =>
    agent.request("POST", "/back/api/shop/payments/notify/systempay", { body, headers: { "content-type": "application/x-www-form-urlencoded" }, csrf: false });

  test("getPaymentToken answers the signed form POSTed to the payment URL", async () => {
    const agent = await buyerWithCart("sp-token");
    const { start, order } = await startPayment(agent);
    expect(order).toMatchObject({ status: "pending", paymentMethod: "card", provider: "systempay" });
    expect(start).toMatchObject({ provider: "systempay", method: "POST", url: PAYMENT_URL, formToken: null });
    expect(start.fields).toMatchObject({
      vads_site_id: "12345678",
      vads_ctx_mode: "TEST",
      vads_amount: String(order.totalWithVatCents),
      vads_currency: "978",
      vads_order_id: String(order.id),
      vads_page_action: "PAYMENT",
      vads_payment_config: "SINGLE",
      vads_version: "V2",
    });
    // No buyer text is signed (ADR 0100): the buyer's e-mail is not sent.
    expect(start.fields.vads_cust_email).toBeUndefined();
    expect(start.fields.vads_url_check).toMatch(/^http:\/\/[^/]+\/back\/api\/shop\/payments\/notify\/systempay$/);
    expect(start.fields.vads_url_return).toMatch(new RegExp(`/boutique/commande\\?order=${order.id}$`));
    expect(start.fields.signature).toBe(systemPaySignature(start.fields, KEY));
  });

  test("without JavaScript: pay by card on the cart page -> the order page renders the signed form for SystemPay, with a visible button", async () => {
    const agent = await buyerWithCart("sp-page", 1);
    const cartPage = await page(agent, "/boutique/panier");
    expect(cartPage.status).toBe(200);
    const csrf = decode(/name="csrf" value="([^"]+)"/.exec(cartPage.text)?.[1] ?? "");
    expect(csrf).toBeTruthy();
    const paid = await page(agent, "/boutique/panier", { method: "POST", body: new URLSearchParams({ csrf, intent: "payCard" }).toString() });
    expect(paid.status).toBeGreaterThanOrEqual(300);
    expect(paid.status).toBeLessThan(400);
    const location = new URL(paid.location!, suite.origin);
    expect(location.pathname).toBe("/boutique/commande");
    expect(location.searchParams.get("payment")).toBe("post");
    const orderId = Number(location.searchParams.get("order"));
    const [order] = await suite.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ status: "pending", provider: "systempay" });

    const orderPage = await page(agent, `${location.pathname}${location.search}`);
    expect(orderPage.status).toBe(200);
    const form = renderedForm(orderPage.text);
    expect(form).not.toBeNull();
    expect(form!.action).toBe(PAYMENT_URL);
    expect(form!.method).toBe("post");
    expect(form!.hasButton).toBe(true);
    expect(form!.fields).toMatchObject({ vads_order_id: String(orderId), vads_amount: String(order.totalWithVatCents), vads_site_id: "12345678" });
    // What the browser posts is signed: SystemPay would accept it.
    expect(form!.fields.signature).toBe(systemPaySignature(form!.fields, KEY));
    // The page's CSP lets the form go to SystemPay's origin.
    expect(orderPage.csp).toMatch(/form-action [^;]*https:\/\/paiement\.systempay\.test/);

    // Another buyer, or a guest, does not get the form of this order.
    const other = await buyerWithCart("sp-other", 2);
    expectEnvelope(await other.get(`/back/api/shop/paymentForm/${orderId}`), 404);
    expectEnvelope(await suite.agent().get(`/back/api/shop/paymentForm/${orderId}`), 401);
    expect(renderedForm((await page(other, `/boutique/commande?order=${orderId}&payment=post`)).text)).toBeNull();
  });

  test("the form IPN pays once; a replay and a forged IPN change nothing; REFUSED fails the order and books nothing", async () => {
    const agent = await buyerWithCart("sp-ipn");
    const { start, order } = await startPayment(agent);
    const before = await tableCounts(suite.db);
    expectEnvelope(await notify(agent, formIpn(start.fields, "AUTHORISED", `uuid-${backend}-f1`, "0000111122223333")), 403);
    const tampered = new URLSearchParams(formIpn(start.fields, "AUTHORISED", `uuid-${backend}-f1`));
    tampered.set("vads_amount", "1");
    expectEnvelope(await notify(agent, tampered.toString()), 403);
    expect(await tableCounts(suite.db)).toEqual(before);

    const paid = await notify(agent, formIpn(start.fields, "AUTHORISED", `uuid-${backend}-f1`));
    expectEnvelope(paid, 200);
    expect(paid.body.data.result).toBe("paid");
    const after = await tableCounts(suite.db);
    const replay = await notify(agent, formIpn(start.fields, "AUTHORISED", `uuid-${backend}-f1`));
    expect(replay.body.data.result).toBe("replayed");
    expect(await tableCounts(suite.db)).toEqual(after);
    expect((await suite.db.select().from(orders).where(eq(orders.id, order.id)))[0]).toMatchObject({ status: "paid", provider: "systempay" });
    expect(await suite.db.select().from(invoices).where(eq(invoices.orderId, order.id))).toHaveLength(1);

    const second = await buyerWithCart("sp-ipn-refused", 1);
    const refused = await startPayment(second);
    const reply = await notify(second, formIpn(refused.start.fields, "REFUSED", `uuid-${backend}-f2`));
    expect(reply.body.data.result).toBe("failed");
    expect((await suite.db.select().from(orders).where(eq(orders.id, refused.order.id)))[0].status).toBe("failed");
    expect(await suite.db.select().from(invoices).where(eq(invoices.orderId, refused.order.id))).toHaveLength(0);
  });

  test("REST V4 notifications: PAID pays once; a replay and a forged IPN change nothing; UNPAID fails the order", async () => {
    const agent = await buyerWithCart("sp-rest");
    const { order } = await startPayment(agent);
    const amount = order.totalWithVatCents;
    const before = await tableCounts(suite.db);
    expectEnvelope(await notify(agent, restIpn(order.id, amount, "PAID", `uuid-${backend}-1`, "not-the-password")), 403);
    expectEnvelope(await notify(agent, restIpn(order.id, amount, "PAID", `uuid-${backend}-1`).replace("kr-hash-key=password", "kr-hash-key=other")), 403);
    expect(await tableCounts(suite.db)).toEqual(before);

    const paid = await notify(agent, restIpn(order.id, amount, "PAID", `uuid-${backend}-1`));
    expectEnvelope(paid, 200);
    expect(paid.body.data.result).toBe("paid");
    const after = await tableCounts(suite.db);
    const replay = await notify(agent, restIpn(order.id, amount, "PAID", `uuid-${backend}-1`));
    expect(replay.body.data.result).toBe("replayed");
    expect(await tableCounts(suite.db)).toEqual(after);
    expect(await suite.db.select().from(invoices).where(eq(invoices.orderId, order.id))).toHaveLength(1);

    const second = await buyerWithCart("sp-rest-unpaid", 1);
    const unpaidOrder = (await startPayment(second)).order;
    const unpaid = await notify(second, restIpn(unpaidOrder.id, unpaidOrder.totalWithVatCents, "UNPAID", `uuid-${backend}-2`));
    expect(unpaid.body.data.result).toBe("failed");
    expect((await suite.db.select().from(orders).where(eq(orders.id, unpaidOrder.id)))[0].status).toBe("failed");
  });

  test("a pharmacy signs its contract with SystemPay (ADR 0071): the contract page renders the signed form; the IPN signs it once", async () => {
    const holder = suite.agent({ "accept-language": "fr-FR" });
    expectEnvelope(await holder.login("holder@demo.test"), 200);
    await holder.csrf();
    const offer = (await holder.get("/back/api/referent/updateToNextContractProduct", { headers: csrfHeader(holder) })).body.data;
    const started = await holder.get(
      `/back/api/referent/contract/signContractSystemPay/${offer.id}?returnPath=${encodeURIComponent("/gestion/ma-pharmacie/contrat")}`,
      { headers: csrfHeader(holder) },
    );
    expectEnvelope(started, 200);
    const [order] = await suite.db.select().from(orders).where(eq(orders.id, started.body.data.orderId));
    expect(order).toMatchObject({ kind: "contract", status: "pending", provider: "systempay" });
    expect(started.body.data.payment).toMatchObject({ provider: "systempay", method: "POST", url: PAYMENT_URL });
    expect(started.body.data.payment.fields).toMatchObject({ vads_amount: String(order.totalWithVatCents), vads_order_id: String(order.id) });

    // Without JavaScript: the contract page's form for the browser to post, signed over the fields as rendered.
    const rendered = renderedForm((await page(holder, `/gestion/ma-pharmacie/contrat?order=${order.id}&payment=post`)).text);
    expect(rendered).not.toBeNull();
    expect(rendered!).toMatchObject({ action: PAYMENT_URL, method: "post", hasButton: true });
    expect(rendered!.fields.vads_url_return).toMatch(/\/gestion\/ma-pharmacie\/contrat\?order=\d+$/);
    expect(rendered!.fields.signature).toBe(systemPaySignature(rendered!.fields, KEY));

    // SystemPay's IPN: the contract is signed once; the same IPN again changes nothing.
    const contractsBefore = (await suite.db.select().from(contracts)).length;
    const ipn = formIpn(rendered!.fields, "AUTHORISED", `uuid-contract-${backend}`);
    expectEnvelope(await notify(holder, ipn), 200);
    expect((await suite.db.select().from(contractOffers).where(eq(contractOffers.id, offer.id)))[0].status).toBe("signed");
    expect((await suite.db.select().from(orders).where(eq(orders.id, order.id)))[0].status).toBe("paid");
    expect((await suite.db.select().from(contracts)).length).toBe(contractsBefore + 1);
    const before = await tableCounts(suite.db);
    expectEnvelope(await notify(holder, ipn), 200);
    expect(await tableCounts(suite.db)).toEqual(before);
    expect(decode((await page(holder, `/gestion/ma-pharmacie/contrat?order=${order.id}`)).text)).toContain("accepté : le contrat est signé");
  });
});
