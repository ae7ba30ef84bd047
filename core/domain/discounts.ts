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

export type DiscountLimits = Pick<Discount, "maxUses" | "maxUsesPerCustomer">;

/** Codes are compared without case or surrounding spaces. */
export function normalizeDiscountCode(code: string): string {
  return code.trim().toUpperCase();
}

/**
 * Whether a code can be applied now. `usage` counts the uses by paid orders; `trainingIds` (optional) are the
 * cart's products: a product code needs its product in the cart.
 */
export function checkDiscount(discount: Discount | null | undefined, now: Date, usage: DiscountUsage, trainingIds?: readonly number[]): DiscountCheck {
  if (!discount) return { ok: false, reason: "unknown" };
  if (discount.validFrom && now < discount.validFrom) return { ok: false, reason: "notYetValid" };
  if (discount.validUntil && now > discount.validUntil) return { ok: false, reason: "expired" };
  const limit = limitReached(discount, usage);
  if (limit) return { ok: false, reason: limit };
  if (trainingIds && discount.trainingId !== null && !trainingIds.includes(discount.trainingId)) return { ok: false, reason: "notApplicable" };
  return { ok: true };
}

/**
 * Whether one more use would go over the code's limits: in total, or for this customer. `usage` counts the uses of
 * paid orders. The payment runs this again with the code's row locked (ADR 0101): the limits hold at payment time.
 */
export function limitReached(limits: DiscountLimits, usage: DiscountUsage): "usedUp" | "usedUpByCustomer" | null {
  if (limits.maxUses !== null && usage.total >= limits.maxUses) return "usedUp";
  if (limits.maxUsesPerCustomer !== null && usage.byCustomer >= limits.maxUsesPerCustomer) return "usedUpByCustomer";
  return null;
}

export type DiscountAmount = Pick<Discount, "kind" | "value" | "trainingId">;

/** The discount on a base amount, never more than the base; percentages rounded half up to the cent. */
export function discountOn(base: Cents, discount: Pick<Discount, "kind" | "value">): Cents {
  if (base <= 0) return 0;
  if (discount.kind === "fixed") return Math.min(base, Math.max(0, discount.value));
  const pct = Math.min(10000, Math.max(0, discount.value));
  return Math.min(base, Math.floor((base * pct + 5000) / 10000));
}
