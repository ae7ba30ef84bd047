import { describe, expect, test } from "vitest";
import { cutHoles, fillHoles } from "./request-holes.ts";

describe("cutHoles", () => {
  test("cuts every nonce and token in document order", () => {
    const html = `<script nonce="N1">a</script><input value="T1"><script nonce="N1">b</script>"T1"`;
    const { parts, holes } = cutHoles(html, { nonce: "N1", csrf: "T1" });
    expect(holes).toEqual(["nonce", "csrf", "nonce", "csrf"]);
    expect(parts).toEqual(['<script nonce="', '">a</script><input value="', '"><script nonce="', '">b</script>"', '"']);
    expect(fillHoles({ parts, holes }, { nonce: "N2", csrf: "T2" })).toBe(html.replaceAll("N1", "N2").replaceAll("T1", "T2"));
  });

  test("an empty value is not cut (route data has no nonce)", () => {
    expect(cutHoles('["csrfToken","T1"]', { nonce: "", csrf: "T1" })).toEqual({ parts: ['["csrfToken","', '"]'], holes: ["csrf"] });
  });

  test("a page without them is one part", () => {
    expect(cutHoles("<p>hello</p>", { nonce: "N", csrf: "T" })).toEqual({ parts: ["<p>hello</p>"], holes: [] });
  });
});
