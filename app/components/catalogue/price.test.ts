import { describe, expect, test } from "vitest";
import type { Locale } from "#core/branding/brands.ts";
import { createI18n } from "~/i18n/instance";
import { pickResources } from "~/i18n/resources.server";
import { payingScheme, priceText } from "./price";

function catalogueT(locale: Locale) {
  return createI18n(locale, pickResources(locale, ["common", "catalogue"])).getFixedT(locale, "catalogue");
}

const course = (fundings: string[]) => ({ free: false, priceHT: 390, currency: "EUR", fundings });

describe("payingScheme", () => {
  test.each([
    [["DPC", "FIFPL"], "dpc"],
    [["FUNDAE"], "fundae"],
    [[" bonificable "], "fundae"],
    [["FIFPL", "OPCO"], null],
    [[], null],
  ] as const)("%j -> %s", (fundings, scheme) => {
    expect(payingScheme([...fundings])).toBe(scheme);
  });
});

describe("priceText: the funded label names the training's own scheme, in the visitor's language", () => {
  test("a French DPC training read in Spanish is DPC-funded, never 'Bonificada' (FUNDAE)", () => {
    const text = priceText(course(["DPC", "FIFPL"]), "es-ES", catalogueT("es-ES"));
    expect(text.main).toBe("Financiada DPC");
    expect(text.main).not.toMatch(/bonific/i);
    expect(text.detail).toMatch(/sin IVA$/);
  });

  test("a Spanish FUNDAE training read in French is FUNDAE-funded", () => {
    expect(priceText(course(["FUNDAE"]), "fr-FR", catalogueT("fr-FR")).main).toBe("Financée FUNDAE");
    expect(priceText(course(["BONIFICABLE"]), "es-ES", catalogueT("es-ES")).main).toBe("Bonificada");
  });

  test("each locale has both labels (fr-BE through fr-FR)", () => {
    for (const locale of ["fr-FR", "fr-BE", "es-ES", "en-US"] as const) {
      const t = catalogueT(locale);
      for (const fundings of [["DPC"], ["FUNDAE"]]) {
        const main = priceText(course(fundings), locale, t).main;
        expect(main).not.toMatch(/^card\./);
        expect(main.length).toBeGreaterThan(3);
      }
    }
  });

  test("a training without a paying scheme shows its price", () => {
    expect(priceText(course(["OPCO"]), "fr-FR", catalogueT("fr-FR"))).toEqual({ main: expect.stringMatching(/HT$/), detail: null });
  });
});
