import { afterEach, describe, expect, test } from "vitest";
import type { GzipSplicer } from "#core/contract/web-host.ts";
import { clearReusedDocuments, documentKey, keepDocument, keptDocument, keyText, reusedDocumentCount, type DocumentInputs } from "./reused-documents.server";

const inputs = (over: Partial<DocumentInputs> = {}): DocumentInputs => ({
  method: "GET",
  url: "http://fr.test/catalogue",
  status: 200,
  today: "2026-12-01",
  loaderData: { root: { csrfToken: "token-a", user: { firstName: "Marie" } }, "routes/catalogue": { ids: [1, 2] } },
  actionData: null,
  errors: null,
  csrf: "token-a",
  ...over,
});

afterEach(clearReusedDocuments);

describe("the key of a document", () => {
  test("is the same for the same data whatever the form token", () => {
    const other = inputs({
      loaderData: { root: { csrfToken: "token-b", user: { firstName: "Marie" } }, "routes/catalogue": { ids: [1, 2] } },
      csrf: "token-b",
    });
    expect(documentKey(other)).toBe(documentKey(inputs()));
  });

  test("moves with the address, the status, the day and any loader value", () => {
    const key = documentKey(inputs());
    expect(documentKey(inputs({ url: "http://fr.test/catalogue?page=2" }))).not.toBe(key);
    expect(documentKey(inputs({ url: "http://es.test/catalogue" }))).not.toBe(key);
    expect(documentKey(inputs({ status: 404 }))).not.toBe(key);
    expect(documentKey(inputs({ today: "2026-12-02" }))).not.toBe(key);
    expect(documentKey(inputs({ loaderData: { root: { csrfToken: "token-a", user: { firstName: "Léa" } }, "routes/catalogue": { ids: [1, 2] } } }))).not.toBe(
      key,
    );
    expect(
      documentKey(inputs({ loaderData: { root: { csrfToken: "token-a", user: { firstName: "Marie" } }, "routes/catalogue": { ids: [1, 2, 3] } } })),
    ).not.toBe(key);
  });

  test("tells types apart that JSON would not", () => {
    const date = new Date("2026-12-01T10:00:00Z");
    expect(keyText({ a: date }, "")).not.toBe(keyText({ a: date.toISOString() }, ""));
    expect(keyText({ a: undefined }, "")).not.toBe(keyText({ a: null }, ""));
    expect(keyText({ a: undefined }, "")).not.toBe(keyText({}, ""));
    expect(keyText([1, "1"], "")).not.toBe(keyText(["1", 1], ""));
    expect(keyText({ a: Number.NaN }, "")).not.toBe(keyText({ a: null }, ""));
    // A string holding the token's text elsewhere than the token is the token: it is a hole either way.
    expect(keyText({ a: "T" }, "secret")).not.toBe(keyText({ a: "secret" }, "secret"));
  });

  test("is none for what a key cannot spell, a POST, an action's answer or an error", () => {
    expect(documentKey(inputs({ loaderData: { root: { later: Promise.resolve(1) } } }))).toBeNull();
    expect(documentKey(inputs({ loaderData: { root: { map: new Map([[1, 2]]) } } }))).toBeNull();
    expect(documentKey(inputs({ loaderData: { root: { set: new Set([1]) } } }))).toBeNull();
    expect(documentKey(inputs({ loaderData: { root: { error: new Error("x") } } }))).toBeNull();
    expect(documentKey(inputs({ loaderData: { root: { fn: () => 1 } } }))).toBeNull();
    expect(documentKey(inputs({ method: "POST" }))).toBeNull();
    expect(documentKey(inputs({ actionData: { ok: true } }))).toBeNull();
    expect(documentKey(inputs({ errors: { root: new Error("x") } }))).toBeNull();
    expect(documentKey(inputs({ loaderData: Object.create(null) }))).not.toBeNull();
  });
});

