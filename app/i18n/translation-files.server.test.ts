import { describe, expect, it } from "vitest";
import type { Resources } from "#core/i18n.ts";
import { pickResources, RESOURCES } from "./resources.server";
import { translationBundle, translationFileBodies, translationFilesFor, translationFilesOf } from "./translation-files.server";

const FILE = /^\/i18n\/(en-US|es-ES|fr-BE|fr-FR)\/([a-z-]+)\.([\w-]{12})\.json$/;

describe("translation files", () => {
  it("one per locale and page namespace, holding what pickResources gave the page: the namespace resolved along the fallback chain", () => {
    const files = translationFilesFor("fr-BE", ["common", "catalogue", "shop"]);
    expect(files.map((file) => file.ns)).toEqual(["common", "catalogue", "shop"]);
    const bodies = translationFileBodies();
    for (const file of files) {
      expect(file.href).toMatch(FILE);
      expect(JSON.parse(bodies.get(file.href)!)).toEqual(pickResources("fr-BE", [file.ns])["fr-BE"][file.ns]);
      expect(translationBundle("fr-BE", file.ns)).toEqual(pickResources("fr-BE", [file.ns])["fr-BE"][file.ns]);
    }
    // Belgian French is French with a few Belgian words: its own file, with its own address.
    expect(translationFilesFor("fr-FR", ["common"])[0].href).not.toBe(files[0].href);
  });

  it("leaves out a namespace that has no text and says each namespace once", () => {
    expect(translationFilesFor("es-ES", ["common", "nothing-here", "common"]).map((file) => file.ns)).toEqual(["common"]);
  });

  it("serves every page namespace of every locale and none of the API's", () => {
    const hrefs = [...translationFileBodies().keys()];
    for (const href of hrefs) expect(href).toMatch(FILE);
    expect(hrefs.filter((href) => /\/(api|mail|pdf)/.test(href))).toEqual([]);
    for (const locale of ["en-US", "es-ES", "fr-BE", "fr-FR"]) expect(hrefs.some((href) => href.startsWith(`/i18n/${locale}/common.`))).toBe(true);
    expect(translationFileBodies()).toBe(translationFileBodies());
  });

  it("changes a file's address when its content changes, and only that file's", () => {
    const before = translationFilesOf(RESOURCES);
    const changed: Resources = structuredClone(RESOURCES);
    (changed["fr-FR"].catalogue as Record<string, unknown>).addedForTheTest = "Nouveau texte";
    const after = translationFilesOf(changed);
    expect(after.get("fr-FR/catalogue")!.href).not.toBe(before.get("fr-FR/catalogue")!.href);
    // Belgian French falls back on French: its catalogue file changes too. Spanish does not.
    expect(after.get("fr-BE/catalogue")!.href).not.toBe(before.get("fr-BE/catalogue")!.href);
    expect(after.get("es-ES/catalogue")!.href).toBe(before.get("es-ES/catalogue")!.href);
    expect(after.get("fr-FR/common")!.href).toBe(before.get("fr-FR/common")!.href);
    // The same content, the same address: nothing depends on the process.
    expect(translationFilesOf(RESOURCES).get("fr-FR/catalogue")!.href).toBe(before.get("fr-FR/catalogue")!.href);
  });
});
