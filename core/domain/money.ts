import { numberFormat } from "./intl-cache.ts";

/** Money as integer cents with an ISO 4217 currency (DESIGN section 8); all amounts here have 2 minor digits. */

export type Cents = number;

function assertCents(value: number, name = "amount"): void {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${name} must be a whole number of cents: ${value}`);
}

/** 123456, 'EUR', 'fr-FR' -> '1 234,56 €' (with the locale's own spaces). */
export function formatMoney(cents: Cents, currency: string, locale: string): string {
  assertCents(cents);
  return numberFormat(locale, { style: "currency", currency }).format(cents / 100);
}

/** The tax part of a cart: totalWithVat minus total. */
export function vatAmount({ total, totalWithVat }: { total: Cents; totalWithVat: Cents }): Cents {
  assertCents(total, "total");
  assertCents(totalWithVat, "totalWithVat");
  return totalWithVat - total;
}

/**
 * VAT on an amount, the rate in basis points (20 % = 2000, 5.5 % = 550), rounded half up on the magnitude
 * (half away from zero), in integers only so no float error can move a cent.
 */
export function computeVat(cents: Cents, rateBasisPoints: number): Cents {
  assertCents(cents);
  if (!Number.isSafeInteger(rateBasisPoints) || rateBasisPoints < 0) {
    throw new RangeError(`Invalid VAT rate: ${rateBasisPoints}`);
  }
  const product = Math.abs(cents) * rateBasisPoints;
  if (!Number.isSafeInteger(product + 5000)) throw new RangeError(`Amount too large: ${cents}`);
  const vat = Math.floor((product + 5000) / 10000);
  return cents < 0 ? -vat : vat;
}

/** The amount with VAT added (see computeVat for rounding). */
export function addVat(cents: Cents, rateBasisPoints: number): Cents {
  return cents + computeVat(cents, rateBasisPoints);
}
