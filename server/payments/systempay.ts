/**
 * A SystemPay / Lyra compatible adapter (ADR 0031, ADR 0045), through Lyra's hosted payment form ("formulaire de
 * paiement", API V2): starting a payment answers the `vads_*` fields of the form, signed, that the buyer's browser
 * posts to the payment page (auto-submitted, or a visible button without JavaScript). The signature is
 * Base64(HMAC-SHA-256(key, the vads_* values sorted by field name, joined with "+", then "+" and the key)), the key
 * being the shop's test or production key.
 *
 * Notifications (IPN, to vads_url_check) come back form-encoded in the same format: every vads_* field and
 * `signature`, verified the same way. The REST V4 format (`kr-answer` signed in `kr-hash` with the REST password
 * or the HMAC-SHA-256 key) is verified too, for shops whose back office sends it.
 */
import { createHmac } from "node:crypto";
import { hexEquals, hmacSha256Hex, type IncomingNotification, type PaymentProvider, type PaymentStart, type PaymentStatus, type StartPaymentInput, type VerifiedNotification } from "./provider.ts";

export const SYSTEMPAY_DEFAULT_PAYMENT_URL = "https://paiement.systempay.fr/vads-payment/";
export const SYSTEMPAY_NOTIFY_PATH = "/back/api/shop/payments/notify/systempay";

export type SystemPayConfig = {
  /** vads_site_id: the shop's id (8 digits). */
  shopId: string;
  /** The form API's key (test or production, as the mode): signs the form and the IPN. Null: no form payments. */
  key: string | null;
  /** vads_ctx_mode */
  mode: "TEST" | "PRODUCTION";
  /** Where the form is posted, e.g. https://paiement.systempay.fr/vads-payment/ */
  paymentUrl: string;
  /** REST V4 notifications only: the REST password (IPN kr-hash key) and the HMAC-SHA-256 key (browser return). */
  password?: string | null;
  hmacKey?: string | null;
};

/** ISO 4217 numeric codes of the currencies the brands sell in. */
const CURRENCY_CODES: Record<string, string> = { EUR: "978" };
const CURRENCY_OF_CODE = Object.fromEntries(Object.entries(CURRENCY_CODES).map(([name, code]) => [code, name]));

/**
 * The form API signature of a set of fields: only the vads_* fields count, sorted by name (code-unit order, as
 * Lyra's ksort), their values joined with "+", then "+" and the key; Base64 of the HMAC-SHA-256 of that text.
 */
export function systemPaySignature(fields: Record<string, string>, key: string): string {
  const names = Object.keys(fields)
    .filter((name) => name.startsWith("vads_"))
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const text = [...names.map((name) => fields[name]), key].join("+");
  return createHmac("sha256", key).update(text, "utf8").digest("base64");
}

/** yyyyMMddHHmmss in UTC (vads_trans_date). */
export function transDate(now: Date): string {
  return now.toISOString().replace(/[-:T]/g, "").slice(0, 14);
}

/**
 * vads_trans_id: six digits, unique per shop and day. Derived from the order id (a new attempt is a new order), so
 * two orders share one only 900,000 orders apart.
 */
export function transId(orderId: number): string {
  return String(orderId % 900_000).padStart(6, "0");
}

/** The signed fields of the payment form for an order. */
export function paymentFormFields(config: SystemPayConfig & { key: string }, input: StartPaymentInput, now: Date): Record<string, string> {
  const currency = CURRENCY_CODES[input.currency];
  if (!currency) throw new Error(`SystemPay: no ISO 4217 code for ${input.currency}`);
  const returnUrl = new URL(input.returnPath, input.origin);
  returnUrl.searchParams.set("order", String(input.orderId));
  const fields: Record<string, string> = {
    vads_action_mode: "INTERACTIVE",
    vads_amount: String(input.amountCents),
    vads_ctx_mode: config.mode,
    vads_currency: currency,
    vads_cust_email: input.buyerEmail,
    vads_language: input.language ?? "fr",
    vads_order_id: String(input.orderId),
    vads_page_action: "PAYMENT",
    vads_payment_config: "SINGLE",
    vads_return_mode: "GET",
    vads_site_id: config.shopId,
    vads_trans_date: transDate(now),
    vads_trans_id: transId(input.orderId),
    vads_url_check: `${input.origin}${SYSTEMPAY_NOTIFY_PATH}`,
    vads_url_return: returnUrl.toString(),
    vads_version: "V2",
  };
  return { ...fields, signature: systemPaySignature(fields, config.key) };
}

/** Form API transaction statuses (vads_trans_status) -> our order states. */
export function mapTransStatus(status: string | null): PaymentStatus {
  switch (status) {
    case "AUTHORISED":
    case "AUTHORISED_TO_VALIDATE":
    case "CAPTURED":
    case "ACCEPTED":
      return "paid";
    case "REFUSED":
    case "CAPTURE_FAILED":
      return "failed";
    case "ABANDONED":
    case "CANCELLED":
    case "EXPIRED":
      return "cancelled";
    default:
      return "pending"; // WAITING_AUTHORISATION, UNDER_VERIFICATION, INITIAL...
  }
}

