/**
 * Discount codes (ADR 0030): a percentage or a fixed amount, on one product or the whole cart, with validity dates
 * and usage limits in total and per customer. Pure: the caller reads the code and its uses, this decides.
 */
import type { Cents } from "./money.ts";

export type DiscountKind = "percentage" | "fixed";

export type Discount = {
  code: string;
  kind: DiscountKind;
  /** Percentage in basis points (10 % = 1000) or a fixed amount in cents. */
  value: number;
  /** The training the code is restricted to; null for the whole cart. */
  trainingId: number | null;
  validFrom: Date | null;
  validUntil: Date | null;
  maxUses: number | null;
  maxUsesPerCustomer: number | null;
};

export type DiscountUsage = { total: number; byCustomer: number };

export type DiscountRefusal = "unknown" | "notYetValid" | "expired" | "usedUp" | "usedUpByCustomer" | "notApplicable";

export type DiscountCheck = { ok: true } | { ok: false; reason: DiscountRefusal };

/** Codes are compared without case or surrounding spaces. */
export function normalizeDiscountCode(code: string): string {
  return code.trim().toUpperCase();
}

/**
 * Whether a code can be applied now. `usage` counts the uses by paid orders; `trainingIds` (optional) are the
 * cart's products: a product code needs its product in the cart.
 */
export function checkDiscount(
  discount: Discount | null | undefined,
  now: Date,
  usage: DiscountUsage,
  trainingIds?: readonly number[],
): DiscountCheck {
  if (!discount) return { ok: false, reason: "unknown" };
  if (discount.validFrom && now < discount.validFrom) return { ok: false, reason: "notYetValid" };
  if (discount.validUntil && now > discount.validUntil) return { ok: false, reason: "expired" };
  if (discount.maxUses !== null && usage.total >= discount.maxUses) return { ok: false, reason: "usedUp" };
  if (discount.maxUsesPerCustomer !== null && usage.byCustomer >= discount.maxUsesPerCustomer) return { ok: false, reason: "usedUpByCustomer" };
  if (trainingIds && discount.trainingId !== null && !trainingIds.includes(discount.trainingId)) return { ok: false, reason: "notApplicable" };
  return { ok: true };
}

export type DiscountAmount = Pick<Discount, "kind" | "value" | "trainingId">;

/** The discount on a base amount, never more than the base; percentages rounded half up to the cent. */
export function discountOn(base: Cents, discount: Pick<Discount, "kind" | "value">): Cents {
  if (base <= 0) return 0;
  if (discount.kind === "fixed") return Math.min(base, Math.max(0, discount.value));
  const pct = Math.min(10000, Math.max(0, discount.value));
  return Math.min(base, Math.floor((base * pct + 5000) / 10000));
}
