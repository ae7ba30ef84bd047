import { describe, expect, it } from "vitest";
import { checkDiscount, discountOn, limitReached, normalizeDiscountCode, type Discount } from "./discounts.ts";

const NOW = new Date("2026-06-15T10:00:00Z");
const base: Discount = {
  code: "WELCOME10",
  kind: "percentage",
  value: 1000,
  trainingId: null,
  validFrom: new Date("2026-01-01T00:00:00Z"),
  validUntil: new Date("2026-12-31T23:59:59Z"),
  maxUses: 100,
  maxUsesPerCustomer: 1,
};
const none = { total: 0, byCustomer: 0 };

describe("checkDiscount", () => {
  it.each([
    ["a valid code", base, none, undefined, null],
    ["no code", null, none, undefined, "unknown"],
    ["not yet valid", { ...base, validFrom: new Date("2026-07-01T00:00:00Z") }, none, undefined, "notYetValid"],
    ["expired", { ...base, validUntil: new Date("2026-06-15T09:59:59Z") }, none, undefined, "expired"],
    ["valid until exactly now", { ...base, validUntil: NOW }, none, undefined, null],
    ["used up in total", base, { total: 100, byCustomer: 0 }, undefined, "usedUp"],
    ["one use left in total", base, { total: 99, byCustomer: 0 }, undefined, null],
    ["used up by this customer", base, { total: 5, byCustomer: 1 }, undefined, "usedUpByCustomer"],
    [
      "no limits at all",
      { ...base, validFrom: null, validUntil: null, maxUses: null, maxUsesPerCustomer: null },
      { total: 1e6, byCustomer: 1e3 },
      undefined,
      null,
    ],
    ["product code, product in the cart", { ...base, trainingId: 7 }, none, [3, 7], null],
    ["product code, product not in the cart", { ...base, trainingId: 7 }, none, [3], "notApplicable"],
  ] as const)("%s", (_name, discount, usage, trainingIds, reason) => {
    const result = checkDiscount(discount, NOW, usage, trainingIds);
    expect(result).toEqual(reason === null ? { ok: true } : { ok: false, reason });
  });
});

describe("discountOn", () => {
  it.each([
    [10000, "percentage", 1000, 1000],
    [999, "percentage", 1000, 100], // 99.9 -> 100
    [995, "percentage", 1000, 100], // 99.5 -> 100 (half up)
    [994, "percentage", 1000, 99],
    [5000, "fixed", 1500, 1500],
    [1000, "fixed", 1500, 1000],
    [0, "fixed", 1500, 0],
    [1000, "percentage", 20000, 1000],
  ] as const)("%i with %s %i -> %i", (amount, kind, value, expected) => {
    expect(discountOn(amount, { kind, value })).toBe(expected);
  });

  it("normalises codes", () => {
    expect(normalizeDiscountCode("  welcome10 ")).toBe("WELCOME10");
  });
});

describe("limitReached", () => {
  it.each([
    ["no limits", { maxUses: null, maxUsesPerCustomer: null }, { total: 50, byCustomer: 9 }, null],
    ["single use, not used yet", { maxUses: 1, maxUsesPerCustomer: null }, { total: 0, byCustomer: 0 }, null],
    ["single use, used once", { maxUses: 1, maxUsesPerCustomer: null }, { total: 1, byCustomer: 0 }, "usedUp"],
    ["zero uses allowed", { maxUses: 0, maxUsesPerCustomer: null }, { total: 0, byCustomer: 0 }, "usedUp"],
    ["once per customer, used by another", { maxUses: null, maxUsesPerCustomer: 1 }, { total: 3, byCustomer: 0 }, null],
    ["once per customer, used by this one", { maxUses: null, maxUsesPerCustomer: 1 }, { total: 3, byCustomer: 1 }, "usedUpByCustomer"],
    ["both reached: the total is named", { maxUses: 2, maxUsesPerCustomer: 1 }, { total: 2, byCustomer: 1 }, "usedUp"],
  ] as const)("%s", (_name, limits, usage, expected) => {
    expect(limitReached(limits, usage)).toBe(expected);
  });
});
