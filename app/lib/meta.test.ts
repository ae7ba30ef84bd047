import { describe, expect, test } from "vitest";
import { keepBundle } from "~/i18n/bundles";
import { pageMeta } from "./meta";

// The page's translation files, as the browser keeps them once fetched (app/i18n/bundles.ts).
keepBundle("/i18n/es-ES/common.test.json", {
  meta: { defaultTitle: "Formación", defaultDescription: "Cursos para farmacias" },
  errors: { notFoundTitle: "Página no encontrada" },
});
keepBundle("/i18n/es-ES/shop.test.json", { cart: { title: "Cesta" }, search: { title: "Buscar {{value}}", description: "Resultados de {{value}}" } });
const root = {
  brandKey: "es",
  locale: "es-ES",
  translations: [
    { ns: "common", href: "/i18n/es-ES/common.test.json" },
    { ns: "shop", href: "/i18n/es-ES/shop.test.json" },
  ],
};
const matches = [{ id: "root", loaderData: root }, { id: "routes/page" }];

describe("pageMeta", () => {
  test("no options: the site's default title and description", () => {
    expect(pageMeta(matches)).toEqual([{ title: "Formación | AulaFarma" }, { name: "description", content: "Cursos para farmacias" }]);
  });

  test("a loader's title, or a key translated with its values; a description key", () => {
    expect(pageMeta(matches, { title: "Mi perfil" })[0]).toEqual({ title: "Mi perfil | AulaFarma" });
    expect(pageMeta(matches, { titleKey: "shop:cart.title" })[0]).toEqual({ title: "Cesta | AulaFarma" });
    expect(pageMeta(matches, { titleKey: "shop:search.title", descriptionKey: "shop:search.description", values: { value: "tos" } })).toEqual([
      { title: "Buscar tos | AulaFarma" },
      { name: "description", content: "Resultados de tos" },
    ]);
    expect(pageMeta(matches, { title: "Noticias", description: "" })[1]).toEqual({ name: "description", content: "Cursos para farmacias" });
  });

  test("a description key without a text gives no description", () => {
    expect(pageMeta(matches, { titleKey: "shop:cart.title", descriptionKey: "shop:cart.none" })).toEqual([{ title: "Cesta | AulaFarma" }]);
  });

  test("a private page is not indexed", () => {
    expect(pageMeta(matches, { title: "Mi perfil", noindex: true }).at(-1)).toEqual({ name: "robots", content: "noindex" });
  });

  test("a page with nothing to show: the not-found title, or the error's status; not indexed, no description", () => {
    const noindex = { name: "robots", content: "noindex" };
    expect(pageMeta(matches, { failed: true })).toEqual([{ title: "Página no encontrada | AulaFarma" }, noindex]);
    expect(pageMeta(matches, { title: "Noticias", failed: { status: 404 } })).toEqual([{ title: "Página no encontrada | AulaFarma" }, noindex]);
    expect(pageMeta(matches, { failed: { status: 503 } })).toEqual([{ title: "503 | AulaFarma" }, noindex]);
    expect(pageMeta(matches, { failed: new Error("boom") })).toEqual([{ title: "500 | AulaFarma" }, noindex]);
  });

  test("without the root's data (the root failed): the site's name alone", () => {
    expect(pageMeta([undefined])).toEqual([{ title: "Officine Académie" }]);
  });
});
