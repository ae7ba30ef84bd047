/**
 * The built-in sandbox provider (ADR 0031, 0100): a hosted payment page served by this app
 * (/back/payments/sandbox/...) that accepts the test card 4242 4242 4242 4242 and refuses 4000 0000 0000 0002, then
 * sends a server-to-server notification signed with HMAC-SHA256 (header x-sandbox-signature, hex, over the raw JSON
 * body). The JSON names every value it signs; the notification must have exactly its five fields, well-formed.
 */
import { randomUUID } from "node:crypto";
import {
  hexEquals,
  hmacSha256Hex,
  type IncomingNotification,
  type NotificationCheck,
  type PaymentProvider,
  type PaymentStart,
  type StartPaymentInput,
} from "./provider.ts";

export const SANDBOX_PAGE_PREFIX = "/back/payments/sandbox/";
export const SANDBOX_SIGNATURE_HEADER = "x-sandbox-signature";
export const SANDBOX_CARDS = { accepted: "4242424242424242", refused: "4000000000000002" } as const;
/** A payment link lasts one hour. */
const TOKEN_TTL_MS = 3600_000;

/** The sandbox's signing key, derived from the app secret (tests derive it the same way to forge or replay). */
export function sandboxKey(appSecret: string): string {
  return hmacSha256Hex(appSecret, "payments:sandbox:v1");
}

/** What the payment link signs: no text the buyer chose (the page sends the buyer back to the order's fixed page). */
export type SandboxToken = { orderId: number; amountCents: number; currency: string; expiresAt: number };

export function signSandboxToken(appSecret: string, token: SandboxToken): string {
  const body = Buffer.from(JSON.stringify(token)).toString("base64url");
  return `${body}.${hmacSha256Hex(sandboxKey(appSecret), `token:${body}`)}`;
}

export function readSandboxToken(appSecret: string, value: string, now: Date): SandboxToken | null {
  const [body, signature, extra] = value.split(".");
  if (!body || !signature || extra !== undefined || body.length > 2000) return null;
  if (!hexEquals(hmacSha256Hex(sandboxKey(appSecret), `token:${body}`), signature)) return null;
  try {
    const token = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as SandboxToken;
    if (!Number.isSafeInteger(token.orderId) || !(token.expiresAt >= now.getTime())) return null;
    return { orderId: token.orderId, amountCents: token.amountCents, currency: token.currency, expiresAt: token.expiresAt };
  } catch {
    return null;
  }
}

export type SandboxCardResult = "paid" | "failed" | "unknown";

export function sandboxCardResult(cardNumber: string): SandboxCardResult {
  const digits = cardNumber.replace(/[\s-]/g, "");
  if (digits === SANDBOX_CARDS.accepted) return "paid";
  if (digits === SANDBOX_CARDS.refused) return "failed";
  return "unknown";
}

export type SandboxNotificationBody = { orderId: number; transactionId: string; status: "paid" | "failed"; amountCents: number; currency: string };
const NOTIFICATION_FIELDS = ["amountCents", "currency", "orderId", "status", "transactionId"];

/** The notification the sandbox sends for a card result: the raw body and its signature header. */
export function buildSandboxNotification(
  appSecret: string,
  input: Omit<SandboxNotificationBody, "transactionId"> & { transactionId?: string },
): IncomingNotification {
  const body = JSON.stringify({ ...input, transactionId: input.transactionId ?? `sbx_${randomUUID()}` } satisfies SandboxNotificationBody);
  return { body, contentType: "application/json", headers: { [SANDBOX_SIGNATURE_HEADER]: hmacSha256Hex(sandboxKey(appSecret), body) } };
}

/** The body of a signed sandbox notification: exactly its five fields, each well-formed; else why not. */
function readNotificationBody(text: string): SandboxNotificationBody | string {
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    return "body is not JSON";
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) return "body is not an object";
  const names = Object.keys(body).sort();
  if (names.join(",") !== NOTIFICATION_FIELDS.join(",")) return `fields ${names.join(", ")} instead of ${NOTIFICATION_FIELDS.join(", ")}`;
  const { orderId, transactionId, status, amountCents, currency } = body;
  if (typeof orderId !== "number" || !Number.isSafeInteger(orderId) || orderId <= 0) return "malformed orderId";
  if (typeof transactionId !== "string" || !/^[A-Za-z0-9_-]{1,64}$/.test(transactionId)) return "malformed transactionId";
  if (status !== "paid" && status !== "failed") return "unknown status";
  if (typeof amountCents !== "number" || !Number.isSafeInteger(amountCents) || amountCents < 0) return "malformed amountCents";
  if (typeof currency !== "string" || !/^[A-Z]{3}$/.test(currency)) return "malformed currency";
  return { orderId, transactionId, status, amountCents, currency };
}

export function createSandboxProvider(options: { appSecret: string; now: () => Date }): PaymentProvider {
  return {
    name: "sandbox",
    async startPayment(input: StartPaymentInput): Promise<PaymentStart> {
      const token = signSandboxToken(options.appSecret, {
        orderId: input.orderId,
        amountCents: input.amountCents,
        currency: input.currency,
        expiresAt: options.now().getTime() + TOKEN_TTL_MS,
      });
      return { orderId: input.orderId, provider: "sandbox", method: "GET", url: `${SANDBOX_PAGE_PREFIX}${token}`, fields: {}, formToken: null };
    },
    verifyNotification(notification: IncomingNotification): NotificationCheck {
      const signature = notification.headers[SANDBOX_SIGNATURE_HEADER];
      if (!hexEquals(hmacSha256Hex(sandboxKey(options.appSecret), notification.body), signature)) return { ok: false, reason: "bad or missing signature" };
      const body = readNotificationBody(notification.body);
      if (typeof body === "string") return { ok: false, reason: body };
      return { ok: true, notification: { ...body, payload: body } };
    },
  };
}
