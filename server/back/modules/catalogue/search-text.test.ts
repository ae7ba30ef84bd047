import { describe, expect, test } from "vitest";
import { escapeHtml, markedToHtml, MAX_SEARCH_TERMS, searchTerms, tsQueryText } from "./search-text.ts";

describe("searchTerms", () => {
  test.each([
    ["Pédiatrie", ["pédiatrie"]],
    ["  fièvre   de l'enfant ", ["fièvre", "de", "l", "enfant"]],
    ["a & b | !c:* <script>", ["a", "b", "c", "script"]],
    ["TROD TROD trod", ["trod"]],
    ["", []],
    ["!!! ---", []],
    ["niño 2024", ["niño", "2024"]],
  ])("%j -> %j", (text, expected) => {
    expect(searchTerms(text)).toEqual(expected);
  });

  test("keeps at most MAX_SEARCH_TERMS words", () => {
    expect(searchTerms("a b c d e f g h i j k")).toHaveLength(MAX_SEARCH_TERMS);
  });
});

describe("tsQueryText", () => {
  test("prefix terms joined with & or |", () => {
    expect(tsQueryText(["pediatrie", "fievre"], "all")).toBe("pediatrie:* & fievre:*");
    expect(tsQueryText(["pediatrie", "fievre"], "any")).toBe("pediatrie:* | fievre:*");
  });
});

describe("markedToHtml", () => {
  test("marks matches and escapes everything else", () => {
    expect(markedToHtml("La \u0002Pédiatrie\u0003 <b>&</b> \"x\" 'y'")).toBe("La <mark>Pédiatrie</mark> &lt;b&gt;&amp;&lt;/b&gt; &quot;x&quot; &#39;y&#39;");
  });
  test("unbalanced markers still give well-formed HTML", () => {
    expect(markedToHtml("\u0002a")).toBe("<mark>a</mark>");
    expect(markedToHtml("a\u0003b")).toBe("ab");
    expect(markedToHtml("\u0002\u0002a\u0003\u0003")).toBe("<mark>a</mark>");
  });
  test("escapeHtml", () => {
    expect(escapeHtml("<img src=x onerror=alert(1)>")).toBe("&lt;img src=x onerror=alert(1)&gt;");
  });
});