describe("kept documents", () => {
  const html = (nonce: string, csrf: string) => `<html><script nonce="${nonce}">x</script><input name="csrf" value="${csrf}"><p>Marie</p></html>`;

  test("are sent again with the asking request's nonce and form token", async () => {
    const key = documentKey(inputs())!;
    expect(await keptDocument(key, { nonce: "n2", csrf: "c2" })).toBeUndefined();
    keepDocument(key, html("n1", "c1"), { nonce: "n1", csrf: "c1" }, "on");
    expect(await keptDocument(key, { nonce: "n2", csrf: "c2" })).toEqual({ html: html("n2", "c2") });
    expect(reusedDocumentCount()).toBe(1);
  });

  /**
   * A splicer that spells its pieces instead of compressing them (the host's real one, server/web/gzip-splice.ts, is
   * tested there and by tests/integration/reused-documents.test.ts): what is compressed, how often, and in what order
   * the request's values go between the parts.
   */
  function spellingSplicer({ failFirst = false } = {}) {
    const compressions: string[][] = [];
    const splicer: GzipSplicer = {
      compress: (parts) => {
        compressions.push([...parts]);
        if (failFirst && compressions.length === 1) return Promise.reject(new Error("no memory"));
        return Promise.resolve(parts.map((part) => ({ text: Buffer.from(part), deflated: Buffer.from(`[${part}]`) })));
      },
      splice: (parts, values) => new Uint8Array(Buffer.from(parts.map((part, i) => `${Buffer.from(part.deflated).toString()}${values[i] ?? ""}`).join(""))),
    };
    return { splicer, compressions };
  }

  test("for a browser that takes gzip, are the parts compressed once with each request's values spliced in", async () => {
    const key = documentKey(inputs({ url: "https://example.test/gzip" }))!;
    keepDocument(key, html("n1", "c1"), { nonce: "n1", csrf: "c1" }, "on");
    const { splicer, compressions } = spellingSplicer();
    const first = await keptDocument(key, { nonce: "n2", csrf: "c2" }, splicer);
    const second = await keptDocument(key, { nonce: "n3", csrf: "c3" }, splicer);
    expect(Buffer.from(first!.gzip!).toString()).toBe('[<html><script nonce="]n2[">x</script><input name="csrf" value="]c2["><p>Marie</p></html>]');
    expect(Buffer.from(second!.gzip!).toString()).toContain('[<html><script nonce="]n3[">x</script><input name="csrf" value="]c3[');
    expect(compressions).toHaveLength(1);
  });

  test("a compression that fails sends the markup and is tried again at the next reuse", async () => {
    const key = documentKey(inputs({ url: "https://example.test/failing-gzip" }))!;
    keepDocument(key, html("n1", "c1"), { nonce: "n1", csrf: "c1" }, "on");
    const { splicer, compressions } = spellingSplicer({ failFirst: true });
    expect(await keptDocument(key, { nonce: "n2", csrf: "c2" }, splicer)).toEqual({ html: html("n2", "c2") });
    expect((await keptDocument(key, { nonce: "n3", csrf: "c3" }, splicer))?.gzip).toBeDefined();
    expect(compressions).toHaveLength(2);
  });

  test("check mode fails a document that differs from the one kept for the same data", async () => {
    const key = documentKey(inputs())!;
    keepDocument(key, html("n1", "c1"), { nonce: "n1", csrf: "c1" }, "check");
    // The same markup with other request values is the same document.
    expect(() => keepDocument(key, html("n2", "c2"), { nonce: "n2", csrf: "c2" }, "check")).not.toThrow();
    expect(() => keepDocument(key, html("n3", "c3").replace("Marie", "Léa"), { nonce: "n3", csrf: "c3" }, "check")).toThrow(
      /rendered differently for the same data/,
    );
    // Outside check mode the newer document replaces the kept one.
    keepDocument(key, html("n4", "c4").replace("Marie", "Léa"), { nonce: "n4", csrf: "c4" }, "on");
    expect((await keptDocument(key, { nonce: "n", csrf: "c" }))?.html).toContain("Léa");
  });
});
