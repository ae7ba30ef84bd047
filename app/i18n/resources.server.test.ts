import { describe, expect, it } from "vitest";
import { pickResources, RESOURCES } from "./resources.server";

describe("pickResources", () => {
  it("sends one bundle per namespace, resolved along the fallback chain", () => {
    const picked = pickResources("fr-BE", ["common"]);
    expect(Object.keys(picked)).toEqual(["fr-BE"]);
    const common = picked["fr-BE"].common as Record<string, Record<string, string>>;
    // fr-BE overrides the default title, fr-FR provides the rest.
    expect(common.meta.defaultTitle).toBe((RESOURCES["fr-BE"].common as Record<string, Record<string, string>>).meta.defaultTitle);
    expect(common.nav.home).toBe((RESOURCES["fr-FR"].common as Record<string, Record<string, string>>).nav.home);
  });

  it("gives a Belgian administrator the Belgian terms of the back office and the French texts for the rest (ADR 0089)", () => {
    const picked = pickResources("fr-BE", ["admin", "admin-tools"])["fr-BE"] as Record<string, Record<string, Record<string, unknown>>>;
    const fr = RESOURCES["fr-FR"] as Record<string, Record<string, Record<string, unknown>>>;
    expect(picked.admin.index.revenueHt).toBe("Chiffre d'affaires HTVA (net des notes de crédit)");
    expect(picked.admin.professions.preparer).toBe("Assistant pharmaceutico-technique");
    expect(picked.admin.sessions.attendanceSheet).toBe("Liste de présences (PDF)");
    expect(picked["admin-tools"].compta.amount).toBe("Montant TVAC");
    // Every other text is the French one, so no key is missing for a Belgian administrator.
    expect(picked.admin.sessions.waitingList).toBe(fr.admin.sessions.waitingList);
    expect(Object.keys(picked.admin).sort()).toEqual(Object.keys(fr.admin).sort());
    expect(Object.keys(picked["admin-tools"]).sort()).toEqual(Object.keys(fr["admin-tools"]).sort());
  });

  it("leaves out namespaces the page does not need", () => {
    const picked = pickResources("es-ES", ["common"]);
    expect(Object.keys(picked["es-ES"])).toEqual(["common"]);
  });
});
