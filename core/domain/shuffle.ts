/**
 * Seeded shuffling (ADR 0019): the same seed always gives the same order, so a quiz attempt shows its choices in
 * one order however often the page is rendered or posted (with or without JavaScript), while another attempt,
 * which has another seed, gets another order.
 */

/** FNV-1a hash of a string (32 bits). */
export function hashString(value: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < value.length; i++) {
    h ^= value.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: a small deterministic generator of numbers in [0, 1). */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A permutation of 0..length-1 (Fisher–Yates driven by the seed): result[i] is the index shown at place i. */
export function seededPermutation(length: number, seed: string): number[] {
  const order = Array.from({ length }, (_, i) => i);
  const next = prng(hashString(seed));
  for (let i = length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return order;
}

/** The items in the seed's order (a new array; the input is left as it is). */
export function seededShuffle<T>(items: readonly T[], seed: string): T[] {
  return seededPermutation(items.length, seed).map((i) => items[i]!);
}
