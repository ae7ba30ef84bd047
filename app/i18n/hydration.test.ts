import { describe, expect, it } from "vitest";
import type { Bundle } from "#core/i18n.ts";
import { SUPPORTED_LOCALES } from "#core/locales.ts";
import { createServerI18n } from "./i18next.server";
import { createI18n } from "./instance";
import { pickResources, RESOURCES } from "./resources.server";

/**
 * The server renders a page with i18next (./i18next.server.ts), the browser hydrates it with the small translator
 * (./instance.ts) over the namespaces the root loader sent. Any difference would be a hydration mismatch, so every
 * string of every namespace, in every locale, must come out the same from both, with and without values and counts.
 */
function leafKeys(bundle: Bundle, prefix = ""): string[] {
  return Object.entries(bundle).flatMap(([key, value]) => (typeof value === "string" ? [prefix + key] : leafKeys(value, `${prefix}${key}.`)));
}

const PLURAL = /_(zero|one|two|few|many|other)$/;
const namespaces = [...new Set(Object.values(RESOURCES).flatMap((bundles) => Object.keys(bundles)))].sort();

describe("server rendering (i18next) and hydration (small translator) give the same text", () => {
  it("reads the pages' namespaces and none of the API's", () => {
    expect(namespaces).toEqual(expect.arrayContaining(["common", "auth", "catalogue", "home", "training"]));
    expect(namespaces.filter((ns) => /^(api|mail|pdf)/.test(ns))).toEqual([]);
  });

  it.each(SUPPORTED_LOCALES.map((locale) => [locale]))(
    "for every key in %s",
    (locale) => {
      const server = createServerI18n(locale, namespaces);
      const browser = createI18n(locale, pickResources(locale, namespaces));
      let compared = 0;
      for (const ns of namespaces) {
        const serverT = server.getFixedT(locale, ns);
        const browserT = browser.getFixedT(locale, ns);
        const keys = new Set(SUPPORTED_LOCALES.flatMap((lng) => leafKeys(RESOURCES[lng]?.[ns] ?? {})).map((key) => key.replace(PLURAL, "")));
        for (const key of keys) {
          for (const values of [undefined, {}, { count: 0 }, { count: 1 }, { count: 2 }, { count: 5, name: "Léa", value: "x" }]) {
            expect(serverT(key, values), `${locale} ${ns}:${key} ${JSON.stringify(values)}`).toBe(browserT(key, values));
            compared++;
          }
        }
      }
      expect(compared).toBeGreaterThan(5000);
      // Tens of thousands of comparisons per locale: seconds on a busy 2-core machine (the typecheck runs beside).
    },
    30_000,
  );

  it("agrees on other namespaces, key lists, missing keys and namespaces the page did not receive", () => {
    const sent = ["common", "auth"];
    const server = createServerI18n("fr-BE", sent);
    const browser = createI18n("fr-BE", pickResources("fr-BE", sent));
    const cases: [string, string | string[]][] = [
      ["auth", "common:nav.home"],
      ["common", ["missing.key", "nav.home"]],
      ["common", ["missing.one", "missing.two"]],
      ["common", "nav"],
      ["common", "catalogue:title"],
      ["catalogue", "title"],
    ];
    for (const [ns, key] of cases) {
      expect(server.getFixedT("fr-BE", ns)(key), `${ns} ${String(key)}`).toBe(browser.getFixedT("fr-BE", ns)(key));
    }
    expect(server.t("nav.home")).not.toBe("nav.home");
  });
});

describe("server texts kept once per process", () => {
  it("give the same text the second time, per locale, and keep missing keys missing", () => {
    const fr = createServerI18n("fr-FR", ["common"]).getFixedT("fr-FR", "common");
    const es = createServerI18n("es-ES", ["common"]).getFixedT("es-ES", "common");
    const first = fr("nav.home");
    expect(fr("nav.home")).toBe(first);
    expect(es("nav.home")).not.toBe(first);
    expect(es("nav.home")).toBe(createI18n("es-ES", pickResources("es-ES", ["common"])).t("nav.home"));
    expect(fr("missing.kept")).toBe("missing.kept");
    expect(fr("missing.kept")).toBe("missing.kept");
    // A namespace the page did not receive is not read, even when another page's render kept its text.
    expect(createServerI18n("fr-FR", ["auth"]).getFixedT("fr-FR", "auth")("common:nav.home")).toBe("common:nav.home");
  });
});
