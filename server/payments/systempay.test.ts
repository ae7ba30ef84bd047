import { describe, expect, it } from "vitest";
import { hmacSha256Hex, type NotificationCheck } from "./provider.ts";
import {
  createSystemPayProvider,
  IPN_FIELDS,
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
  const input = { orderId: 42, amountCents: 12100, currency: "EUR", returnPath: "/boutique/commande", origin: "https://shop.test", language: "fr" };
  const now = new Date("2026-03-02T08:09:10Z");

  it("answers a POST to the payment URL with the signed vads_* fields, none of them the buyer's text", async () => {
    const start = await createSystemPayProvider(config, () => now).startPayment(input);
    expect(start).toMatchObject({ orderId: 42, provider: "systempay", method: "POST", url: "https://paiement.systempay.fr/vads-payment/", formToken: null });
    expect(start.fields).toEqual({
      vads_action_mode: "INTERACTIVE",
      vads_amount: "12100",
      vads_ctx_mode: "TEST",
      vads_currency: "978",
      vads_language: "fr",
      vads_order_id: "42",
      vads_page_action: "PAYMENT",
      vads_payment_config: "SINGLE",
      vads_site_id: "12345678",
      vads_trans_date: "20260302080910",
      vads_trans_id: "000042",
      vads_url_check: "https://shop.test/back/api/shop/payments/notify/systempay",
      vads_url_return: "https://shop.test/boutique/commande?order=42",
      vads_version: "V2",
      signature: systemPaySignature(start.fields, config.key!),
    });
    // "+" separates the signed values: no signed value holds one.
    expect(Object.entries(start.fields).filter(([name, value]) => name.startsWith("vads_") && value.includes("+"))).toEqual([]);
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

const without = (values: Record<string, string>, name: string) => Object.fromEntries(Object.entries(values).filter(([key]) => key !== name));
const verified = (check: NotificationCheck) => (check.ok ? check.notification : null);
const reasonOf = (check: NotificationCheck) => (check.ok ? null : check.reason);

/** An IPN of a payment of order 42, with the fields SystemPay sends for a card payment. */
const AUTHORISED: Record<string, string> = {
  vads_action_mode: "INTERACTIVE",
  vads_amount: "12100",
  vads_auth_mode: "FULL",
  vads_auth_number: "3fb4a1",
  vads_auth_result: "00",
  vads_card_brand: "CB",
  vads_card_number: "497010XXXXXX0055",
  vads_ctx_mode: "TEST",
  vads_currency: "978",
  vads_effective_amount: "12100",
  vads_hash: "0f5e8a3b",
  vads_language: "fr",
  vads_operation_type: "DEBIT",
  vads_order_id: "42",
  vads_page_action: "PAYMENT",
  vads_payment_config: "SINGLE",
  vads_result: "00",
  vads_site_id: "12345678",
  vads_threeds_status: "Y",
  vads_trans_date: "20260302080910",
  vads_trans_id: "000042",
  vads_trans_status: "AUTHORISED",
  vads_trans_uuid: "3c0c3ec7e1734f1c8a8b6b0e6a7f0d11",
  vads_url_check_src: "PAY",
  vads_version: "V2",
};

describe("SystemPay form API notification", () => {
  it("accepts a signed IPN with the documented fields and maps AUTHORISED to paid", () => {
    expect(verifySystemPayNotification(config, formIpn(AUTHORISED))).toEqual({
      ok: true,
      notification: {
        orderId: 42,
        transactionId: "3c0c3ec7e1734f1c8a8b6b0e6a7f0d11",
        status: "paid",
        amountCents: 12100,
        currency: "EUR",
        payload: AUTHORISED,
      },
    });
  });

  it("takes the transaction id from the date and trans id when SystemPay sends no uuid (a payment never created)", () => {
    const abandoned = { ...AUTHORISED, vads_trans_status: "ABANDONED", vads_trans_uuid: "" };
    expect(verified(verifySystemPayNotification(config, formIpn(abandoned)))).toMatchObject({ transactionId: "20260302-000042", status: "cancelled" });
  });

  it("pays nothing for a refund or a verification (vads_operation_type other than DEBIT)", () => {
    expect(verified(verifySystemPayNotification(config, formIpn({ ...AUTHORISED, vads_operation_type: "CREDIT" })))?.status).toBe("pending");
    expect(
      verified(verifySystemPayNotification(config, formIpn({ ...AUTHORISED, vads_operation_type: "VERIFICATION", vads_trans_status: "ACCEPTED" })))?.status,
    ).toBe("pending");
  });

  it.each([
    ["a signature made with another key", formIpn(AUTHORISED, "6655443322110099"), /signature/],
    ["no signature", { body: new URLSearchParams(AUTHORISED).toString(), contentType: "", headers: {} }, /signature/],
    ["a signature that is not base64", formIpn(AUTHORISED, config.key!, "not base64!"), /signature/],
    [
      "an amount changed after signing",
      { body: formIpn(AUTHORISED).body.replace("vads_amount=12100", "vads_amount=1"), contentType: "", headers: {} },
      /signature/,
    ],
    ["a documented field added after signing", { body: `${formIpn(AUTHORISED).body}&vads_order_info=x`, contentType: "", headers: {} }, /signature/],
    ["a repeated field", { body: `${formIpn(AUTHORISED).body}&vads_amount=12100`, contentType: "", headers: {} }, /vads_amount repeated/],
    ["a repeated signature", { body: `${formIpn(AUTHORISED).body}&signature=x`, contentType: "", headers: {} }, /signature repeated/],
    ["an undocumented vads_ field, signed", formIpn({ ...AUTHORISED, vads_trans_p: "x" }), /undocumented fields vads_trans_p/],
    ["an undocumented field outside the signature", { ...formIpn(AUTHORISED), body: `${formIpn(AUTHORISED).body}&hash=1` }, /undocumented fields hash/],
    ["another shop's id", formIpn({ ...AUTHORISED, vads_site_id: "87654321" }), /another shop/],
    ["another mode", formIpn({ ...AUTHORISED, vads_ctx_mode: "PRODUCTION" }), /another mode/],
    ["an undocumented status", formIpn({ ...AUTHORISED, vads_trans_status: "PAID" }), /vads_trans_status/],
    ["the trans id of another order", formIpn({ ...AUTHORISED, vads_trans_id: "000043" }), /vads_trans_id/],
    ["a trans id that is not six digits", formIpn({ ...AUTHORISED, vads_trans_id: "42" }), /vads_trans_id/],
    ["a trans date that is not a date", formIpn({ ...AUTHORISED, vads_trans_date: "20261302080910" }), /vads_trans_date/],
    ["an unknown currency", formIpn({ ...AUTHORISED, vads_currency: "999" }), /vads_currency/],
    ["an order id that is not one", formIpn({ ...AUTHORISED, vads_order_id: "42abc" }), /vads_order_id/],
    ["an amount that is not one", formIpn({ ...AUTHORISED, vads_amount: "121.00" }), /vads_amount/],
    ["an undocumented notification source", formIpn({ ...AUTHORISED, vads_url_check_src: "ME" }), /vads_url_check_src/],
    ["a malformed uuid", formIpn({ ...AUTHORISED, vads_trans_uuid: "uuid-1" }), /vads_trans_uuid/],
    ["no vads_site_id, signed", formIpn(without(AUTHORISED, "vads_site_id")), /another shop/],
    ["no vads_ctx_mode, signed", formIpn(without(AUTHORISED, "vads_ctx_mode")), /another mode/],
    ["no vads_trans_status, signed", formIpn(without(AUTHORISED, "vads_trans_status")), /vads_trans_status/],
    ["no vads_trans_id, signed", formIpn(without(AUTHORISED, "vads_trans_id")), /vads_trans_id/],
    ["no vads_trans_date, signed", formIpn(without(AUTHORISED, "vads_trans_date")), /vads_trans_date/],
    ["no vads_order_id, signed", formIpn(without(AUTHORISED, "vads_order_id")), /vads_order_id/],
    ["no vads_amount, signed", formIpn(without(AUTHORISED, "vads_amount")), /vads_amount/],
    ["no vads_currency, signed", formIpn(without(AUTHORISED, "vads_currency")), /vads_currency/],
  ])("refuses %s", (_name, notification, reason) => {
    expect(reasonOf(verifySystemPayNotification(config, notification))).toMatch(reason);
  });

  it("refuses every form IPN when no form key is configured", () => {
    expect(verified(verifySystemPayNotification({ ...config, key: null }, formIpn(AUTHORISED)))).toBeNull();
  });

  it("refuses the probe's forgery: a signed form whose return URL held buyer text, re-cut into other fields", () => {
    // The form as it was signed before ADR 0100: the buyer's returnPath "/boutique+AUTHORISED+x" inside vads_url_return.
    const form: Record<string, string> = {
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
      vads_url_return: "https://shop.test/boutique+AUTHORISED+x?order=42",
      vads_version: "V2",
    };
    const signature = systemPaySignature(form, config.key!);
    // The same signed text cut so that "AUTHORISED" is vads_trans_status: the signature still holds ...
    const recut = {
      ...without(without(form, "vads_url_check"), "vads_url_return"),
      vads_trans_p: `${form.vads_url_check}+https://shop.test/boutique`,
      vads_trans_status: "AUTHORISED",
      vads_trans_uuid: "x?order=42",
    };
    expect(systemPaySignature(recut, config.key!)).toBe(signature);
    const notification = formIpn(recut, config.key!, signature);
    // ... but the fields are not the documented ones.
    expect(verified(verifySystemPayNotification(config, notification))).toBeNull();
    // With documented names only, the text between vads_trans_id and vads_trans_status has nowhere to go but
    // vads_trans_id itself, which is then not six digits.
    const documented = { ...without(recut, "vads_trans_p"), vads_trans_id: `000042+${recut.vads_trans_p}` };
    expect(systemPaySignature(documented, config.key!)).toBe(signature);
    expect(reasonOf(verifySystemPayNotification(config, formIpn(documented, config.key!, signature)))).toMatch(/vads_trans_id/);
  });

  it("knows every field a card IPN carries", () => {
    for (const name of Object.keys(AUTHORISED)) expect(IPN_FIELDS.has(name), name).toBe(true);
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
    ["NOT_CREATED", "cancelled"],
    ["WAITING_AUTHORISATION", "pending"],
    ["UNDER_VERIFICATION", "pending"],
    ["PAID", null],
    ["authorised", null],
    ["toString", null],
    [undefined, null],
  ])("maps %s to %s", (status, expected) => {
    expect(mapTransStatus(status)).toBe(expected);
  });
});

describe("SystemPay REST V4 notification (kr-answer)", () => {
  function ipn(answer: object, options: { key?: string; keyName?: string; algorithm?: string; hash?: string; extra?: string } = {}) {
    const text = JSON.stringify(answer);
    const fields = new URLSearchParams({
      "kr-hash": options.hash ?? hmacSha256Hex(options.key ?? config.password!, text),
      "kr-hash-algorithm": options.algorithm ?? "sha256_hmac",
      "kr-hash-key": options.keyName ?? "password",
      "kr-answer-type": "V4/Payment",
      "kr-answer": text,
    });
    return { body: `${fields.toString()}${options.extra ?? ""}`, contentType: "application/x-www-form-urlencoded", headers: {} };
  }

  const UUID = "a1b2c3d4e5f60718293a4b5c6d7e8f90";
  const PAID = {
    shopId: "12345678",
    orderStatus: "PAID",
    orderDetails: { orderId: "42", orderTotalAmount: 12100, orderCurrency: "EUR", mode: "TEST" },
    transactions: [{ uuid: UUID, amount: 12100, currency: "EUR" }],
  };

  it("accepts an IPN signed with the password and maps PAID to paid", () => {
    expect(verifySystemPayNotification(config, ipn(PAID))).toEqual({
      ok: true,
      notification: { orderId: 42, transactionId: UUID, status: "paid", amountCents: 12100, currency: "EUR", payload: PAID },
    });
  });

  it.each([
    ["a hash made with another key", ipn(PAID, { key: "not-the-key" }), /kr-hash/],
    ["the form key where the password is named", ipn(PAID, { key: config.key! }), /kr-hash/],
    ["a browser return (signed with the HMAC key, which the buyer sees)", ipn(PAID, { key: "hmackey_XYZ", keyName: "sha256_hmac" }), /REST password/],
    ["an unknown key name", ipn(PAID, { keyName: "other" }), /REST password/],
    ["another algorithm", ipn(PAID, { algorithm: "sha1" }), /REST password/],
    ["a hash that is not hex", ipn(PAID, { hash: "zz" }), /kr-hash/],
    ["an empty hash", ipn(PAID, { hash: "" }), /kr-hash/],
    ["an undocumented field", ipn(PAID, { extra: "&kr-other=1" }), /undocumented fields kr-other/],
    ["a repeated field", ipn(PAID, { extra: "&kr-hash-key=password" }), /kr-hash-key repeated/],
    ["another shop", ipn({ ...PAID, shopId: "87654321" }), /another shop/],
    ["no shop", ipn({ ...PAID, shopId: undefined }), /another shop/],
    ["another mode", ipn({ ...PAID, orderDetails: { ...PAID.orderDetails, mode: "PRODUCTION" } }), /another mode/],
    ["an undocumented status", ipn({ ...PAID, orderStatus: "AUTHORISED" }), /orderStatus/],
    ["an order id that is not one", ipn({ ...PAID, orderDetails: { ...PAID.orderDetails, orderId: "42; drop" } }), /orderId/],
    ["an amount that is not one", ipn({ ...PAID, orderDetails: { ...PAID.orderDetails, orderTotalAmount: "12100" } }), /orderTotalAmount/],
    ["an unknown currency", ipn({ ...PAID, orderDetails: { ...PAID.orderDetails, orderCurrency: "XXX" } }), /orderCurrency/],
    ["no transaction", ipn({ ...PAID, transactions: [] }), /uuid/],
  ])("refuses %s", (_name, notification, reason) => {
    expect(reasonOf(verifySystemPayNotification(config, notification))).toMatch(reason);
  });

  it("refuses a tampered answer (amount changed after signing)", () => {
    const good = new URLSearchParams(ipn(PAID).body);
    good.set("kr-answer", JSON.stringify({ ...PAID, orderDetails: { ...PAID.orderDetails, orderTotalAmount: 1 } }));
    expect(reasonOf(verifySystemPayNotification(config, { body: good.toString(), contentType: "", headers: {} }))).toMatch(/kr-hash/);
  });

  it.each([
    ["PAID", "paid"],
    ["UNPAID", "failed"],
    ["ABANDONED", "cancelled"],
    ["RUNNING", "pending"],
    ["PARTIALLY_PAID", "pending"],
    ["SOMETHING", null],
    [undefined, null],
  ])("maps %s to %s", (status, expected) => {
    expect(mapSystemPayStatus(status)).toBe(expected);
  });
});
