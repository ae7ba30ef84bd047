import { describe, expect, test } from "vitest";
import { pageDataScope } from "./page-data-scope.ts";

describe("pageDataScope (ADR 0141)", () => {
  test("the learner's own areas and the listed public pages are kept under the shared and own versions", () => {
    for (const path of ["/", "/catalogue", "/formation/une-formation", "/compte/profil", "/compte/profil/historique", "/boutique", "/tienda/carrito"]) {
      expect(pageDataScope(path), path).toBe("own");
    }
  });

  test("a client navigation's route data has its page's scope", () => {
    expect(pageDataScope("/catalogue.data")).toBe("own");
    expect(pageDataScope("/_root.data")).toBe("own");
    expect(pageDataScope("/gestion/ma-pharmacie/equipe.data")).toBe("all");
  });

  test("pages that show other people's rows, public pages not listed and unknown paths see every write", () => {
    for (const path of [
      "/gestion/ma-pharmacie/tableau-de-bord",
      "/gestion/ma-pharmacie/equipe",
      "/admin",
      "/admin/catalog",
      "/trainer/virtualClass/abc",
      "/verification-attestation/ABC123",
      "/feedback/abc",
      "/no/such/page/here",
    ]) {
      expect(pageDataScope(path), path).toBe("all");
    }
  });
});
