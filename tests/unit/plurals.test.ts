// Plurals instead of "(s)" (issue 30 item 7): the API's messages take the plural form of their count, in each language.
import { describe, expect, it } from "vitest";
import { translator } from "../../server/back/i18n/messages.ts";
import { RESOURCES } from "../../server/i18n/i18n.ts";

function texts(bundle: unknown): string[] {
  if (typeof bundle === "string") return [bundle];
  return Object.values((bundle ?? {}) as Record<string, unknown>).flatMap(texts);
}

describe("plural messages", () => {
  it("choose the form of their count", () => {
    expect(translator("fr-FR")("attributionDone", { count: 1, training: "Asthme" })).toBe("1 membre inscrit à Asthme.");
    expect(translator("fr-FR")("attributionDone", { count: 3, training: "Asthme" })).toBe("3 membres inscrits à Asthme.");
    expect(translator("es-ES")("adminSessionCancelled", { count: 1, names: "Ana Gil" })).toBe("Sesión cancelada: 1 alumno avisado: Ana Gil.");
    expect(translator("es-ES")("adminSessionCancelled", { count: 2, names: "Ana Gil, Luis Paz" })).toBe(
      "Sesión cancelada: 2 alumnos avisados: Ana Gil, Luis Paz.",
    );
    expect(translator("fr-BE")("attributionQuantityUsedUp", { count: 2, asked: 3 })).toContain("Il ne reste que 2 places achetées");
  });

  it('no text of fr-FR, fr-BE or es-ES writes "(s)"', () => {
    for (const locale of ["fr-FR", "fr-BE", "es-ES"]) {
      const found = Object.values(RESOURCES[locale] ?? {})
        .flatMap(texts)
        .filter((text) => /\p{L}\((s|es|x)\)/u.test(text));
      expect(found, locale).toEqual([]);
    }
  });
});
