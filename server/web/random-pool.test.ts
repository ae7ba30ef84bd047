import { describe, expect, test } from "vitest";
import { randomChunk } from "./random-pool.ts";

describe("randomChunk", () => {
  test("hands out chunks of the size asked, never the same bytes twice, across several refills of the pool", () => {
    const seen = new Set<string>();
    for (let i = 0; i < 2_000; i += 1) {
      const chunk = randomChunk(i % 2 === 0 ? 16 : 8);
      expect(chunk.length).toBe(i % 2 === 0 ? 16 : 8);
      seen.add(chunk.toString("hex"));
    }
    expect(seen.size).toBe(2_000);
  });

  test("a size larger than the pool is drawn on its own", () => {
    expect(randomChunk(10_000).length).toBe(10_000);
  });
});
