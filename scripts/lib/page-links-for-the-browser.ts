// The browser's copy of the table of pages (ADR 0132): core/pages.ts holds, for each page, its paths and what the
// server alone reads (its route file, layout, area and translation namespaces). In the client build the module is
// replaced by its link fields (`LINK_FIELDS`): some 8 KB less in the file every page loads. Only
// core/page-links.ts, which reads nothing else (`PageLink`), imports the table in browser code: a browser module that
// imported anything else of core/pages.ts would fail the build, as the export is not there.
import path from "node:path";
import { LINK_FIELDS, PAGES, type PageDef, type PageLink } from "../../core/pages.ts";

export function linkFieldsOf(pages: readonly PageDef[]): PageLink[] {
  return pages.map((page) => Object.fromEntries(LINK_FIELDS.filter((field) => page[field] !== undefined).map((field) => [field, page[field]])) as PageLink);
}

export function pageLinksForTheBrowser(root: string) {
  const tableFile = path.join(root, "core", "pages.ts");
  return {
    name: "page-links-for-the-browser",
    apply: "build" as const,
    load(this: { environment?: { name: string } }, id: string) {
      if (this.environment?.name !== "client" || id.replace(/\?.*$/, "") !== tableFile) return null;
      return `export const PAGES = ${JSON.stringify(linkFieldsOf(PAGES))};\n`;
    },
  };
}
