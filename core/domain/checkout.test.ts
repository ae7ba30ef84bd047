import { describe, expect, it } from "vitest";
import { sameCheckout, type Checkout, type CheckoutLine } from "./checkout.ts";

const line = (trainingId: number, more: Partial<CheckoutLine> = {}): CheckoutLine => ({
  trainingId,
  functionName: "pharmacist",
  sessionId: null,
  sessionCourseId: null,
  fundingId: null,
  priceCents: 10000,
  discountCents: 0,
  netCents: 10000,
  ...more,
});
const checkout: Checkout = {
  terms: {
    paymentMethod: "card",
    provider: "sandbox",
    accountId: null,
    discountCodeId: null,
    currency: "EUR",
    subtotalCents: 20000,
    discountCents: 0,
    totalCents: 20000,
    vatCents: 0,
    totalWithVatCents: 20000,
  },
  lines: [line(1), line(2)],
};

describe("sameCheckout", () => {
  it.each([
    ["the same checkout", checkout, true],
    ["the same lines in another order", { ...checkout, lines: [line(2), line(1)] }, true],
    ["another payment mode", { ...checkout, terms: { ...checkout.terms, paymentMethod: "check", provider: null } }, false],
    ["another provider", { ...checkout, terms: { ...checkout.terms, provider: "systempay" } }, false],
    ["for a pharmacy now", { ...checkout, terms: { ...checkout.terms, accountId: 4 } }, false],
    [
      "a code applied since",
      { ...checkout, terms: { ...checkout.terms, discountCodeId: 9, discountCents: 2000, totalCents: 18000, totalWithVatCents: 18000 } },
      false,
    ],
    ["a line removed", { ...checkout, lines: [line(1)] }, false],
    ["a line added", { ...checkout, lines: [line(1), line(2), line(3)] }, false],
    ["another session chosen", { ...checkout, lines: [line(1), line(2, { sessionId: 5, sessionCourseId: 6 })] }, false],
    ["another function", { ...checkout, lines: [line(1, { functionName: "preparer" }), line(2)] }, false],
    ["another funding", { ...checkout, lines: [line(1), line(2, { fundingId: 3 })] }, false],
    ["a price changed", { ...checkout, lines: [line(1), line(2, { priceCents: 12000, netCents: 12000 })] }, false],
  ] as const)("%s", (_name, other, expected) => {
    expect(sameCheckout(checkout, other)).toBe(expected);
    expect(sameCheckout(other, checkout)).toBe(expected);
  });
});
