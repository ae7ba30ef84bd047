import { afterEach, describe, expect, test } from "vitest";
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

  test("are sent again with the asking request's nonce and form token", () => {
    const key = documentKey(inputs())!;
    expect(keptDocument(key, { nonce: "n2", csrf: "c2" })).toBeUndefined();
    keepDocument(key, html("n1", "c1"), { nonce: "n1", csrf: "c1" }, "on");
    expect(keptDocument(key, { nonce: "n2", csrf: "c2" })).toBe(html("n2", "c2"));
    expect(reusedDocumentCount()).toBe(1);
  });

  test("check mode fails a document that differs from the one kept for the same data", () => {
    const key = documentKey(inputs())!;
    keepDocument(key, html("n1", "c1"), { nonce: "n1", csrf: "c1" }, "check");
    // The same markup with other request values is the same document.
    expect(() => keepDocument(key, html("n2", "c2"), { nonce: "n2", csrf: "c2" }, "check")).not.toThrow();
    expect(() => keepDocument(key, html("n3", "c3").replace("Marie", "Léa"), { nonce: "n3", csrf: "c3" }, "check")).toThrow(
      /rendered differently for the same data/,
    );
    // Outside check mode the newer document replaces the kept one.
    keepDocument(key, html("n4", "c4").replace("Marie", "Léa"), { nonce: "n4", csrf: "c4" }, "on");
    expect(keptDocument(key, { nonce: "n", csrf: "c" })).toContain("Léa");
  });
});
