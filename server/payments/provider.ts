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
  buyerEmail: string;
  /** The local path the buyer comes back to after paying. */
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

/** A notification whose signature checked out, mapped to an order state. */
export type VerifiedNotification = {
  orderId: number;
  transactionId: string;
  status: PaymentStatus;
  amountCents: number;
  currency: string;
  payload: unknown;
};

export interface PaymentProvider {
  readonly name: string;
  startPayment(input: StartPaymentInput): Promise<PaymentStart>;
  /** Null when the signature is missing or wrong, or the body cannot be read: nothing may change then. */
  verifyNotification(notification: IncomingNotification): VerifiedNotification | null;
}

export function hmacSha256Hex(key: string | Buffer, message: string): string {
  return createHmac("sha256", key).update(message, "utf8").digest("hex");
}

/** Constant-time comparison of two hex strings (false for different lengths or non-hex input). */
export function hexEquals(expected: string, received: string | undefined | null): boolean {
  if (typeof received !== "string" || !/^[0-9a-f]+$/i.test(received) || received.length !== expected.length) return false;
  return timingSafeEqual(Buffer.from(expected.toLowerCase(), "hex"), Buffer.from(received.toLowerCase(), "hex"));
}
