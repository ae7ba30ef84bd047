import { describe, expect, test } from "vitest";
import { seededPermutation, seededShuffle } from "./shuffle.ts";

describe("seeded shuffle", () => {
  test("a permutation holds every index once", () => {
    for (const length of [0, 1, 2, 3, 4, 7]) {
      const order = seededPermutation(length, `seed-${length}`);
      expect([...order].sort((a, b) => a - b)).toEqual(Array.from({ length }, (_, i) => i));
    }
  });

  test("the same seed always gives the same order", () => {
    expect(seededPermutation(6, "user 3 / quiz 9 / attempt 0")).toEqual(seededPermutation(6, "user 3 / quiz 9 / attempt 0"));
    expect(seededShuffle(["a", "b", "c", "d"], "x")).toEqual(seededShuffle(["a", "b", "c", "d"], "x"));
  });

  test("other seeds give other orders, and every place is used", () => {
    const orders = new Set<string>();
    const firstShown = new Set<number>();
    for (let attempt = 0; attempt < 40; attempt++) {
      const order = seededPermutation(4, `user 3 / quiz 9 / attempt ${attempt}`);
      orders.add(order.join(","));
      firstShown.add(order[0]!);
    }
    // 24 orders exist: 40 seeds give many of them, and each choice comes first for some seed.
    expect(orders.size).toBeGreaterThan(10);
    expect([...firstShown].sort()).toEqual([0, 1, 2, 3]);
  });

  test("the input is not changed", () => {
    const items = [1, 2, 3, 4, 5];
    seededShuffle(items, "seed");
    expect(items).toEqual([1, 2, 3, 4, 5]);
  });
});
