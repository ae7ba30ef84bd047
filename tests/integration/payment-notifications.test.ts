// Signed payment notifications, for the sandbox and SystemPay alike (issue 28 item 1, ADR 0100), through the real
// platform: a genuine notification pays its order once (also sent ten times at once), a replay changes nothing, and
// every forgery answers 403 and writes nothing: re-cut fields (the probe's own request: a returnPath holding
// "+AUTHORISED+", for the shop and for a contract offer), extra or missing fields, a wrong amount or currency,
// another order's fields, another shop or mode.
import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { contractOffers, invoices, orders, payments } from "../../server/db/schema/index.ts";
import { hmacSha256Hex } from "../../server/payments/provider.ts";
import { buildSandboxNotification, SANDBOX_SIGNATURE_HEADER, sandboxKey } from "../../server/payments/sandbox.ts";
import { systemPaySignature } from "../../server/payments/systempay.ts";
import { agentFor } from "./enrolment-helpers.ts";
import { createShopBuyers, csrfHeader, storeTrainings, submitCard } from "./shop-helpers.ts";
import { backends, tableCounts } from "./support/database.ts";
import { expectEnvelope, type Agent } from "./support/http.ts";
import { TEST_SECRET } from "./support/platform.ts";
import { useSuite, type Suite } from "./support/setup.ts";

const SHOP_ID = "12345678";
const KEY = "7788990011223344";
const PASSWORD = "testpassword_NotificationsIT";
const PAYMENT_URL = "https://paiement.systempay.test/vads-payment/";
/** The probe's returnPath: "+" is the separator of SystemPay's signed text. */
const PROBE_RETURN_PATH = encodeURIComponent("/boutique+AUTHORISED+x");

/** A 32-character transaction uuid, as SystemPay's, different for each label. */
const uuidOf = (label: string) => createHash("md5").update(label).digest("hex");

/** A shop buyer with a priced e-learning store training in the cart, ready to pay. */
async function buyerWithCart(suite: Suite, tag: string, index = 0): Promise<Agent> {
  const training = (await storeTrainings(suite.db, "fr", "formation"))[index];
  const [id] = await createShopBuyers(suite.db, 1, `${tag}-${suite.backend}`);
  const agent = await agentFor(suite, id, null);
  const cart = (await agent.post("/back/api/shop/add/products", { products: [training.id] })).body.data;
  for (const line of cart.products) {
    if (line.choices.functions.length > 0)
      await agent.post("/back/api/shop/setProductFunction/product", { productCartId: line.id, functionName: line.choices.functions[0] });
  }
  return agent;
}

async function startPayment(suite: Suite, agent: Agent, query = "") {
  const reply = await agent.get(`/back/api/shop/getPaymentToken${query}`, { headers: csrfHeader(agent) });
  expectEnvelope(reply, 200);
  return { start: reply.body.data, order: await orderRow(suite, reply.body.data.orderId) };
}

const without = <T extends Record<string, unknown>>(values: T, ...names: string[]) =>
  Object.fromEntries(Object.entries(values).filter(([name]) => !names.includes(name))) as Record<string, string>;

const orderRow = async (suite: Suite, id: number) => (await suite.db.select().from(orders).where(eq(orders.id, id)))[0];

/**
 * Posts each forgery: every one answers 403 (each checked, the failures all reported), and no row anywhere changes
 * (the order stays as it was).
 */
async function expectRefused(
  suite: Suite,
  post: (body: string, headers: Record<string, string>) => Promise<{ status: number }>,
  orderId: number,
  forgeries: [string, string, Record<string, string>][],
) {
  const counts = await tableCounts(suite.db);
  const order = await orderRow(suite, orderId);
  for (const [name, body, headers] of forgeries) expect.soft((await post(body, headers)).status, name).toBe(403);
  expect(await tableCounts(suite.db)).toEqual(counts);
  expect(await orderRow(suite, orderId)).toEqual(order);
}

