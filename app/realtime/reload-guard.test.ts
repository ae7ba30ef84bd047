import { describe, expect, it } from "vitest";
import { guardedReload, mayReload, RELOAD_GUARD_MS } from "./reload-guard";

class MemoryStorage {
  private map = new Map<string, string>();
  getItem(key: string) {
    return this.map.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.map.set(key, value);
  }
}

describe("reload guard", () => {
  it.each([
    [null, 1000, true],
    [1000, 1000 + RELOAD_GUARD_MS - 1, false],
    [1000, 1000 + RELOAD_GUARD_MS, true],
    [Number.NaN, 5, true],
  ])("last %s, now %s -> %s", (last, now, expected) => {
    expect(mayReload(last, now)).toBe(expected);
  });

  it("reloads once within the guard window", () => {
    const storage = new MemoryStorage() as unknown as Storage;
    let reloads = 0;
    expect(guardedReload(storage, () => reloads++, 50_000)).toBe(true);
    expect(guardedReload(storage, () => reloads++, 55_000)).toBe(false);
    expect(guardedReload(storage, () => reloads++, 60_000)).toBe(true);
    expect(reloads).toBe(2);
  });
});
