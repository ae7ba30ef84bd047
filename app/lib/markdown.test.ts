import { describe, expect, it } from "vitest";
import { renderInline, renderMarkdown, safeHref } from "./markdown.ts";

describe("renderMarkdown", () => {
  it("renders headings, paragraphs joined across lines and the title", () => {
    const { html, title } = renderMarkdown("# Guide : DPC\n\nCe guide explique\ncomment faire.\n\n## 1. Trouver\n");
    expect(title).toBe("Guide : DPC");
    expect(html).toBe("<h1>Guide : DPC</h1>\n<p>Ce guide explique comment faire.</p>\n<h2>1. Trouver</h2>");
  });

  it("renders bullet and numbered lists, with wrapped items", () => {
    const { html } = renderMarkdown("- un\n- deux\n  suite\n\n1. premier\n2. second\n");
    expect(html).toBe("<ul><li>un</li><li>deux suite</li></ul>\n<ol><li>premier</li><li>second</li></ol>");
  });

  it("renders fenced code literally and rules", () => {
    const { html } = renderMarkdown("```\n<b>**x**</b>\n```\n\n---");
    expect(html).toBe("<pre><code>&lt;b&gt;**x**&lt;/b&gt;</code></pre>\n<hr>");
  });

  it("shows raw HTML as text, never as markup", () => {
    const { html } = renderMarkdown('<script>alert(1)</script>\n\n<img src=x onerror="alert(1)">');
    expect(html).not.toMatch(/<script|<img/);
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
  });

  it("renders the shipped French guide's markup", () => {
    const { html } = renderMarkdown("Filtrez les formations de type **DPC**. Rubrique « Attestations ».");
    expect(html).toBe("<p>Filtrez les formations de type <strong>DPC</strong>. Rubrique « Attestations ».</p>");
  });
});

describe("renderInline", () => {
  it("renders emphasis, strong and code spans", () => {
    expect(renderInline("a *b* and **c** and _d_ and `<e>`")).toBe("a <em>b</em> and <strong>c</strong> and <em>d</em> and <code>&lt;e&gt;</code>");
  });

  it("leaves snake_case words and lone stars alone", () => {
    expect(renderInline("file_name_here and 5 * 3")).toBe("file_name_here and 5 * 3");
  });

  it("renders safe links and drops unsafe targets, keeping the label", () => {
    expect(renderInline("[contact](/contact)")).toBe('<a href="/contact">contact</a>');
    expect(renderInline("[site](https://example.org/a?b=1&c=2)")).toBe('<a href="https://example.org/a?b=1&amp;c=2">site</a>');
    expect(renderInline("[x](javascript:alert(1))")).not.toContain("<a");
    expect(renderInline('[x](/a"onmouseover="alert(1))')).not.toMatch(/"onmouseover/);
  });
});

describe("safeHref", () => {
  it.each([
    ["https://example.org", "https://example.org"],
    ["mailto:contact@example.org", "mailto:contact@example.org"],
    ["/docs/fr/guide.pdf", "/docs/fr/guide.pdf"],
    ["guide.pdf", "guide.pdf"],
    ["#section", "#section"],
    ["javascript:alert(1)", null],
    ["JaVaScRiPt:alert(1)", null],
    ["data:text/html,x", null],
    ["//evil.example", null],
    ["java\tscript:alert(1)", null],
  ])("%s", (input, expected) => expect(safeHref(input)).toBe(expected));
});
