import { describe, expect, test } from "vitest";
import { matchPage } from "./pages.ts";

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
