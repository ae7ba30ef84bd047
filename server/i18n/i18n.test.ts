import { describe, expect, it } from "vitest";
import type { Bundle } from "#core/i18n.ts";
import { API_NAMESPACES, translator } from "../back/i18n/messages.ts";
import { fixedT, RESOURCES, serverLocale } from "./i18n.ts";

function leafKeys(bundle: Bundle | undefined, prefix = ""): string[] {
  return Object.entries(bundle ?? {}).flatMap(([key, value]) => (typeof value === "string" ? [prefix + key] : leafKeys(value, `${prefix}${key}.`)));
}

describe("the server's translations (locales/, i18next)", () => {
  // The TypeScript catalogues checked this with `satisfies Record<Keys, string>`; the JSON files need a test.
  it.each([...API_NAMESPACES, "mail"].map((ns) => [ns]))("%s: fr-FR and es-ES have every English key, and no other", (ns) => {
    const english = leafKeys(RESOURCES["en-US"][ns]).sort();
    expect(english.length).toBeGreaterThan(0);
    expect(leafKeys(RESOURCES["fr-FR"][ns]).sort()).toEqual(english);
    expect(leafKeys(RESOURCES["es-ES"][ns]).sort()).toEqual(english);
  });

  it("pdf: the French and Spanish attestation texts have the same keys", () => {
    expect(leafKeys(RESOURCES["es-ES"].pdf).sort()).toEqual(leafKeys(RESOURCES["fr-FR"].pdf).sort());
  });

  it("follows the chain fr-BE -> fr-FR -> en-US and fills values", () => {
    expect(translator("fr-BE")("tooShort", { min: 8 })).toBe("Trop court (8 caractères au moins).");
    expect(translator("es-ES")("tooShort", { min: 8 })).toBe("Demasiado corto (al menos 8 caracteres).");
    expect(translator("en-US")("tooShort", { min: 8 })).toBe("Too short (at least 8 characters).");
    expect(fixedT("fr-BE", "pdf")("title.training")).toBe("Attestation de formation");
    // The back office's API texts: the Belgian term where it differs, the French text otherwise (ADR 0089).
    expect(translator("fr-BE")("adminSheetTitle")).toBe("Liste de présences");
    expect(translator("fr-BE")("adminSessionNotFound")).toBe(translator("fr-FR")("adminSessionNotFound"));
    // No pdf namespace in English: the last link of the chain gives the key back.
    expect(fixedT("en-US", "pdf")("title.training")).toBe("title.training");
  });

  it("does not escape values (the mail layout and React escape) nor interpolate them twice", () => {
    expect(fixedT("en-US", "mail")("advisorMessage.subject", { name: "<Ana> & {{name}}" })).toBe("Message from <Ana> & {{name}}");
  });

  it("maps the database's locales", () => {
    expect(["fr-BE", "fr", "fr-CA", "es", "es-ES", "de", null].map(serverLocale)).toEqual(["fr-BE", "fr-FR", "fr-FR", "es-ES", "es-ES", "en-US", "en-US"]);
  });
});
