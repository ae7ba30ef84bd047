import { describe, expect, it } from "vitest";
import { hmacSha256Hex } from "./provider.ts";
import { formTokenRequest, mapSystemPayStatus, verifySystemPayNotification } from "./systempay.ts";

const config = { shopId: "12345678", password: "testpassword_ABC", hmacKey: "hmackey_XYZ", endpoint: "https://api.systempay.fr/", paymentPagePath: "/boutique/paiement" };

function ipn(answer: object, options: { key?: string; keyName?: string; algorithm?: string; hash?: string } = {}) {
  const text = JSON.stringify(answer);
  const fields = new URLSearchParams({
    "kr-hash": options.hash ?? hmacSha256Hex(options.key ?? config.password, text),
    "kr-hash-algorithm": options.algorithm ?? "sha256_hmac",
    "kr-hash-key": options.keyName ?? "password",
    "kr-answer-type": "V4/Payment",
    "kr-answer": text,
  });
  return { body: fields.toString(), contentType: "application/x-www-form-urlencoded", headers: {} };
}

const PAID = { orderStatus: "PAID", orderDetails: { orderId: "42", orderTotalAmount: 12100, orderCurrency: "EUR" }, transactions: [{ uuid: "a1b2c3", amount: 12100, currency: "EUR" }] };

describe("SystemPay adapter", () => {
  it("builds the CreatePayment form-token request", () => {
    const request = formTokenRequest(config, { orderId: 42, amountCents: 12100, currency: "EUR", buyerEmail: "a@b.test", returnPath: "/", origin: "https://shop.test" });
    expect(request.url).toBe("https://api.systempay.fr/api-payment/V4/Charge/CreatePayment");
    expect(request.headers.authorization).toBe(`Basic ${Buffer.from("12345678:testpassword_ABC").toString("base64")}`);
    expect(request.body).toEqual({ amount: 12100, currency: "EUR", orderId: "42", customer: { email: "a@b.test", reference: "42" }, ipnTargetUrl: "https://shop.test/back/api/shop/payments/notify/systempay" });
  });

  it("accepts an IPN signed with the password and maps PAID to paid", () => {
    expect(verifySystemPayNotification(config, ipn(PAID))).toEqual({ orderId: 42, transactionId: "a1b2c3", status: "paid", amountCents: 12100, currency: "EUR", payload: PAID });
  });

  it("accepts a browser return signed with the HMAC key", () => {
    expect(verifySystemPayNotification(config, ipn(PAID, { key: config.hmacKey, keyName: "sha256_hmac" }))?.status).toBe("paid");
  });

  it.each([
    ["a hash made with another key", { key: "not-the-key" }],
    ["the HMAC key where the password is named", { key: config.hmacKey }],
    ["an unknown key name", { keyName: "other" }],
    ["another algorithm", { algorithm: "sha1" }],
    ["a hash that is not hex", { hash: "zz" }],
    ["an empty hash", { hash: "" }],
  ])("refuses %s", (_name, options) => {
    expect(verifySystemPayNotification(config, ipn(PAID, options))).toBeNull();
  });

  it("refuses a tampered answer (amount changed after signing)", () => {
    const good = new URLSearchParams(ipn(PAID).body);
    good.set("kr-answer", JSON.stringify({ ...PAID, orderDetails: { ...PAID.orderDetails, orderTotalAmount: 1 } }));
    expect(verifySystemPayNotification(config, { body: good.toString(), contentType: "", headers: {} })).toBeNull();
  });

  it.each([
    ["PAID", "paid"],
    ["UNPAID", "failed"],
    ["ABANDONED", "cancelled"],
    ["RUNNING", "pending"],
    [undefined, "pending"],
  ])("maps %s to %s", (status, expected) => {
    expect(mapSystemPayStatus(status)).toBe(expected);
  });
});
