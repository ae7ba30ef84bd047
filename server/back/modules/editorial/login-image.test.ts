import { describe, expect, test } from "vitest";
import { checkIllustration } from "../admin-catalog/illustration.ts";
import { checkLoginImage } from "./login-image.service.ts";

const text = (s: string) => new TextEncoder().encode(s);
const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);

/**
 * SVG files are refused (ADR 0105): a plain drawing as much as the payloads that passed the former deny-list
 * (issue 28: an entity-encoded javascript:, <set> and <animate> rewriting a link, @import), and the ones it caught.
 */
const SVGS: [string, string][] = [
  ["a plain SVG", '<svg xmlns="http://www.w3.org/2000/svg"><circle r="4" fill="#123"/></svg>'],
  ["an SVG after a declaration, a comment and a doctype", '<?xml version="1.0"?>\n<!-- logo -->\n<!DOCTYPE svg>\n<svg viewBox="0 0 1 1"></svg>'],
  ["an SVG after a byte-order mark and spaces", '\uFEFF  \n<svg xmlns="http://www.w3.org/2000/svg"/>'],
  [
    "an entity-encoded javascript: link",
    '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><a xlink:href="javascript&#58;alert(1)"><rect width="9" height="9"/></a></svg>',
  ],
  [
    "a <set> that rewrites a link",
    '<svg xmlns="http://www.w3.org/2000/svg"><a><set attributeName="href" to="javascript:alert(1)"/><rect width="9" height="9"/></a></svg>',
  ],
  [
    "an <animate> that rewrites a link",
    '<svg xmlns="http://www.w3.org/2000/svg"><a><animate attributeName="href" values="javascript:alert(1)"/><text y="9">x</text></a></svg>',
  ],
  ["an @import", "<svg xmlns=\"http://www.w3.org/2000/svg\"><style>@import 'https://evil.test/a.css';</style></svg>"],
  [
    "a <foreignObject>",
    '<svg xmlns="http://www.w3.org/2000/svg"><foreignObject><body xmlns="http://www.w3.org/1999/xhtml"><script>alert(1)</script></body></foreignObject></svg>',
  ],
  [
    "an xlink:href to javascript:",
    '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><a xlink:href="javascript:alert(1)"><rect width="9" height="9"/></a></svg>',
  ],
  ["an external <use href>", '<svg xmlns="http://www.w3.org/2000/svg"><use href="https://evil.test/sprite.svg#x"/></svg>'],
  ["a script", "<svg><SCRIPT>alert(1)</SCRIPT></svg>"],
  ["an event handler", '<svg onload="alert(1)"></svg>'],
  ["an entity", '<!DOCTYPE svg [<!ENTITY x "y">]><svg>&x;</svg>'],
];

describe("login image checks", () => {
  test.each([
    ["a PNG", PNG, { kind: "png" }],
    ["a JPEG", Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]), { kind: "jpg" }],
    ["a WebP", text("RIFF\0\0\0\0WEBPVP8 "), { kind: "webp" }],
    ["nothing", new Uint8Array(0), { refused: "adminImageMissing" }],
    ["a PDF", text("%PDF-1.7"), { refused: "adminImageType" }],
    ["HTML", text("<html><script>alert(1)</script></html>"), { refused: "adminImageType" }],
    ["a GIF", text("GIF89a...."), { refused: "adminImageType" }],
    ["not UTF-8", Uint8Array.from([0xc3, 0x28, 0x3c, 0x73]), { refused: "adminImageType" }],
    ["too large", new Uint8Array(2 * 1024 * 1024 + 1), { refused: "adminImageTooLarge" }],
  ])("%s", (_, bytes, expected) => {
    expect(checkLoginImage(bytes)).toEqual(expected);
  });

  test.each(SVGS)("%s: refused as an SVG", (_, svg) => {
    expect(checkLoginImage(text(svg))).toEqual({ refused: "adminImageSvgRefused" });
  });
});

describe("illustration checks", () => {
  test("PNG, JPEG and WebP pass", () => {
    expect(checkIllustration(PNG)).toBe("png");
    expect(checkIllustration(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]))).toBe("jpg");
    expect(checkIllustration(text("RIFF\0\0\0\0WEBPVP8 "))).toBe("webp");
  });

  test.each(SVGS)("%s: refused as an SVG", (_, svg) => {
    expect(() => checkIllustration(text(svg))).toThrow(expect.objectContaining({ messageKey: "adminIllustrationSvgRefused" }));
  });

  test("anything else that is no raster image is refused as not an image", () => {
    expect(() => checkIllustration(text("<html><body>x</body></html>"))).toThrow(expect.objectContaining({ messageKey: "adminIllustrationInvalid" }));
  });
});
