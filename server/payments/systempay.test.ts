import { describe, expect, it } from "vitest";
import { hmacSha256Hex } from "./provider.ts";
import {
  createSystemPayProvider,
  mapSystemPayStatus,
  mapTransStatus,
  paymentFormFields,
  systemPaySignature,
  transDate,
  transId,
  verifySystemPayNotification,
  type SystemPayConfig,
} from "./systempay.ts";

const config: SystemPayConfig = {
  shopId: "12345678",
  key: "1122334455667788",
  mode: "TEST",
  paymentUrl: "https://paiement.systempay.fr/vads-payment/",
  password: "testpassword_ABC",
  hmacKey: "hmackey_XYZ",
};

describe("SystemPay form API signature", () => {
  // The example of Lyra's form API guide ("Calculer la signature", HMAC-SHA-256): these fields, key
  // 1122334455667788, give "INTERACTIVE+5124+TEST+978+PAYMENT+SINGLE+12345678+20170129130025+123456+V2+1122334455667788"
  // and the signature below.
  const GUIDE_FIELDS = {
    vads_version: "V2",
    vads_trans_id: "123456",
    vads_trans_date: "20170129130025",
    vads_site_id: "12345678",
    vads_payment_config: "SINGLE",
    vads_page_action: "PAYMENT",
    vads_currency: "978",
    vads_ctx_mode: "TEST",
    vads_amount: "5124",
    vads_action_mode: "INTERACTIVE",
  };

  it("reproduces the guide's known vector (fields in any order)", () => {
    expect(systemPaySignature(GUIDE_FIELDS, "1122334455667788")).toBe("ycA5Do5tNvsnKdc/eP1bj2xa19z9q3iWPy9/rpesfS0=");
  });

  it("signs only the vads_* fields: another field or the signature itself does not change it", () => {
    expect(systemPaySignature({ ...GUIDE_FIELDS, signature: "x", other: "y" }, "1122334455667788")).toBe("ycA5Do5tNvsnKdc/eP1bj2xa19z9q3iWPy9/rpesfS0=");
    expect(systemPaySignature({ ...GUIDE_FIELDS, vads_amount: "5125" }, "1122334455667788")).not.toBe("ycA5Do5tNvsnKdc/eP1bj2xa19z9q3iWPy9/rpesfS0=");
  });

  it("dates in UTC and six-digit transaction ids", () => {
    expect(transDate(new Date("2017-01-29T13:00:25.123Z"))).toBe("20170129130025");
    expect(transId(42)).toBe("000042");
    expect(transId(900_042)).toBe("000042");
    expect(transId(899_999)).toBe("899999");
  });
});

describe("SystemPay payment form", () => {
  const input = { orderId: 42, amountCents: 12100, currency: "EUR", buyerEmail: "a@b.test", returnPath: "/boutique/commande", origin: "https://shop.test", language: "fr" };
  const now = new Date("2026-03-02T08:09:10Z");

  it("answers a POST to the payment URL with the signed vads_* fields", async () => {
    const start = await createSystemPayProvider(config, () => now).startPayment(input);
    expect(start).toMatchObject({ orderId: 42, provider: "systempay", method: "POST", url: "https://paiement.systempay.fr/vads-payment/", formToken: null });
    expect(start.fields).toEqual({
      vads_action_mode: "INTERACTIVE",
      vads_amount: "12100",
      vads_ctx_mode: "TEST",
      vads_currency: "978",
      vads_cust_email: "a@b.test",
      vads_language: "fr",
      vads_order_id: "42",
      vads_page_action: "PAYMENT",
      vads_payment_config: "SINGLE",
      vads_return_mode: "GET",
      vads_site_id: "12345678",
      vads_trans_date: "20260302080910",
      vads_trans_id: "000042",
      vads_url_check: "https://shop.test/back/api/shop/payments/notify/systempay",
      vads_url_return: "https://shop.test/boutique/commande?order=42",
      vads_version: "V2",
      signature: systemPaySignature(start.fields, config.key!),
    });
  });

  it("refuses a currency without an ISO code, and starting without a key", async () => {
    expect(() => paymentFormFields({ ...config, key: "k" }, { ...input, currency: "XXX" }, now)).toThrow(/ISO 4217/);
    await expect(createSystemPayProvider({ ...config, key: null }).startPayment(input)).rejects.toThrow(/SYSTEMPAY_KEY/);
  });
});

/** A form API IPN as SystemPay posts it: vads_* fields and their signature. */
function formIpn(values: Record<string, string>, key = config.key!, signature?: string) {
  const fields = { ...values, signature: signature ?? systemPaySignature(values, key) };
  return { body: new URLSearchParams(fields).toString(), contentType: "application/x-www-form-urlencoded", headers: {} };
}

