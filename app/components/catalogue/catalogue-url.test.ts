import { describe, expect, test } from "vitest";
import { catalogueHref, LIMIT_STEP, MAX_LIMIT, readFilters, readLimit } from "./catalogue-url";

describe("readFilters", () => {
  test("keeps known, non-empty parameters", () => {
    const params = new URLSearchParams("type=dpc&funding=&q=%20angine%20&utm=x&sort=rating&page=3");
    expect(readFilters(params)).toEqual({ type: "dpc", q: "angine", sort: "rating" });
    expect(readFilters(params, { withQuery: false })).toEqual({ type: "dpc", sort: "rating" });
  });
});

describe("readLimit", () => {
  test.each([
    [null, LIMIT_STEP],
    ["20", 20],
    ["25", 30],
    ["0", 10],
    ["abc", 10],
    ["-5", 10],
    ["99999", MAX_LIMIT],
  ])("limit=%s -> %i", (raw, expected) => {
    expect(readLimit(new URLSearchParams(raw === null ? "" : `limit=${raw}`))).toBe(expected);
  });
});

describe("catalogueHref", () => {
  test("filters in a stable order, then page or limit", () => {
    expect(catalogueHref("/catalogue", { sort: "newest", type: "dpc" }, { page: 2 })).toBe("/catalogue?type=dpc&sort=newest&page=2");
    expect(catalogueHref("/catalogue", {}, { page: 1 })).toBe("/catalogue");
    expect(catalogueHref("/catalogar", { q: "niño" }, { limit: 20, hash: "r11" })).toBe("/catalogar?q=ni%C3%B1o&limit=20#r11");
  });
});
