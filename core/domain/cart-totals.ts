/**
 * The one computation of lines, discount and totals used by the cart, the order and the invoice (ADR 0030).
 * Integers only: amounts in cents, rates in basis points.
 */
import { discountOn, type DiscountAmount } from "./discounts.ts";
import { computeVat, type Cents } from "./money.ts";
import type { VatRule } from "./vat.ts";

export type TotalsLine = { id: number | string; trainingId: number; priceCents: Cents };

export type TotalsLineResult<L extends TotalsLine> = L & {
  /** This line's share of the discount. */
  discountCents: Cents;
  /** priceCents minus discountCents (HT). */
  netCents: Cents;
};

export type CartTotals<L extends TotalsLine> = {
  lines: TotalsLineResult<L>[];
  /** Sum of the prices before discount (HT). */
  subtotal: Cents;
  totalDiscount: Cents;
  /** After discount, without VAT (HT): the spec's `total`. */
  total: Cents;
  vat: Cents;
  totalWithVat: Cents;
  rateBasisPoints: number;
  currency: string;
};

/**
 * Splits `amount` over `weights` pro rata, by the largest remainder, so the shares add up to `amount` exactly and
 * none exceeds its weight. Ties go to the earlier line.
 */
export function allocate(amount: Cents, weights: readonly Cents[]): Cents[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (amount <= 0 || sum <= 0) return weights.map(() => 0);
  const capped = Math.min(amount, sum);
  const exact = weights.map((w) => (capped * w) / sum);
  const shares = exact.map((x) => Math.floor(x));
  let rest = capped - shares.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => ({ i, frac: x - Math.floor(x) })).sort((a, b) => b.frac - a.frac || a.i - b.i);
  for (const { i } of order) {
    if (rest <= 0) break;
    if (shares[i] < weights[i]) {
      shares[i]++;
      rest--;
    }
  }
  return shares;
}

/**
 * Lines with their discount share, and the totals. A product discount applies to the lines of its training only
 * (computed on their sum, then shared); a cart discount on the whole subtotal. VAT is computed once on the net
 * total (one rate per brand), rounded half up to the cent.
 */
export function computeCartTotals<L extends TotalsLine>(
  lines: readonly L[],
  discount: DiscountAmount | null,
  vatRule: Pick<VatRule, "rateBasisPoints" | "currency">,
): CartTotals<L> {
  for (const line of lines) {
    if (!Number.isSafeInteger(line.priceCents) || line.priceCents < 0) throw new RangeError(`Invalid line price: ${line.priceCents}`);
  }
  const subtotal = lines.reduce((sum, l) => sum + l.priceCents, 0);
  const eligible = lines.map((l) => discount !== null && (discount.trainingId === null || discount.trainingId === l.trainingId));
  const base = lines.reduce((sum, l, i) => sum + (eligible[i] ? l.priceCents : 0), 0);
  const totalDiscount = discount ? discountOn(base, discount) : 0;
  const shares = allocate(
    totalDiscount,
    lines.map((l, i) => (eligible[i] ? l.priceCents : 0)),
  );
  const resultLines = lines.map((l, i) => ({ ...l, discountCents: shares[i], netCents: l.priceCents - shares[i] }));
  const total = subtotal - totalDiscount;
  const vat = computeVat(total, vatRule.rateBasisPoints);
  return {
    lines: resultLines,
    subtotal,
    totalDiscount,
    total,
    vat,
    totalWithVat: total + vat,
    rateBasisPoints: vatRule.rateBasisPoints,
    currency: vatRule.currency,
  };
}
