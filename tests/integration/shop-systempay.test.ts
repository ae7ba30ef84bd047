// The SystemPay/Lyra adapter through the real notification endpoint (no network: the IPN is built and signed here
// as SystemPay would): a PAID IPN signed with the configured password pays the order once; a replay changes
// nothing; an IPN signed with another key is refused; UNPAID fails the order and books nothing.
import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { hmacSha256Hex } from "../../server/payments/provider.ts";
import { invoices, orders } from "../../server/db/schema/index.ts";
import { backends, tableCounts } from "./support/database.ts";
import { expectEnvelope, type Agent } from "./support/http.ts";
import { useSuite } from "./support/setup.ts";
import { agentFor } from "./enrolment-helpers.ts";
import { createShopBuyers, payWithCard, storeTrainings } from "./shop-helpers.ts";

const PASSWORD = "testpassword_SystemPayIT";

function ipn(orderId: number, amount: number, status: string, uuid: string, key = PASSWORD) {
  const answer = JSON.stringify({
    orderStatus: status,
    orderDetails: { orderId: String(orderId), orderTotalAmount: amount, orderCurrency: "EUR" },
    transactions: [{ uuid, amount, currency: "EUR", status: status === "PAID" ? "PAID" : "UNPAID" }],
  });
  return new URLSearchParams({ "kr-hash": hmacSha256Hex(key, answer), "kr-hash-algorithm": "sha256_hmac", "kr-hash-key": "password", "kr-answer-type": "V4/Payment", "kr-answer": answer }).toString();
}

describe.each(backends())("SystemPay notifications (%s)", (backend) => {
  const suite = useSuite(backend, { SYSTEMPAY_SHOP_ID: "12345678", SYSTEMPAY_PASSWORD: PASSWORD, SYSTEMPAY_HMAC_KEY: "hmac_key_SystemPayIT" });

  async function pendingOrder(tag: string): Promise<{ agent: Agent; orderId: number; amount: number }> {
    const [training] = await storeTrainings(suite.db, "fr", "formation");
    const [id] = await createShopBuyers(suite.db, 1, `${tag}-${backend}`);
    const agent = await agentFor(suite, id, null);
    const cart = (await agent.post("/back/api/shop/add/products", { products: [training.id] })).body.data;
    const functions = (await agent.post("/back/api/shop/getAvailableFunctions/product", { productId: training.id })).body.data;
    if (functions.length > 0) await agent.post("/back/api/shop/setProductFunction/product", { productCartId: cart.products[0].id, functionName: functions[0].name });
    const { start } = await payWithCard(agent, "4242424242424242");
    const [order] = await suite.db.select().from(orders).where(eq(orders.id, start.body.data.orderId));
    return { agent, orderId: order.id, amount: order.totalWithVatCents };
  }

  const notify = (agent: Agent, body: string) =>
    agent.request("POST", "/back/api/shop/payments/notify/systempay", { body, headers: { "content-type": "application/x-www-form-urlencoded" }, csrf: false });

  test("PAID pays once; a replay and a forged IPN change nothing; UNPAID fails the order", async () => {
    const { agent, orderId, amount } = await pendingOrder("sp");
    const before = await tableCounts(suite.db);
    expectEnvelope(await notify(agent, ipn(orderId, amount, "PAID", `uuid-${backend}-1`, "not-the-password")), 403);
    expectEnvelope(await notify(agent, ipn(orderId, amount, "PAID", `uuid-${backend}-1`).replace("kr-hash-key=password", "kr-hash-key=other")), 403);
    expect(await tableCounts(suite.db)).toEqual(before);

    const paid = await notify(agent, ipn(orderId, amount, "PAID", `uuid-${backend}-1`));
    expectEnvelope(paid, 200);
    expect(paid.body.data.result).toBe("paid");
    const after = await tableCounts(suite.db);
    const replay = await notify(agent, ipn(orderId, amount, "PAID", `uuid-${backend}-1`));
    expect(replay.body.data.result).toBe("replayed");
    expect(await tableCounts(suite.db)).toEqual(after);
    expect((await suite.db.select().from(orders).where(eq(orders.id, orderId)))[0]).toMatchObject({ status: "paid", provider: "systempay" });
    expect(await suite.db.select().from(invoices).where(eq(invoices.orderId, orderId))).toHaveLength(1);

    const second = await pendingOrder("sp-unpaid");
    const unpaid = await notify(second.agent, ipn(second.orderId, second.amount, "UNPAID", `uuid-${backend}-2`));
    expect(unpaid.body.data.result).toBe("failed");
    expect((await suite.db.select().from(orders).where(eq(orders.id, second.orderId)))[0].status).toBe("failed");
    expect(await suite.db.select().from(invoices).where(eq(invoices.orderId, second.orderId))).toHaveLength(0);
  });
});
