import { createElement as h, type ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { I18nProvider } from "~/i18n/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import common from "../../../locales/fr-FR/common.json";
import { createI18n } from "~/i18n/instance";
import { Button, ButtonLink } from "./button";
import { Checkbox } from "./checkbox";
import { Dialog } from "./dialog";
import { readFileSync } from "node:fs";
import { Icon } from "./icon";
import { ICON_NAMES, iconSpriteMarkup } from "./icon-paths";
import { Rating, RatingInput, roundRating } from "./rating";
import { Spinner } from "./spinner";
import { Toaster } from "./toast";

const i18n = createI18n("fr-FR", { "fr-FR": { common } });

/** Server-renders an element inside i18n and a memory router (links need one). */
function render(element: ReactElement): string {
  const router = createMemoryRouter([{ path: "/", element }]);
  return renderToStaticMarkup(h(I18nProvider, { i18n }, h(RouterProvider, { router })));
}

const sprite = readFileSync(new URL("./icons.svg", import.meta.url), "utf8");
const styles = readFileSync(new URL("../../styles/app.css", import.meta.url), "utf8");

describe("Icon", () => {
  it("is 24 px, drawn by the sprite's symbol with a stroke of 2, and hidden from assistive technology by default", () => {
    const html = render(h(Icon, { name: "search" }));
    // The size is app.css's `.icon-lg` (24 px) or `.icon` (20 px), not attributes on every icon.
    expect(html).toMatch(/^<svg class="icon-lg" aria-hidden="true">/);
    expect(html).not.toContain("width=");
    expect(html).not.toContain("focusable");
    const rule = (name: string) => styles.match(new RegExp(`\\n  \\.${name} \\{\\n    @apply ([^;]+);`))?.[1].split(" ") ?? [];
    expect(rule("icon-lg")).toEqual(["size-6", "shrink-0"]);
    expect(rule("icon")).toEqual(["size-5", "shrink-0"]);
    expect(render(h(Icon, { name: "search", size: 20, className: "mt-1" }))).toMatch(/^<svg class="icon mt-1" aria-hidden="true">/);
    // No drawing in the page: one <use> of the sprite file's symbol.
    expect(html).toMatch(/<use href="[^"]*icons\.svg[^"#]*#search"><\/use>/);
    expect(html).not.toContain("<path");
    expect(sprite).toMatch(/<symbol id="search" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2"/);
  });

  it("has a symbol in the sprite file for every icon, the bookmark and the rating stars, and the file is up to date", () => {
    for (const name of [...ICON_NAMES, "bookmark", "hero", "rating-row-5"]) expect(sprite).toContain(`<symbol id="${name}"`);
    // scripts/icon-sprite.ts writes it from icon-paths.tsx: run it after changing a drawing.
    expect(sprite).toBe(iconSpriteMarkup());
  });

  it("gets a role and a name when labelled", () => {
    const html = render(h(Icon, { name: "bell", label: "Notifications" }));
    expect(html).toContain('role="img"');
    expect(html).toContain('aria-label="Notifications"');
  });

  it("has the set the spec names", () => {
    for (const name of ["search", "user", "cart", "bell", "close", "check", "chevron-down", "info", "warning", "error", "menu", "globe"]) {
      expect(ICON_NAMES).toContain(name);
    }
  });
});

describe("Button", () => {
  it("is a type=button by default with a 24 px icon at normal size", () => {
    const html = render(h(Button, { icon: "cart", children: "Ajouter" }));
    expect(html).toMatch(/^<button type="button"/);
    expect(html).toContain('<svg class="icon-lg"');
  });

  it("uses a 20 px icon when small and keeps an accessible name when icon-only", () => {
    const html = render(h(Button, { icon: "close", size: "small", iconOnly: true, variant: "danger", children: "Supprimer" }));
    expect(html).toContain('<svg class="icon"');
    expect(html).toContain('<span class="sr-only">Supprimer</span>');
    expect(html).toContain('class="btn btn-icon-sm btn-danger"');
  });

  it("draws its sizes and variants with app.css's component classes, focus ring and hover included", () => {
    const rule = (name: string) => styles.match(new RegExp(`\\n  \\.${name} \\{\\n    @apply ([^;]+);`))?.[1].split(" ") ?? [];
    expect(rule("btn")).toEqual(
      expect.arrayContaining(["inline-flex", "border-2", "focus-visible:outline-3", "focus-visible:outline-offset-2", "disabled:opacity-60"]),
    );
    expect(rule("btn-sm")).toEqual(expect.arrayContaining(["min-h-9", "text-sm"]));
    expect(rule("btn-md")).toEqual(expect.arrayContaining(["min-h-11", "text-base"]));
    expect(rule("btn-icon-sm")).toEqual(["h-9", "w-9", "p-1.5"]);
    expect(rule("btn-primary")).toEqual(expect.arrayContaining(["bg-primary", "hover:bg-primary-dark", "focus-visible:outline-primary-dark"]));
    expect(rule("btn-secondary")).toEqual(expect.arrayContaining(["bg-white", "text-primary-dark", "hover:bg-slate-100"]));
    expect(rule("btn-danger")).toEqual(expect.arrayContaining(["bg-red-700", "hover:bg-red-800", "focus-visible:outline-red-800"]));
  });

  it("renders as a link", () => {
    const html = render(h(ButtonLink, { to: "/catalogue", variant: "secondary", children: "Catalogue" }));
    expect(html).toMatch(/^<a [^>]*href="\/catalogue"/);
  });

  it("is disabled and aria-busy while busy", () => {
    const html = render(h(Button, { busy: true, type: "submit", children: "Envoyer" }));
    expect(html).toContain('type="submit"');
    expect(html).toContain("disabled");
    expect(html).toContain('aria-busy="true"');
  });
});

describe("Checkbox", () => {
  it("associates its label, assistive text and error", () => {
    const html = render(h(Checkbox, { id: "c", name: "cgv", label: "J'accepte", assistiveText: "Obligatoire", errorMessage: "Cochez la case", bold: true }));
    expect(html).toContain('id="c"');
    expect(html).toContain('for="c"');
    expect(html).toContain('aria-describedby="c-help c-error"');
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain('id="c-help"');
    expect(html).toContain("font-bold");
  });

  it("read-only: the visible box has no name, a hidden input carries the value", () => {
    const html = render(h(Checkbox, { id: "r", name: "opt", label: "Option", readOnly: true, checked: true }));
    expect(html).toContain('aria-readonly="true"');
    const visible = /<input id="r" type="checkbox"[^>]*>/.exec(html)?.[0] ?? "";
    expect(visible).not.toContain("name=");
    expect(html).toContain('<input type="hidden" name="opt" value="on"/>');
  });

  it("invalid without a message still sets aria-invalid", () => {
    expect(render(h(Checkbox, { id: "i", label: "X", invalid: true }))).toContain('aria-invalid="true"');
  });
});

describe("Rating", () => {
  it.each([
    [4.43, true, 4.5],
    [4.2, true, 4],
    [4.75, true, 5],
    [4.4, false, 4],
    [7, true, 5],
    [-1, true, 0],
    [Number.NaN, true, 0],
  ])("rounds %d (half steps %s) to %d", (value, half, expected) => {
    expect(roundRating(value, half)).toBe(expected);
  });

  it("reads '4,5 sur 5' and shows five stars in #FFB400", () => {
    const html = render(h(Rating, { value: 4.43 }));
    expect(html).toContain('role="img"');
    expect(html).toContain('aria-label="4,5 sur 5"');
    // The sprite's row of five stars twice: white, then gold in an inner viewport four and a half stars wide; the
    // colours (white, #FFB400 as --color-rating) and the size come from app.css's .stars.
    expect(html.match(/<use /g)).toHaveLength(2);
    expect(html.match(/#rating-row-5"/g)).toHaveLength(2);
    expect(html).toMatch(/<svg role="img"[^>]*class="stars stars-lg" viewBox="0 0 128 24"><use [^>]*><\/use><svg width="116"><use [^>]*width="128"/);
    expect(render(h(Rating, { value: 4.43, size: 18 }))).toContain('class="stars"');
    expect(html).not.toContain("fill=");
    // No drawing and no id of its own: many ratings in a page repeat nothing but references.
    expect(html).not.toContain("<path");
    expect(html).not.toContain("id=");
  });

  it("has no gold layer for 0", () => {
    const none = render(h(Rating, { value: 0 }));
    expect(none).toContain('aria-label="0 sur 5"');
    expect(none.match(/<use /g)).toHaveLength(1);
  });

  it("as an input: radio buttons in a fieldset with a legend, one per half star", () => {
    const html = render(h(RatingInput, { name: "note", legend: "Votre note", halfSteps: true, defaultValue: 3 }));
    expect(html).toContain("<legend");
    expect(html.match(/type="radio"/g)).toHaveLength(10);
    expect(html).toMatch(/<input type="radio"[^>]*checked=""[^>]*value="3"\/>/);
    expect(html.match(/checked=""/g)).toHaveLength(1);
  });
});

describe("Spinner", () => {
  it("is a labelled status, 3.125rem wide, on white, in the primary colour", () => {
    const html = render(h(Spinner));
    expect(html).toContain('role="status"');
    expect(html).toContain("width:3.125rem");
    expect(html).toContain("bg-white");
    expect(html).toContain("var(--color-primary)");
    expect(html).toContain("Chargement…");
  });
});

describe("Dialog", () => {
  it("is a labelled native dialog, open on the server when open", () => {
    const html = render(h(Dialog, { id: "d", open: true, title: "Titre", description: "Texte", children: "Corps" }));
    expect(html).toMatch(/^<dialog id="d" open=""/);
    expect(html).toContain('aria-labelledby="d-title"');
    expect(html).toContain('aria-describedby="d-description"');
    expect(html).toContain("Fermer");
  });

  it("has no close control when not closable", () => {
    const html = render(h(Dialog, { id: "n", open: true, closable: false, title: "Consentement" }));
    expect(html).not.toContain("Fermer");
  });
});

describe("Toaster", () => {
  it("renders the flash toast on the server: a status in its corner, closable without JavaScript", () => {
    const html = render(h(Toaster, { flash: { id: "t1", message: "Enregistré", type: "success", position: "top" } }));
    expect(html).toContain('data-position="top"');
    expect(html).toMatch(/<dialog open="" aria-label="Notification de succès"/);
    expect(html).toContain('role="status"');
    expect(html).toContain("animation-duration:3000ms");
    expect(html).toContain('<form method="dialog">');
    expect(html).toContain("Fermer la notification");
  });

  it("uses role=alert for errors and bottom-right by default", () => {
    const html = render(h(Toaster, { flash: { id: "t2", message: "Erreur", type: "error" } }));
    expect(html).toContain('data-position="bottom-right"');
    expect(html).toContain('role="alert"');
  });

  it("renders nothing without a toast", () => {
    expect(render(h(Toaster, { flash: null }))).toBe("");
  });
});
