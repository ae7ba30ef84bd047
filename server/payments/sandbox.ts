/**
 * The built-in sandbox provider (ADR 0031): a hosted payment page served by this app (/back/payments/sandbox/...)
 * that accepts the test card 4242 4242 4242 4242 and refuses 4000 0000 0000 0002, then sends a server-to-server
 * notification signed with HMAC-SHA256 (header x-sandbox-signature, hex, over the raw JSON body).
 */
import { randomUUID } from "node:crypto";
import { hexEquals, hmacSha256Hex, type IncomingNotification, type PaymentProvider, type PaymentStart, type StartPaymentInput, type VerifiedNotification } from "./provider.ts";

export const SANDBOX_PAGE_PREFIX = "/back/payments/sandbox/";
export const SANDBOX_SIGNATURE_HEADER = "x-sandbox-signature";
export const SANDBOX_CARDS = { accepted: "4242424242424242", refused: "4000000000000002" } as const;
/** A payment link lasts one hour. */
const TOKEN_TTL_MS = 3600_000;

/** The sandbox's signing key, derived from the app secret (tests derive it the same way to forge or replay). */
export function sandboxKey(appSecret: string): string {
  return hmacSha256Hex(appSecret, "payments:sandbox:v1");
}

export type SandboxToken = { orderId: number; amountCents: number; currency: string; returnPath: string; expiresAt: number };

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
    if (!Number.isSafeInteger(token.orderId) || token.expiresAt < now.getTime()) return null;
    return token;
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

/** The notification the sandbox sends for a card result: the raw body and its signature header. */
export function buildSandboxNotification(appSecret: string, input: Omit<SandboxNotificationBody, "transactionId"> & { transactionId?: string }): IncomingNotification {
  const body = JSON.stringify({ ...input, transactionId: input.transactionId ?? `sbx_${randomUUID()}` } satisfies SandboxNotificationBody);
  return { body, contentType: "application/json", headers: { [SANDBOX_SIGNATURE_HEADER]: hmacSha256Hex(sandboxKey(appSecret), body) } };
}

export function createSandboxProvider(options: { appSecret: string; now: () => Date }): PaymentProvider {
  return {
    name: "sandbox",
    async startPayment(input: StartPaymentInput): Promise<PaymentStart> {
      const token = signSandboxToken(options.appSecret, {
        orderId: input.orderId,
        amountCents: input.amountCents,
        currency: input.currency,
        returnPath: input.returnPath,
        expiresAt: options.now().getTime() + TOKEN_TTL_MS,
      });
      return { orderId: input.orderId, provider: "sandbox", method: "GET", url: `${SANDBOX_PAGE_PREFIX}${token}`, fields: {}, formToken: null };
    },
    verifyNotification(notification: IncomingNotification): VerifiedNotification | null {
      const signature = notification.headers[SANDBOX_SIGNATURE_HEADER];
      if (!hexEquals(hmacSha256Hex(sandboxKey(options.appSecret), notification.body), signature)) return null;
      let body: SandboxNotificationBody;
      try {
        body = JSON.parse(notification.body) as SandboxNotificationBody;
      } catch {
        return null;
      }
      if (!Number.isSafeInteger(body.orderId) || typeof body.transactionId !== "string" || !Number.isSafeInteger(body.amountCents)) return null;
      if (body.status !== "paid" && body.status !== "failed") return null;
      return { orderId: body.orderId, transactionId: body.transactionId, status: body.status, amountCents: body.amountCents, currency: String(body.currency), payload: body };
    },
  };
}
