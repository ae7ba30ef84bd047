import { describe, expect, it } from "vitest";
import { addVat, computeVat, formatMoney, vatAmount } from "./money.ts";

const NBSP = "\u00a0";
const NNBSP = "\u202f";

describe("formatMoney", () => {
  it.each([
    [123456, "EUR", "fr-FR", `1${NNBSP}234,56${NBSP}€`],
    [0, "EUR", "fr-FR", `0,00${NBSP}€`],
    [5, "EUR", "fr-FR", `0,05${NBSP}€`],
    [-1999, "EUR", "fr-FR", `-19,99${NBSP}€`],
    [123456, "EUR", "fr-BE", `1${NNBSP}234,56${NBSP}€`],
    // Spanish groups thousands only from five digits.
    [123456, "EUR", "es-ES", `1234,56${NBSP}€`],
    [1234560, "EUR", "es-ES", `12.345,60${NBSP}€`],
    [123456, "EUR", "en-US", "€1,234.56"],
    [100, "USD", "en-US", "$1.00"],
  ])("%i %s %s -> %j", (cents, currency, locale, text) => {
    expect(formatMoney(cents, currency, locale)).toBe(text);
  });

  it.each([1.5, Number.NaN, Number.POSITIVE_INFINITY])("throws a RangeError for %d cents", (cents) => {
    expect(() => formatMoney(cents, "EUR", "fr-FR")).toThrow(RangeError);
  });
});

describe("vatAmount", () => {
  it.each([
    [10000, 12000, 2000],
    [0, 0, 0],
    [9999, 10549, 550],
    [12000, 12000, 0],
  ])("total %i, with VAT %i -> %i", (total, totalWithVat, vat) => {
    expect(vatAmount({ total, totalWithVat })).toBe(vat);
  });

  it("throws a RangeError for fractional cents", () => {
    expect(() => vatAmount({ total: 10.5, totalWithVat: 12 })).toThrow(RangeError);
  });
});

describe("computeVat and addVat", () => {
  it.each([
    [10000, 2000, 2000, 12000],
    [1000, 2000, 200, 1200],
    [0, 2000, 0, 0],
    [1, 550, 0, 1],
    [9, 550, 0, 9],
    // 10 x 5.5 % = 0.55 -> 1
    [10, 550, 1, 11],
    // exactly half a cent rounds up: 50 x 1 % = 0.5
    [50, 100, 1, 51],
    // just under half: 49 x 1 % = 0.49
    [49, 100, 0, 49],
    [1999, 2100, 420, 2419],
    [12345, 0, 0, 12345],
    // refunds round symmetrically: -0.5 -> -1
    [-50, 100, -1, -51],
    [-1000, 2000, -200, -1200],
  ])("%i cents at %i bp -> VAT %i, total %i", (cents, rate, vat, total) => {
    expect(computeVat(cents, rate)).toBe(vat);
    expect(addVat(cents, rate)).toBe(total);
  });

  it.each<[number, number]>([
    [1.5, 2000],
    [100, -1],
    [100, 20.5],
    [Number.MAX_SAFE_INTEGER, 2000],
  ])("throws a RangeError for %d cents at %d bp", (cents, rate) => {
    expect(() => addVat(cents, rate)).toThrow(RangeError);
  });
});
