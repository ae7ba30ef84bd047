import { describe, expect, test } from "vitest";
import { langOfPath, matchPage, ownLanguagePath } from "./page-links.ts";

describe("matchPage", () => {
  test("a splat page matches every depth below its prefix, so a document page gets its strings", () => {
    expect(matchPage("/docs/fr/guide-inscription-dpc.md")?.page.id).toBe("docs-file");
    expect(matchPage("/docs/fr/guide-inscription-dpc.md")?.params["*"]).toBe("fr/guide-inscription-dpc.md");
    expect(matchPage("/docs/brochure.pdf")?.page.id).toBe("docs-file");
    expect(matchPage("/docs")?.page.id).toBe("docs");
  });

  test("pages without a splat still match their exact depth only", () => {
    expect(matchPage("/catalogue")?.page.id).toBe("catalogue");
    expect(matchPage("/catalogue/a/b/c")).toBeNull();
  });
});

describe("ownLanguagePath (ADR 0110)", () => {
  test("a path of the other language gives the same page in the asked language, with its parameters", () => {
    expect(ownLanguagePath("/gestion/ma-pharmacie", "es", "es")).toBe("/administracion/mi-farmacia");
    expect(ownLanguagePath("/gestion/ma-pharmacie/prises-en-charge/12/facture/pharmacy", "es", "es")).toBe(
      "/administracion/mi-farmacia/bonificaciones/12/factura/pharmacy",
    );
    expect(ownLanguagePath("/cuenta/perfil/historial", "fr", "be")).toBe("/compte/profil/historique");
  });
  test("no redirect for a path already in the language, a shared path, an unknown path, or a page missing in that language or on the brand", () => {
    expect(ownLanguagePath("/administracion/mi-farmacia", "es", "es")).toBeNull();
    expect(ownLanguagePath("/faq", "es", "es")).toBeNull();
    expect(ownLanguagePath("/nulle-part/ici/et/la", "es", "es")).toBeNull();
    expect(ownLanguagePath("/bonificacion", "fr", "es")).toBeNull();
    expect(ownLanguagePath("/formations-trod-cystite-angine", "es", "es")).toBeNull();
  });
});

describe("langOfPath", () => {
  test("a path of one language names it, with or without a trailing slash and with its parameters", () => {
    expect(langOfPath("/compte/profil", "fr")).toBe("fr");
    expect(langOfPath("/cuenta/perfil/", "es")).toBe("es");
    expect(langOfPath("/gestion/ma-pharmacie/prises-en-charge/12/facture/pharmacy", "be")).toBe("fr");
    expect(langOfPath("/administracion/mi-farmacia/bonificaciones/12/factura/pharmacy", "es")).toBe("es");
  });
  test("a shared path, an unknown path and a country page of another brand name no language", () => {
    expect(langOfPath("/faq", "fr")).toBeNull();
    expect(langOfPath("/nulle-part/ici/et/la", "fr")).toBeNull();
    expect(langOfPath("/bonificacion", "es")).toBe("es");
    expect(langOfPath("/bonificacion", "fr")).toBeNull();
  });
});
