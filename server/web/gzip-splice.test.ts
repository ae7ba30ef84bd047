import { randomBytes } from "node:crypto";
import { gunzipSync } from "node:zlib";
import { describe, expect, test } from "vitest";
import { answerGzipSplicer, compressPart, gzipSplicer, spliceGzip, splicedText } from "./gzip-splice.ts";

async function parts(texts: string[]) {
  return Promise.all(texts.map((text) => compressPart(Buffer.from(text, "utf8"))));
}

describe("spliceGzip", () => {
  test("gives, once gunzipped, the parts with the values between them, byte for byte", async () => {
    const html = ['<!DOCTYPE html><html><head><script nonce="', '">x()</script></head><body>é à ü — « ', " »</body></html>"];
    const values = ["Q2xvc2UgZW5vdWdo", "tok.en_-/+="].map((value) => Buffer.from(value));
    const gzip = spliceGzip(await parts(html), values);
    expect(gunzipSync(gzip).toString("utf8")).toBe(html[0] + "Q2xvc2UgZW5vdWdo" + html[1] + "tok.en_-/+=" + html[2]);
  });

  test("holds with empty parts, empty values, one part, and a large page with many values", async () => {
    expect(gunzipSync(spliceGzip(await parts([""]), [])).toString()).toBe("");
    expect(gunzipSync(spliceGzip(await parts(["", "", ""]), [Buffer.from("a"), Buffer.alloc(0)])).toString()).toBe("a");
    const big = Array.from({ length: 40 }, (_, i) => `<li class="card">${"Formation ".repeat(50 + i)}</li>`);
    const values = Array.from({ length: 39 }, () => Buffer.from(randomBytes(24).toString("base64url")));
    const gzip = spliceGzip(await parts(big), values);
    expect(gunzipSync(gzip).toString()).toBe(big.map((part, i) => part + (values[i]?.toString() ?? "")).join(""));
    // Compressed once: the answer is about as small as compressing the whole.
    expect(gzip.length).toBeLessThan(Buffer.byteLength(big.join("")) / 5);
  });

  test("a value longer than one stored block (64 KB) is split into several", async () => {
    const value = Buffer.from("v".repeat(70_000));
    expect(gunzipSync(spliceGzip(await parts(["a", "b"]), [value])).toString()).toBe(`a${"v".repeat(70_000)}b`);
  });

  test("refuses a count of values that does not fit the parts", async () => {
    expect(() => spliceGzip(Array(3).fill({ text: Buffer.alloc(0), deflated: Buffer.alloc(0) }), [Buffer.from("x")])).toThrow(/need 2 values/);
  });

  test("the web tier's splicer takes texts: parts compressed once, then any values, UTF-8 on both sides", async () => {
    const kept = await gzipSplicer.compress(['<p data-n="', '">Élodie — ', "</p>"]);
    for (const values of [
      ["n1", "jeton"],
      ["ñ", "«token»"],
    ]) {
      expect(gunzipSync(gzipSplicer.splice(kept, values)).toString("utf8")).toBe(`<p data-n="${values[0]}">Élodie — ${values[1]}</p>`);
    }
  });

  test("an answer's splicer keeps each answer's text, found by its bytes (a copy too); any other body has none", async () => {
    const locals: Record<string, unknown> = {};
    const splicer = answerGzipSplicer(locals);
    const kept = await splicer.compress(['<p data-n="', '">Élodie — ', "</p>"]);
    const first = splicer.splice(kept, ["n1", "«jeton»"]);
    const second = splicer.splice(kept, ["n2", "autre"]);
    expect(splicedText(locals, Buffer.from(first))).toBe('<p data-n="n1">Élodie — «jeton»</p>');
    expect(splicedText(locals, second)).toBe(gunzipSync(second).toString("utf8"));
    expect(splicedText(locals, gzipSplicer.splice(kept, ["n3", "x"]))).toBeNull();
    expect(splicedText({}, first)).toBeNull();
  });
});