/** A genuine notification pays once, also sent ten times at once; sent again it changes nothing. */
async function expectPaidOnce(suite: Suite, post: () => Promise<{ status: number; body: { data?: { result?: string } } }>, orderId: number) {
  const replies = await Promise.all(Array.from({ length: 10 }, post));
  expect(replies.map((r) => r.status)).toEqual(Array(10).fill(200));
  expect(replies.map((r) => r.body.data?.result).sort()).toEqual(["paid", ...Array(9).fill("replayed")]);
  expect(await orderRow(suite, orderId)).toMatchObject({ status: "paid" });
  expect(await suite.db.select().from(invoices).where(eq(invoices.orderId, orderId))).toHaveLength(1);
  expect(
    await suite.db
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, orderId), eq(payments.status, "paid"))),
  ).toHaveLength(1);
  const counts = await tableCounts(suite.db);
  const replay = await post();
  expect(replay.status).toBe(200);
  expect(replay.body.data?.result).toBe("replayed");
  expect(await tableCounts(suite.db)).toEqual(counts);
}

describe.each(backends())("signed payment notifications (%s)", (backend) => {
  describe("sandbox", () => {
    const suite = useSuite(backend, { PAYMENT_PROVIDER: "sandbox" });

    const notify = (agent: Agent) => (body: string, headers: Record<string, string>) =>
      agent.request("POST", "/back/api/shop/payments/notify/sandbox", { body, headers: { "content-type": "application/json", ...headers }, csrf: false });
    /** A body signed with this platform's sandbox key, as only the platform (or a test knowing its secret) signs. */
    const signed = (body: object, secret = TEST_SECRET): [string, Record<string, string>] => {
      const text = JSON.stringify(body);
      return [text, { [SANDBOX_SIGNATURE_HEADER]: hmacSha256Hex(sandboxKey(secret), text) }];
    };

    test("genuine: paid once (ten at once too); replayed: no change", async () => {
      const agent = await buyerWithCart(suite, "sbx-genuine");
      const { order } = await startPayment(suite, agent);
      const good = buildSandboxNotification(TEST_SECRET, {
        orderId: order.id,
        status: "paid",
        amountCents: order.totalWithVatCents,
        currency: "EUR",
        transactionId: `sbx-${backend}-genuine`,
      });
      await expectPaidOnce(suite, () => notify(agent)(good.body, good.headers as Record<string, string>), order.id);
    });

    test("the payment link carries no buyer text, and the page returns to the order page whatever the request asked", async () => {
      const agent = await buyerWithCart(suite, "sbx-probe", 1);
      const { start, order } = await startPayment(suite, agent, `?returnPath=${PROBE_RETURN_PATH}`);
      const [tokenBody, tokenSignature] = String(start.url).split("/").pop()!.split(".");
      const token = JSON.parse(Buffer.from(tokenBody, "base64url").toString("utf8"));
      // The link's signed parts are no notification.
      await expectRefused(suite, notify(agent), order.id, [
        ["the link's body with its signature", tokenBody, { [SANDBOX_SIGNATURE_HEADER]: tokenSignature }],
        ["the link's signed text with its signature", `token:${tokenBody}`, { [SANDBOX_SIGNATURE_HEADER]: tokenSignature }],
        ["the link's JSON with its signature", JSON.stringify(token), { [SANDBOX_SIGNATURE_HEADER]: tokenSignature }],
      ]);
      expect(Object.keys(token).sort()).toEqual(["amountCents", "currency", "expiresAt", "orderId"]);
      const paid = await submitCard(agent, start.url, "4242 4242 4242 4242");
      expect(paid.status).toBe(303);
      expect(paid.headers.get("location")).toBe(`/boutique/commande?order=${order.id}&payment=paid`);
    });

    test("forged: extra or missing fields, wrong amount or currency, another order's fields, another shop or mode", async () => {
      const agent = await buyerWithCart(suite, "sbx-forged");
      const { order } = await startPayment(suite, agent);
      const other = await startPayment(suite, await buyerWithCart(suite, "sbx-other", 2), "");
      expect(other.order.totalWithVatCents).not.toBe(order.totalWithVatCents);
      const good = { orderId: order.id, transactionId: `sbx-${backend}-forged`, status: "paid", amountCents: order.totalWithVatCents, currency: "EUR" };
      await expectRefused(suite, notify(agent), order.id, [
        ["an extra field", ...signed({ ...good, returnPath: "/boutique" })],
        ["a missing field", ...signed(without(good, "currency"))],
        ["a status the sandbox never sends", ...signed({ ...good, status: "AUTHORISED" })],
        ["a wrong amount", ...signed({ ...good, amountCents: 1 })],
        ["a wrong currency", ...signed({ ...good, currency: "USD" })],
        ["another order's amount", ...signed({ ...good, amountCents: other.order.totalWithVatCents })],
        ["an order that does not exist", ...signed({ ...good, orderId: 2_000_000_000 })],
        ["another shop's key", ...signed(good, "another-platform-secret-0123456789")],
      ]);
      // The order is still payable by its genuine notification.
      const genuine = signed(good);
      expect((await notify(agent)(...genuine)).status).toBe(200);
      expect(await orderRow(suite, order.id)).toMatchObject({ status: "paid" });
    });
  });

  describe("SystemPay", () => {
    const suite = useSuite(backend, {
      PAYMENT_PROVIDER: "systempay",
      SYSTEMPAY_SHOP_ID: SHOP_ID,
      SYSTEMPAY_KEY: KEY,
      SYSTEMPAY_PAYMENT_URL: PAYMENT_URL,
      SYSTEMPAY_PASSWORD: PASSWORD,
    });

    const notify =
      (agent: Agent) =>
      (body: string, headers: Record<string, string> = {}) =>
        agent.request("POST", "/back/api/shop/payments/notify/systempay", {
          body,
          headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
          csrf: false,
        });
    /** A form IPN signed with a key (the shop's, unless told): only its fields can be wrong. */
    const signedIpn = (values: Record<string, string>, key = KEY): [string, Record<string, string>] => [
      new URLSearchParams({ ...values, signature: systemPaySignature(values, key) }).toString(),
      {},
    ];

    /** The IPN SystemPay posts for a payment of the form: the form's vads_* fields it echoes, and the result. */
    function ipnOf(form: Record<string, string>, status: string, uuid: string): Record<string, string> {
      return {
        vads_action_mode: form.vads_action_mode,
        vads_amount: form.vads_amount,
        vads_auth_result: "00",
        vads_card_brand: "CB",
        vads_card_number: "497010XXXXXX0055",
        vads_ctx_mode: form.vads_ctx_mode,
        vads_currency: form.vads_currency,
        vads_effective_amount: form.vads_amount,
        vads_hash: uuidOf(`hash-${uuid}`),
        vads_language: form.vads_language,
        vads_operation_type: "DEBIT",
        vads_order_id: form.vads_order_id,
        vads_page_action: form.vads_page_action,
        vads_payment_config: form.vads_payment_config,
        vads_result: "00",
        vads_site_id: form.vads_site_id,
        vads_trans_date: form.vads_trans_date,
        vads_trans_id: form.vads_trans_id,
        vads_trans_status: status,
        vads_trans_uuid: uuid,
        vads_url_check_src: "PAY",
        vads_version: form.vads_version,
      };
    }

    /** A REST V4 IPN (kr-answer signed with the REST password). */
    function restIpn(answer: {
      orderId: number;
      amount: number;
      currency?: string;
      shopId?: string;
      mode?: string;
      uuid: string;
    }): [string, Record<string, string>] {
      const text = JSON.stringify({
        shopId: answer.shopId ?? SHOP_ID,
        orderStatus: "PAID",
        orderDetails: {
          orderId: String(answer.orderId),
          orderTotalAmount: answer.amount,
          orderCurrency: answer.currency ?? "EUR",
          mode: answer.mode ?? "TEST",
        },
        transactions: [{ uuid: answer.uuid, amount: answer.amount, currency: answer.currency ?? "EUR", status: "PAID" }],
      });
      return [
        new URLSearchParams({
          "kr-hash": hmacSha256Hex(PASSWORD, text),
          "kr-hash-algorithm": "sha256_hmac",
          "kr-hash-key": "password",
          "kr-answer-type": "V4/Payment",
          "kr-answer": text,
        }).toString(),
        {},
      ];
    }

    /**
     * The probe's forgery, without the key: the form's signed text (its vads_* values sorted by name, joined with
     * "+") cut again so that the value "AUTHORISED" becomes vads_trans_status, everything before it up to
     * vads_trans_id kept, the rest before it in one field that sorts between them, what follows as
     * vads_trans_uuid and vads_version. It keeps the form's signature, which holds only while the signed text
     * really contains "+AUTHORISED+".
     */
    function probeForgery(form: Record<string, string>): string {
      const names = Object.keys(form)
        .filter((name) => name.startsWith("vads_"))
        .sort();
      const kept = names.filter((name) => name <= "vads_trans_id");
      const tokens = names
        .map((name) => form[name])
        .join("+")
        .split("+");
      const keptCount = kept.map((name) => form[name].split("+").length).reduce((a, b) => a + b, 0);
      const at = tokens.indexOf("AUTHORISED");
      const before = tokens.slice(keptCount, at === -1 ? tokens.length - 2 : at);
      const after = tokens.slice(at === -1 ? tokens.length - 2 : at + 1);
      const fields: Record<string, string> = Object.fromEntries(kept.map((name) => [name, form[name]]));
      Object.assign(fields, {
        vads_trans_p: before.join("+"),
        vads_trans_status: "AUTHORISED",
        vads_trans_uuid: after.slice(0, -1).join("+"),
        vads_version: after[after.length - 1],
      });
      return new URLSearchParams({ ...fields, signature: form.signature }).toString();
    }

    test("genuine: paid once (ten at once too); replayed: no change; REST V4 alike", async () => {
      const agent = await buyerWithCart(suite, "sp-genuine");
      const { start, order } = await startPayment(suite, agent);
      const [body] = signedIpn(ipnOf(start.fields, "AUTHORISED", uuidOf(`${backend}-genuine`)));
      await expectPaidOnce(suite, () => notify(agent)(body), order.id);

      const rest = await buyerWithCart(suite, "sp-genuine-rest", 1);
      const restOrder = (await startPayment(suite, rest)).order;
      const [restBody] = restIpn({ orderId: restOrder.id, amount: restOrder.totalWithVatCents, uuid: uuidOf(`${backend}-rest`) });
      await expectPaidOnce(suite, () => notify(rest)(restBody), restOrder.id);
    });

    test("forged by re-cutting the buyer's own signed form (the probe's request): refused, the order not paid", async () => {
      const agent = await buyerWithCart(suite, "sp-probe");
      const { start, order } = await startPayment(suite, agent, `?returnPath=${PROBE_RETURN_PATH}`);
      const vads = without(start.fields, "signature");
      const cut = (fields: Record<string, string>) => new URLSearchParams({ ...fields, signature: start.fields.signature }).toString();
      await expectRefused(suite, notify(agent), order.id, [
        ["the probe's re-cut", probeForgery(start.fields), {}],
        // Cuts that keep the form's signature valid: none is a notification.
        ["the signed form itself", cut(vads), {}],
        [
          "the form with its last two values in one field",
          cut({ ...without(vads, "vads_url_return", "vads_version"), vads_url_return: `${vads.vads_url_return}+${vads.vads_version}` }),
          {},
        ],
        [
          "the form's values under other documented names",
          cut({ ...without(vads, "vads_url_check", "vads_url_return"), vads_trans_status: `${vads.vads_url_check}+${vads.vads_url_return}` }),
          {},
        ],
      ]);
      // The signed form holds no buyer text: the return URL is the order page, whatever the request asked.
      expect(start.fields.vads_url_return).toMatch(new RegExp(`^http://[^/]+/boutique/commande\\?order=${order.id}$`));
      expect(start.fields.vads_cust_email).toBeUndefined();
      expect(Object.values(vads).filter((value) => value.includes("+"))).toEqual([]);
    });

    test("forged by re-cutting a contract offer's signed form (the probe's second request): refused, the offer not signed", async () => {
      const holder = suite.agent({ "accept-language": "fr-FR" });
      expectEnvelope(await holder.login("holder@demo.test"), 200);
      await holder.csrf();
      const offer = (await holder.get("/back/api/referent/updateToNextContractProduct", { headers: csrfHeader(holder) })).body.data;
      const started = await holder.get(
        `/back/api/referent/contract/signContractSystemPay/${offer.id}?returnPath=${encodeURIComponent("/gestion+AUTHORISED+x")}`,
        { headers: csrfHeader(holder) },
      );
      expectEnvelope(started, 200);
      const form = started.body.data.payment.fields as Record<string, string>;
      await expectRefused(suite, notify(holder), started.body.data.orderId, [["the probe's re-cut", probeForgery(form), {}]]);
      expect((await suite.db.select().from(contractOffers).where(eq(contractOffers.id, offer.id)))[0].status).toBe("pending");
      expect(form.vads_url_return).toMatch(new RegExp(`^http://[^/]+/gestion/ma-pharmacie/contrat\\?order=${started.body.data.orderId}$`));
      // Its genuine IPN signs it.
      const [body] = signedIpn(ipnOf(form, "AUTHORISED", uuidOf(`${backend}-contract`)));
      expectEnvelope(await notify(holder)(body), 200);
      expect((await suite.db.select().from(contractOffers).where(eq(contractOffers.id, offer.id)))[0].status).toBe("signed");
    });

    test("forged: extra or missing fields, wrong amount or currency, another order's fields, another shop or mode", async () => {
      const agent = await buyerWithCart(suite, "sp-forged");
      const { start, order } = await startPayment(suite, agent);
      const other = await startPayment(suite, await buyerWithCart(suite, "sp-other", 2));
      expect(other.order.totalWithVatCents).not.toBe(order.totalWithVatCents);
      const uuid = uuidOf(`${backend}-forged`);
      const good = ipnOf(start.fields, "AUTHORISED", uuid);
      const [goodBody] = signedIpn(good);
      const restGood = { orderId: order.id, amount: order.totalWithVatCents, uuid: uuidOf(`${backend}-forged-rest`) };
      // A sandbox notification, signed with this platform's sandbox key, cannot pay an order started with SystemPay.
      const sandbox = buildSandboxNotification(TEST_SECRET, {
        orderId: order.id,
        status: "paid",
        amountCents: order.totalWithVatCents,
        currency: "EUR",
        transactionId: `sp-${backend}-sbx`,
      });
      const notifySandbox = (body: string, headers: Record<string, string>) =>
        agent.request("POST", "/back/api/shop/payments/notify/sandbox", { body, headers: { "content-type": "application/json", ...headers }, csrf: false });
      await expectRefused(suite, notifySandbox, order.id, [
        ["the sandbox's notification of a SystemPay order", sandbox.body, sandbox.headers as Record<string, string>],
      ]);
      await expectRefused(suite, notify(agent), order.id, [
        // Signed with the key, so only the fields are wrong.
        ["an undocumented field", ...signedIpn({ ...good, vads_trans_p: "x" })],
        ["a field repeated", `${goodBody}&vads_trans_status=AUTHORISED`, {}],
        ["no vads_site_id", ...signedIpn(without(good, "vads_site_id"))],
        ["no vads_trans_status", ...signedIpn(without(good, "vads_trans_status"))],
        ["a wrong amount", ...signedIpn({ ...good, vads_amount: "1", vads_effective_amount: "1" })],
        ["a wrong currency", ...signedIpn({ ...good, vads_currency: "840" })],
        [
          "another order's amount and trans id",
          ...signedIpn({ ...good, vads_amount: other.start.fields.vads_amount, vads_trans_id: other.start.fields.vads_trans_id }),
        ],
        ["another order's trans id", ...signedIpn({ ...good, vads_trans_id: other.start.fields.vads_trans_id })],
        ["another shop's id", ...signedIpn({ ...good, vads_site_id: "87654321" })],
        ["another mode", ...signedIpn({ ...good, vads_ctx_mode: "PRODUCTION" })],
        ["another shop's key", ...signedIpn(good, "0000111122223333")],
        ["REST: a wrong amount", ...restIpn({ ...restGood, amount: 1 })],
        ["REST: a wrong currency", ...restIpn({ ...restGood, currency: "USD" })],
        ["REST: another order's amount", ...restIpn({ ...restGood, amount: other.order.totalWithVatCents })],
        ["REST: another shop", ...restIpn({ ...restGood, shopId: "87654321" })],
        ["REST: another mode", ...restIpn({ ...restGood, mode: "PRODUCTION" })],
      ]);
      // The genuine IPN still pays it.
      expectEnvelope(await notify(agent)(goodBody), 200);
      expect(await orderRow(suite, order.id)).toMatchObject({ status: "paid" });
    });
  });
});