const AUTHORISED = {
  vads_amount: "12100",
  vads_currency: "978",
  vads_order_id: "42",
  vads_site_id: "12345678",
  vads_trans_date: "20260302080910",
  vads_trans_id: "000042",
  vads_trans_status: "AUTHORISED",
  vads_trans_uuid: "3c0c3ec7e1734f1c8a8b6b0e6a7f0d11",
  vads_url_check_src: "PAY",
  vads_hash: "abcdef",
};

describe("SystemPay form API notification", () => {
  it("accepts a signed IPN and maps AUTHORISED to paid", () => {
    expect(verifySystemPayNotification(config, formIpn(AUTHORISED))).toEqual({
      orderId: 42,
      transactionId: "3c0c3ec7e1734f1c8a8b6b0e6a7f0d11",
      status: "paid",
      amountCents: 12100,
      currency: "EUR",
      payload: AUTHORISED,
    });
  });

  it.each([
    ["a signature made with another key", formIpn(AUTHORISED, "6655443322110099")],
    ["no signature", { body: new URLSearchParams(AUTHORISED).toString(), contentType: "", headers: {} }],
    ["a signature that is not base64", formIpn(AUTHORISED, config.key!, "not base64!")],
    ["an amount changed after signing", { body: formIpn(AUTHORISED).body.replace("vads_amount=12100", "vads_amount=1"), contentType: "", headers: {} }],
    ["a field added after signing", { body: `${formIpn(AUTHORISED).body}&vads_extra=1`, contentType: "", headers: {} }],
    ["a repeated field", { body: `${formIpn(AUTHORISED).body}&vads_amount=12100`, contentType: "", headers: {} }],
    ["an unknown currency", formIpn({ ...AUTHORISED, vads_currency: "999" })],
    ["an order id that is not one", formIpn({ ...AUTHORISED, vads_order_id: "42abc" })],
  ])("refuses %s", (_name, notification) => {
    expect(verifySystemPayNotification(config, notification)).toBeNull();
  });

  it("refuses every form IPN when no form key is configured", () => {
    expect(verifySystemPayNotification({ ...config, key: null }, formIpn(AUTHORISED))).toBeNull();
  });

  it.each([
    ["AUTHORISED", "paid"],
    ["CAPTURED", "paid"],
    ["ACCEPTED", "paid"],
    ["AUTHORISED_TO_VALIDATE", "paid"],
    ["REFUSED", "failed"],
    ["CAPTURE_FAILED", "failed"],
    ["ABANDONED", "cancelled"],
    ["CANCELLED", "cancelled"],
    ["EXPIRED", "cancelled"],
    ["WAITING_AUTHORISATION", "pending"],
    [null, "pending"],
  ])("maps %s to %s", (status, expected) => {
    expect(mapTransStatus(status)).toBe(expected);
  });
});

describe("SystemPay REST V4 notification (kr-answer)", () => {
  function ipn(answer: object, options: { key?: string; keyName?: string; algorithm?: string; hash?: string } = {}) {
    const text = JSON.stringify(answer);
    const fields = new URLSearchParams({
      "kr-hash": options.hash ?? hmacSha256Hex(options.key ?? config.password!, text),
      "kr-hash-algorithm": options.algorithm ?? "sha256_hmac",
      "kr-hash-key": options.keyName ?? "password",
      "kr-answer-type": "V4/Payment",
      "kr-answer": text,
    });
    return { body: fields.toString(), contentType: "application/x-www-form-urlencoded", headers: {} };
  }

  const PAID = { orderStatus: "PAID", orderDetails: { orderId: "42", orderTotalAmount: 12100, orderCurrency: "EUR" }, transactions: [{ uuid: "a1b2c3", amount: 12100, currency: "EUR" }] };

  it("accepts an IPN signed with the password and maps PAID to paid", () => {
    expect(verifySystemPayNotification(config, ipn(PAID))).toEqual({ orderId: 42, transactionId: "a1b2c3", status: "paid", amountCents: 12100, currency: "EUR", payload: PAID });
  });

  it("accepts a browser return signed with the HMAC key", () => {
    expect(verifySystemPayNotification(config, ipn(PAID, { key: config.hmacKey!, keyName: "sha256_hmac" }))?.status).toBe("paid");
  });

  it.each([
    ["a hash made with another key", { key: "not-the-key" }],
    ["the HMAC key where the password is named", { key: config.hmacKey! }],
    ["the form key where the password is named", { key: config.key! }],
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
