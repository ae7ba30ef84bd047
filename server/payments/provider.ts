/**
 * The payment-provider seam (DESIGN 8b, ADR 0031): start a payment (a page to send the buyer to, or a form to
 * post), verify a server-to-server notification (its signature), and map it to an order state.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

export type PaymentStatus = "paid" | "failed" | "cancelled" | "pending";

export type StartPaymentInput = {
  orderId: number;
  amountCents: number;
  currency: string;
  /**
   * The local path the buyer comes back to after paying: the order's fixed page, chosen by the service from the
   * order's kind, never text from the request (it ends up in signed values, ADR 0100).
   */
  returnPath: string;
  /** The public origin of this app (for absolute URLs sent to a remote provider). */
  origin: string;
  /** The buyer's language for the provider's page ("fr", "es"). */
  language?: string;
};

export type PaymentStart = {
  orderId: number;
  provider: string;
  method: "GET" | "POST";
  url: string;
  fields: Record<string, string>;
  formToken: string | null;
};

export type IncomingNotification = { body: string; contentType: string; headers: Record<string, string | undefined> };

/** A notification whose signature and fields checked out, mapped to an order state. */
export type VerifiedNotification = {
  orderId: number;
  transactionId: string;
  status: PaymentStatus;
  amountCents: number;
  currency: string;
  payload: unknown;
};

/** A verified notification, or why it was refused (for the log: nothing may change then). */
export type NotificationCheck = { ok: true; notification: VerifiedNotification } | { ok: false; reason: string };

export interface PaymentProvider {
  readonly name: string;
  startPayment(input: StartPaymentInput): Promise<PaymentStart>;
  /**
   * Refused when the signature is missing or wrong, the body cannot be read, or its fields are not exactly what the
   * provider documents and this shop expects. The service then checks it against the order (ADR 0100).
   */
  verifyNotification(notification: IncomingNotification): NotificationCheck;
}

export function hmacSha256Hex(key: string | Buffer, message: string): string {
  return createHmac("sha256", key).update(message, "utf8").digest("hex");
}

/** Constant-time comparison of two hex strings (false for different lengths or non-hex input). */
export function hexEquals(expected: string, received: string | undefined | null): boolean {
  if (typeof received !== "string" || !/^[0-9a-f]+$/i.test(received) || received.length !== expected.length) return false;
  return timingSafeEqual(Buffer.from(expected.toLowerCase(), "hex"), Buffer.from(received.toLowerCase(), "hex"));
}
