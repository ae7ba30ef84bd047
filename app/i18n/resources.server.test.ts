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

  it("leaves out namespaces the page does not need", () => {
    const picked = pickResources("es-ES", ["common"]);
    expect(Object.keys(picked["es-ES"])).toEqual(["common"]);
  });
});
