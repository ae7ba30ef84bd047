import { describe, expect, it } from "vitest";
import { allocate, computeCartTotals } from "./cart-totals.ts";
import type { DiscountAmount } from "./discounts.ts";
import { vatRuleFor, vatRuleForBrand } from "./vat.ts";

const FR = vatRuleForBrand("fr");
const BE = vatRuleForBrand("be");
const ES = vatRuleForBrand("es");
const FR_TAXED = vatRuleFor({ country: "FR", exempt: false });

const lines = (...prices: number[]) => prices.map((priceCents, i) => ({ id: i + 1, trainingId: 100 + i, priceCents }));
const pct = (basisPoints: number, trainingId: number | null = null): DiscountAmount => ({ kind: "percentage", value: basisPoints, trainingId });
const fixed = (cents: number, trainingId: number | null = null): DiscountAmount => ({ kind: "fixed", value: cents, trainingId });

describe("computeCartTotals", () => {
  it.each([
    // name, prices, discount, rule, [subtotal, totalDiscount, total, vat, totalWithVat], shares
    ["empty cart", [], null, BE, [0, 0, 0, 0, 0], []],
    ["FR exempt by default: no VAT", [39000, 12000], null, FR, [51000, 0, 51000, 0, 51000], [0, 0]],
    ["FR taxed at 20 %", [39000, 12000], null, FR_TAXED, [51000, 0, 51000, 10200, 61200], [0, 0]],
    ["BE 21 %", [10000], null, BE, [10000, 0, 10000, 2100, 12100], [0]],
    ["ES 21 %, half-up rounding of VAT (1.5 cents -> 2)", [1050, 0], null, ES, [1050, 0, 1050, 221, 1271], [0, 0]],
    ["ES 21 %, rounding down below half (0.21 cent -> 0)", [1], null, ES, [1, 0, 1, 0, 1], [0]],
    ["10 % off the cart, shared pro rata", [30000, 10000], pct(1000), BE, [40000, 4000, 36000, 7560, 43560], [3000, 1000]],
    ["fixed 10 € off the cart, remainder cent to the largest fraction", [100, 200], fixed(1000), BE, [300, 300, 0, 0, 0], [100, 200]],
    ["fixed 1 € off three equal lines: 34/33/33", [1000, 1000, 1000], fixed(100), ES, [3000, 100, 2900, 609, 3509], [34, 33, 33]],
    ["33.33 % rounds half up on the cent", [999], pct(3333), ES, [999, 333, 666, 140, 806], [333]],
    ["product code: only its line", [30000, 10000], pct(5000, 101), BE, [40000, 5000, 35000, 7350, 42350], [0, 5000]],
    ["product code absent from the cart: nothing", [30000], pct(5000, 999), BE, [30000, 0, 30000, 6300, 36300], [0]],
    ["fixed product code capped at the product's price", [30000, 2000], fixed(5000, 101), FR_TAXED, [32000, 2000, 30000, 6000, 36000], [0, 2000]],
    ["100 % off: a free order", [12000], pct(10000), BE, [12000, 12000, 0, 0, 0], [12000]],
    ["free training alone", [0], null, BE, [0, 0, 0, 0, 0], [0]],
  ] as const)("%s", (_name, prices, discount, rule, [subtotal, totalDiscount, total, vat, totalWithVat], shares) => {
    const result = computeCartTotals(lines(...prices), discount, rule);
    expect({ subtotal: result.subtotal, totalDiscount: result.totalDiscount, total: result.total, vat: result.vat, totalWithVat: result.totalWithVat }).toEqual(
      {
        subtotal,
        totalDiscount,
        total,
        vat,
        totalWithVat,
      },
    );
    expect(result.lines.map((l) => l.discountCents)).toEqual(shares);
    expect(result.lines.reduce((s, l) => s + l.netCents, 0)).toBe(result.total);
    expect(result.totalWithVat - result.total).toBe(result.vat);
  });

  it.each([-1, 1.5, Number.NaN])("refuses a line price of %d", (price) => {
    expect(() => computeCartTotals(lines(price), null, BE)).toThrow(RangeError);
  });
});

describe("allocate", () => {
  it.each([
    [100, [1, 1, 1], [1, 1, 1]],
    [2, [1, 1, 1], [1, 1, 0]],
    [10, [0, 5], [0, 5]],
    [7, [2, 3, 5], [1, 2, 4]],
    [0, [5, 5], [0, 0]],
    [5, [0, 0], [0, 0]],
  ])("%i over %j -> %j", (amount, weights, shares) => {
    const result = allocate(amount, weights);
    expect(result).toEqual(shares);
    result.forEach((s, i) => expect(s).toBeLessThanOrEqual(weights[i]));
  });
});

describe("VAT rules per brand", () => {
  it.each([
    ["fr", "FR", 0, true],
    ["be", "BE", 2100, false],
    ["es", "ES", 2100, false],
    ["es-campus", "ES", 2100, false],
    ["unknown", "FR", 0, true],
  ])("%s -> %s %i bp, exempt %s", (brand, country, rate, exempt) => {
    const rule = vatRuleForBrand(brand);
    expect(rule).toMatchObject({ country, rateBasisPoints: rate, exempt, currency: "EUR" });
    expect(rule.exemptionMention === null).toBe(!exempt);
  });

  it("the French exemption cites article 261-4-4° of the CGI", () => {
    expect(vatRuleForBrand("fr").exemptionMention).toMatch(/261-4-4°/);
    expect(vatRuleFor({ country: "BE", exempt: true }).exemptionMention).toMatch(/article 44/);
    expect(vatRuleFor({ country: "ES", exempt: true }).exemptionMention).toMatch(/20\.Uno\.9/);
  });
});
