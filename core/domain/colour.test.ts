import { describe, expect, it } from "vitest";
import { contrastRatio, isHexColour, parseHexColour, relativeLuminance } from "./colour.ts";

describe("parseHexColour", () => {
  it.each([
    ["#000000", { r: 0, g: 0, b: 0 }],
    ["#ffffff", { r: 255, g: 255, b: 255 }],
    ["#FFB400", { r: 255, g: 180, b: 0 }],
    ["#0f8", { r: 0, g: 255, b: 136 }],
  ])("%s", (hex, rgb) => {
    expect(parseHexColour(hex)).toEqual(rgb);
  });

  it.each(["", "fff", "#ffff", "#gggggg", "#1234567", "red"])("refuses %j", (hex) => {
    expect(isHexColour(hex)).toBe(false);
    expect(() => parseHexColour(hex)).toThrow(RangeError);
  });
});

describe("relativeLuminance", () => {
  it.each([
    ["#000000", 0],
    ["#ffffff", 1],
    ["#ff0000", 0.2126],
    ["#00ff00", 0.7152],
    ["#0000ff", 0.0722],
    ["#808080", 0.2158605],
  ])("%s -> %d", (hex, luminance) => {
    expect(relativeLuminance(hex)).toBeCloseTo(luminance, 6);
  });
});

describe("contrastRatio", () => {
  it.each([
    ["#000000", "#ffffff", 21],
    ["#ffffff", "#000000", 21],
    ["#777777", "#777777", 1],
    ["#767676", "#ffffff", 4.54],
    ["#777777", "#ffffff", 4.48],
    ["#0000ff", "#ffffff", 8.59],
    ["#fff", "#FFB400", 1.78],
  ])("%s on %s -> %d", (a, b, ratio) => {
    expect(contrastRatio(a, b)).toBeCloseTo(ratio, 2);
  });
});
