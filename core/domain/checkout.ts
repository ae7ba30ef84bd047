/**
 * One open order per cart (ADR 0101): a checkout sent again for the same cart, with the same payment mode and the
 * same content, is the same checkout and gets the order it already made. Pure: the caller reads the cart's open order
 * and prices the order the cart would make now; this says whether they are the same.
 */

/** What an order line commits to: the training, the buyer's choices and the money. */
export type CheckoutLine = {
  trainingId: number;
  functionName: string | null;
  sessionId: number | null;
  sessionCourseId: number | null;
  fundingId: number | null;
  priceCents: number;
  discountCents: number;
  netCents: number;
};

/** What an order commits to besides its lines: how it is paid, for whom, with which code, and its totals. */
export type CheckoutTerms = {
  paymentMethod: string | null;
  provider: string | null;
  accountId: number | null;
  discountCodeId: number | null;
  currency: string;
  subtotalCents: number;
  discountCents: number;
  totalCents: number;
  vatCents: number;
  totalWithVatCents: number;
};

export type Checkout = { terms: CheckoutTerms; lines: readonly CheckoutLine[] };

const TERM_KEYS = [
  "paymentMethod",
  "provider",
  "accountId",
  "discountCodeId",
  "currency",
  "subtotalCents",
  "discountCents",
  "totalCents",
  "vatCents",
  "totalWithVatCents",
] as const;
const LINE_KEYS = ["trainingId", "functionName", "sessionId", "sessionCourseId", "fundingId", "priceCents", "discountCents", "netCents"] as const;

const byTraining = (lines: readonly CheckoutLine[]) => [...lines].sort((a, b) => a.trainingId - b.trainingId);

/** Whether two checkouts commit to the same thing: every term and every line (in any order) equal. */
export function sameCheckout(a: Checkout, b: Checkout): boolean {
  if (TERM_KEYS.some((key) => a.terms[key] !== b.terms[key])) return false;
  if (a.lines.length !== b.lines.length) return false;
  const left = byTraining(a.lines);
  const right = byTraining(b.lines);
  return left.every((line, i) => LINE_KEYS.every((key) => line[key] === right[i][key]));
}
