// The client build's own plugins (vite.config.ts, ADR 0132): what they give the browser instead of the source.
import path from "node:path";
import { describe, expect, test } from "vitest";
import { LINK_FIELDS, PAGES } from "#core/pages.ts";
import { linkFieldsOf, pageLinksForTheBrowser } from "../../scripts/lib/page-links-for-the-browser.ts";
import { reactRouterProductionBuild } from "../../scripts/lib/react-router-production.ts";

const ROOT = path.resolve(import.meta.dirname, "..", "..");

describe("the browser's table of pages", () => {
  test("every page, in order, with its link fields as they are and nothing the server alone reads", () => {
    const links = linkFieldsOf(PAGES);
    expect(links.map((page) => page.id)).toEqual(PAGES.map((page) => page.id));
    for (const [index, page] of links.entries()) {
      expect(Object.keys(page).every((key) => (LINK_FIELDS as readonly string[]).includes(key))).toBe(true);
      expect(page.paths).toEqual(PAGES[index].paths);
      expect(page.brands).toEqual(PAGES[index].brands);
      expect(page.noIndex).toEqual(PAGES[index].noIndex);
    }
    expect(JSON.stringify(links)).not.toMatch(/"(file|layout|area|ns)"/);
  });

  test("replaces core/pages.ts in the client build only", () => {
    const plugin = pageLinksForTheBrowser(ROOT);
    const table = path.join(ROOT, "core", "pages.ts");
    const browser = plugin.load.call({ environment: { name: "client" } }, table);
    expect(browser).toMatch(/^export const PAGES = \[/);
    expect(JSON.parse(browser!.replace(/^export const PAGES = /, "").replace(/;\n$/, ""))).toEqual(linkFieldsOf(PAGES));
    expect(plugin.load.call({ environment: { name: "ssr" } }, table)).toBeNull();
    expect(plugin.load.call({ environment: { name: "client" } }, path.join(ROOT, "core", "page-links.ts"))).toBeNull();
  });
});

describe("React Router's production build", () => {
  test("the browser resolves the router to dist/production; the server keeps the package's exports", () => {
    const plugin = reactRouterProductionBuild(ROOT);
    expect(plugin.resolveId.call({ environment: { name: "client" } }, "react-router")).toMatch(/react-router\/dist\/production\/index\.mjs$/);
    expect(plugin.resolveId.call({ environment: { name: "client" } }, "react-router/dom")).toMatch(/react-router\/dist\/production\/dom-export\.mjs$/);
    expect(plugin.resolveId.call({ environment: { name: "ssr" } }, "react-router")).toBeNull();
    expect(plugin.resolveId.call({ environment: { name: "client" } }, "react")).toBeNull();
  });
});
