import { describe, expect, it } from "vitest";
import { parseByteRange } from "./byte-range.ts";

describe("parseByteRange", () => {
  it.each<[string | undefined, number, ReturnType<typeof parseByteRange>]>([
    [undefined, 1000, "none"],
    ["", 1000, "none"],
    ["bytes=0-99", 1000, { start: 0, end: 99 }],
    ["bytes=100-", 1000, { start: 100, end: 999 }],
    ["bytes=990-5000", 1000, { start: 990, end: 999 }],
    ["bytes=-500", 1000, { start: 500, end: 999 }],
    ["bytes=-5000", 1000, { start: 0, end: 999 }],
    ["bytes=999-999", 1000, { start: 999, end: 999 }],
    ["bytes=1000-", 1000, "unsatisfiable"],
    ["bytes=5000-6000", 1000, "unsatisfiable"],
    ["bytes=-0", 1000, "unsatisfiable"],
    ["bytes=0-", 0, "unsatisfiable"],
    ["bytes=50-10", 1000, "none"],
    ["bytes=-", 1000, "none"],
    ["bytes=0-1,5-9", 1000, "none"],
    ["items=0-9", 1000, "none"],
    ["bytes=a-b", 1000, "none"],
  ])("%j of %d bytes", (header, size, expected) => {
    expect(parseByteRange(header, size)).toEqual(expected);
  });
});