/** REST V4 order statuses -> our order states. */
export function mapSystemPayStatus(orderStatus: unknown): PaymentStatus {
  switch (orderStatus) {
    case "PAID":
      return "paid";
    case "UNPAID":
      return "failed";
    case "ABANDONED":
      return "cancelled";
    default:
      return "pending"; // RUNNING, PARTIALLY_PAID...
  }
}

const positiveId = (value: unknown): number | null => {
  const n = Number(value);
  return typeof value === "string" && /^[1-9][0-9]{0,14}$/.test(value) && Number.isSafeInteger(n) ? n : null;
};

/** A form API IPN: every vads_* field and `signature`, signed with the form key; null when anything is off. */
export function verifyFormNotification(key: string | null | undefined, fields: URLSearchParams): VerifiedNotification | null {
  if (!key) return null;
  const received = fields.get("signature");
  const values: Record<string, string> = {};
  for (const [name, value] of fields) {
    if (!name.startsWith("vads_")) continue;
    if (name in values) return null; // a repeated field: not what SystemPay sends
    values[name] = value;
  }
  if (!received || Object.keys(values).length === 0) return null;
  const expected = Buffer.from(systemPaySignature(values, key), "base64");
  const given = Buffer.from(received, "base64");
  if (given.toString("base64") !== received || !hexEquals(expected.toString("hex"), given.toString("hex"))) return null;
  const orderId = positiveId(values.vads_order_id);
  const amount = /^[0-9]{1,12}$/.test(values.vads_amount ?? "") ? Number(values.vads_amount) : null;
  const transactionId = values.vads_trans_uuid || (values.vads_trans_id && values.vads_trans_date ? `${values.vads_trans_date.slice(0, 8)}-${values.vads_trans_id}` : "");
  const currency = CURRENCY_OF_CODE[values.vads_currency ?? ""];
  if (orderId === null || amount === null || !transactionId || !currency) return null;
  return { orderId, transactionId, status: mapTransStatus(values.vads_trans_status ?? null), amountCents: amount, currency, payload: values };
}

type KrAnswer = {
  orderStatus?: string;
  orderDetails?: { orderId?: string; orderTotalAmount?: number; orderCurrency?: string };
  transactions?: { uuid?: string; amount?: number; currency?: string }[];
};

/** A REST V4 notification: kr-hash over kr-answer with the key kr-hash-key names; null when anything is off. */
export function verifyRestNotification(config: Pick<SystemPayConfig, "password" | "hmacKey">, fields: URLSearchParams): VerifiedNotification | null {
  const answerText = fields.get("kr-answer");
  const hash = fields.get("kr-hash");
  const algorithm = fields.get("kr-hash-algorithm");
  const keyName = fields.get("kr-hash-key");
  if (!answerText || !hash || algorithm !== "sha256_hmac") return null;
  const key = keyName === "password" ? config.password : keyName === "sha256_hmac" ? config.hmacKey : null;
  if (!key || !hexEquals(hmacSha256Hex(key, answerText), hash)) return null;
  let answer: KrAnswer;
  try {
    answer = JSON.parse(answerText) as KrAnswer;
  } catch {
    return null;
  }
  const orderId = Number(answer.orderDetails?.orderId);
  const transaction = answer.transactions?.[0];
  const amount = answer.orderDetails?.orderTotalAmount ?? transaction?.amount;
  if (!Number.isSafeInteger(orderId) || orderId <= 0 || typeof transaction?.uuid !== "string" || !Number.isSafeInteger(amount)) return null;
  return {
    orderId,
    transactionId: transaction.uuid,
    status: mapSystemPayStatus(answer.orderStatus),
    amountCents: amount as number,
    currency: String(answer.orderDetails?.orderCurrency ?? transaction.currency ?? "EUR"),
    payload: answer,
  };
}

/** Either notification format, by what the body carries. */
export function verifySystemPayNotification(config: Pick<SystemPayConfig, "key" | "password" | "hmacKey">, notification: IncomingNotification): VerifiedNotification | null {
  const fields = new URLSearchParams(notification.body);
  if (fields.has("kr-answer")) return verifyRestNotification(config, fields);
  return verifyFormNotification(config.key, fields);
}

export function createSystemPayProvider(config: SystemPayConfig, now: () => Date = () => new Date()): PaymentProvider {
  return {
    name: "systempay",
    async startPayment(input: StartPaymentInput): Promise<PaymentStart> {
      if (!config.key) throw new Error("SystemPay: SYSTEMPAY_KEY is needed to start a payment");
      const fields = paymentFormFields({ ...config, key: config.key }, input, now());
      return { orderId: input.orderId, provider: "systempay", method: "POST", url: config.paymentUrl, fields, formToken: null };
    },
    verifyNotification: (notification) => verifySystemPayNotification(config, notification),
  };
}
