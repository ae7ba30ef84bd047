import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./safe-redirect.ts";

const FALLBACK = "/fallback";

describe("safeRedirectPath", () => {
  it.each([
    "/",
    "/fr/formations",
    "/fr/formations?page=2&sort=newest",
    "/fr/formation/gestes-d-urgence#sessions",
    "/es/cursos?q=caf%C3%A9",
    "/search?q=a%20b",
    "/path/with//double/slash",
    "/a?next=https://example.com",
    "/a?q=%2F%2Fnot-at-start",
    "/search?q=100%25",
    "/search?q=50%",
    "/%E0%A4%A",
  ])("keeps %j", (path) => {
    expect(safeRedirectPath(path, FALLBACK)).toBe(path);
  });

  it.each<unknown>([
    undefined,
    null,
    42,
    ["/fr"],
    "",
    "fr/formations",
    " /fr/formations",
    "//evil.example",
    "///evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "/fr\\..\\evil",
    "https://evil.example",
    "http:/evil.example",
    "javascript:alert(1)",
    "/\tevil",
    "/\n/evil.example",
    "/fr\r\nSet-Cookie: a=b",
    "/fr\u0000",
    "/fr\u007f",
    "/fr\u0085",
    "/%2F%2Fevil.example",
    "/%2f/evil.example",
    "/%5Cevil.example",
    "/%5cevil.example",
    "/%252F%252Fevil.example",
    "/%25252F%25252Fevil.example",
    "/%252525252F%252525252Fevil.example",
    "/%0d%0aSet-Cookie:%20a=b",
    "/%09/evil.example",
    `/${"a".repeat(2048)}`,
  ])("refuses %j", (value) => {
    expect(safeRedirectPath(value, FALLBACK)).toBe(FALLBACK);
  });

  it("falls back to the root by default", () => {
    expect(safeRedirectPath("//evil.example")).toBe("/");
  });
});
