/**
 * A SystemPay / Lyra (Krypton REST V4) compatible adapter (ADR 0031). Starting a payment asks the provider for a
 * form token (POST Charge/CreatePayment, Basic auth shopId:password); the instant payment notification (IPN)
 * arrives form-encoded with `kr-answer` (JSON), `kr-hash` (hex HMAC-SHA256 of kr-answer), `kr-hash-algorithm`
 * (sha256_hmac) and `kr-hash-key` ("password" for the IPN: the key is the REST password; "sha256_hmac" for the
 * browser return: the key is the HMAC-SHA-256 key).
 */
import { hexEquals, hmacSha256Hex, type IncomingNotification, type PaymentProvider, type PaymentStart, type PaymentStatus, type StartPaymentInput, type VerifiedNotification } from "./provider.ts";

export type SystemPayConfig = {
  shopId: string;
  /** The REST API password (test or production): Basic auth and the IPN's HMAC key. */
  password: string;
  /** The HMAC-SHA-256 key (browser return signature). */
  hmacKey: string;
  /** e.g. https://api.systempay.fr */
  endpoint: string;
  /** The page of this app that embeds the SystemPay form with the form token. */
  paymentPagePath: string;
};

export type FormTokenRequest = { url: string; headers: Record<string, string>; body: Record<string, unknown> };

/** The CreatePayment request for an order (amount in cents, as SystemPay expects: the smallest currency unit). */
export function formTokenRequest(config: SystemPayConfig, input: StartPaymentInput): FormTokenRequest {
  return {
    url: `${config.endpoint.replace(/\/$/, "")}/api-payment/V4/Charge/CreatePayment`,
    headers: {
      authorization: `Basic ${Buffer.from(`${config.shopId}:${config.password}`).toString("base64")}`,
      "content-type": "application/json",
    },
    body: {
      amount: input.amountCents,
      currency: input.currency,
      orderId: String(input.orderId),
      customer: { email: input.buyerEmail, reference: String(input.orderId) },
      ipnTargetUrl: `${input.origin}/back/api/shop/payments/notify/systempay`,
    },
  };
}

/** SystemPay order statuses -> our order states. */
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

type KrAnswer = {
  orderStatus?: string;
  orderDetails?: { orderId?: string; orderTotalAmount?: number; orderCurrency?: string };
  transactions?: { uuid?: string; amount?: number; currency?: string }[];
};

/** Verifies kr-hash over kr-answer with the key kr-hash-key names; null when anything is off. */
export function verifySystemPayNotification(config: Pick<SystemPayConfig, "password" | "hmacKey">, notification: IncomingNotification): VerifiedNotification | null {
  const fields = new URLSearchParams(notification.body);
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

export function createSystemPayProvider(config: SystemPayConfig, fetchImpl: typeof fetch = fetch): PaymentProvider {
  return {
    name: "systempay",
    async startPayment(input: StartPaymentInput): Promise<PaymentStart> {
      const request = formTokenRequest(config, input);
      const reply = await fetchImpl(request.url, { method: "POST", headers: request.headers, body: JSON.stringify(request.body) });
      const json = (await reply.json()) as { status?: string; answer?: { formToken?: string } };
      const formToken = json.answer?.formToken;
      if (json.status !== "SUCCESS" || !formToken) throw new Error(`SystemPay CreatePayment failed: ${json.status ?? reply.status}`);
      return { orderId: input.orderId, provider: "systempay", method: "GET", url: `${config.paymentPagePath}?order=${input.orderId}`, fields: {}, formToken };
    },
    verifyNotification: (notification) => verifySystemPayNotification(config, notification),
  };
}
