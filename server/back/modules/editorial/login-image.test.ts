import { describe, expect, test } from "vitest";
import { checkLoginImage } from "./login-image.service.ts";

const text = (s: string) => new TextEncoder().encode(s);
const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);

describe("login image checks", () => {
  test.each([
    ["a PNG", PNG, { kind: "png" }],
    ["a JPEG", Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]), { kind: "jpg" }],
    ["a plain SVG", text('<svg xmlns="http://www.w3.org/2000/svg"><circle r="4" fill="#123"/></svg>'), { kind: "svg" }],
    ["an SVG after a declaration, a comment and a doctype", text('<?xml version="1.0"?>\n<!-- logo -->\n<!DOCTYPE svg>\n<svg viewBox="0 0 1 1"></svg>'), { kind: "svg" }],
    ["an SVG with a local fragment link", text('<svg xmlns:xlink="http://www.w3.org/1999/xlink"><use xlink:href="#a"/></svg>'), { kind: "svg" }],
    ["nothing", new Uint8Array(0), { refused: "adminImageMissing" }],
    ["a PDF", text("%PDF-1.7"), { refused: "adminImageType" }],
    ["HTML", text("<html><script>alert(1)</script></html>"), { refused: "adminImageType" }],
    ["a GIF", text("GIF89a...."), { refused: "adminImageType" }],
    ["not UTF-8", Uint8Array.from([0xc3, 0x28, 0x3c, 0x73]), { refused: "adminImageType" }],
    ["too large", new Uint8Array(2 * 1024 * 1024 + 1), { refused: "adminImageTooLarge" }],
    ["an SVG with a script", text("<svg><script>alert(1)</script></svg>"), { refused: "adminImageSvgUnsafe" }],
    ["an SVG with an upper-case SCRIPT", text("<svg><SCRIPT>alert(1)</SCRIPT></svg>"), { refused: "adminImageSvgUnsafe" }],
    ["an SVG with an event handler", text('<svg onload="alert(1)"></svg>'), { refused: "adminImageSvgUnsafe" }],
    ["an SVG with a javascript: link", text('<svg><a href="javascript:alert(1)"><rect/></a></svg>'), { refused: "adminImageSvgUnsafe" }],
    ["an SVG with a foreign object", text("<svg><foreignObject><div/></foreignObject></svg>"), { refused: "adminImageSvgUnsafe" }],
    ["an SVG with an external image", text('<svg><image href="https://evil.test/x.png"/></svg>'), { refused: "adminImageSvgUnsafe" }],
    ["an SVG with an external stylesheet", text("<svg><style>@import url(https://evil.test/a.css);</style></svg>"), { refused: "adminImageSvgUnsafe" }],
    ["an SVG with an entity", text('<!DOCTYPE svg [<!ENTITY x "y">]><svg>&x;</svg>'), { refused: "adminImageSvgUnsafe" }],
  ])("%s", (_, bytes, expected) => {
    expect(checkLoginImage(bytes)).toEqual(expected);
  });
});
