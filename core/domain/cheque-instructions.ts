import { legalIdentityOf, type PostalAddress } from "../branding/legal-identities.ts";
import type { Cents } from "./money.ts";

/** What a buyer paying by cheque needs: whom to pay, where to send it, how much, and what to write on its back. */
export type ChequeInstructions = { payee: string; address: PostalAddress; amountCents: Cents; currency: string; reference: string };

/**
 * The instructions of a cheque order, from the brand's legal identity (the one source, ADR 0106): the amount is the
 * order's total with VAT and the reference to write on the back of the cheque is the order number.
 */
export function chequeInstructions(brand: string, order: { id: number; totalWithVat: Cents; currency: string }): ChequeInstructions {
  const { payee, address } = legalIdentityOf(brand).cheques;
  return { payee, address, amountCents: order.totalWithVat, currency: order.currency, reference: String(order.id) };
}
