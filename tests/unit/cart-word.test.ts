// One word for the cart per language (issue 28, item 6): the Spanish texts say "carrito", as the cart's path
// /tienda/carrito does, never "cesta"; the French and Belgian texts say "panier" (/boutique/panier).
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { pagePath } from "#core/page-links.ts";

const LOCALES = path.join(import.meta.dirname, "..", "..", "locales");

function strings(value: unknown, key: string, out: [string, string][] = []): [string, string][] {
  if (typeof value === "string") out.push([key, value]);
  else if (value && typeof value === "object") for (const [k, v] of Object.entries(value)) strings(v, key ? `${key}.${k}` : k, out);
  return out;
}

const textsOf = (locale: string) =>
  fs.readdirSync(path.join(LOCALES, locale)).flatMap((file) => strings(JSON.parse(fs.readFileSync(path.join(LOCALES, locale, file), "utf8")), file));

describe.each([
  { locale: "es-ES", word: /\bcarritos?\b/i, others: /\b(cestas?|cestos?)\b/i, cartPath: pagePath("cart", "es") },
  { locale: "fr-FR", word: /\bpaniers?\b/i, others: /\b(caddies?|chariots?)\b/i, cartPath: pagePath("cart", "fr") },
  { locale: "fr-BE", word: /\bpaniers?\b/i, others: /\b(caddies?|chariots?)\b/i, cartPath: pagePath("cart", "fr") },
])("the cart's word in $locale", ({ locale, word, others, cartPath }) => {
  it("is the cart path's word, and no other word names the cart", () => {
    expect(cartPath).toMatch(word);
    const own = locale === "fr-BE" ? [...textsOf("fr-FR"), ...textsOf("fr-BE")] : textsOf(locale);
    expect(own.filter(([, text]) => word.test(text)).length).toBeGreaterThan(0);
    expect(own.filter(([, text]) => others.test(text))).toEqual([]);
  });
});
