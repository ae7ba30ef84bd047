import type { BrandKey } from "./branding/brands.ts";
import type { PathLang } from "./locales.ts";
import { PAGES, type PageLink } from "./pages.ts";

/** The table as these functions see it: link fields only (in the browser, that is all there is). */
const LINKS: readonly PageLink[] = PAGES;

/**
 * Links to pages and pages of paths, from the table of pages (core/pages.ts): what every page needs, in the server
 * and in the browser. Each function reads only a page's link fields (`PageLink`); what the server alone reads (the
 * file, layout, area and namespaces of a page) is in `PAGES`.
 */

/** The technical routes every page posts to (routes.ts registers them; forms use these paths). */
export const SYSTEM_PATHS = {
  setLocale: "/locale",
  cookieConsent: "/consent-cookies",
  notificationsRead: "/notifications/read",
} as const;

export function findPage(id: string): PageLink | undefined {
  return LINKS.find((page) => page.id === id);
}

/** Whether a brand has the page (country pages exist on their country's brands only). */
export function pageOnBrand(page: PageLink, brand: BrandKey): boolean {
  return !page.brands || page.brands.includes(brand);
}

/** The page id and language of a registered route id ("catalogue.es" -> catalogue, es). */
export function parseRouteId(routeId: string): { pageId: string; lang: PathLang | null } {
  const match = /^(.*)\.(fr|es)$/.exec(routeId);
  return match ? { pageId: match[1], lang: match[2] as PathLang } : { pageId: routeId, lang: null };
}

export type PathParams = Record<string, string | number | undefined>;

/**
 * The path of a page in a language, with params filled in. Returns null when the page
 * does not exist in that language (the caller then links elsewhere, e.g. home).
 */
export function pagePath(id: string, lang: PathLang, params: PathParams = {}): string | null {
  const page = findPage(id);
  if (!page) throw new Error(`Unknown page id: ${id}`);
  const pattern = page.paths["*"] ?? page.paths[lang];
  if (!pattern) return null;
  return (
    pattern
      .replace(/:(\w+)(\?)?/g, (_, name: string, optional?: string) => {
        const value = params[name];
        if (value === undefined || value === "") {
          if (optional) return "";
          throw new Error(`Missing param "${name}" for page ${id}`);
        }
        return encodeURIComponent(String(value));
      })
      .replace(/\/+$/, "") || "/"
  );
}

/**
 * The language a path belongs to when only one language has it (null for shared paths). A country page
 * of another brand does not count: that brand answers 404 in its own language.
 */
export function langOfPath(pathname: string, brand: BrandKey): PathLang | null {
  languagePaths ??= LINKS.flatMap((page) =>
    page.paths["*"]
      ? []
      : (["fr", "es"] as const).flatMap((lang) => {
          const pattern = page.paths[lang];
          return pattern ? [{ page, lang, compiled: compilePattern(pattern) }] : [];
        }),
  );
  // Asked on every request: the visited path is split once, and the patterns were split when first asked.
  const have = pathSegments(pathname);
  for (const { page, lang, compiled } of languagePaths) {
    if (pageOnBrand(page, brand) && matchSegments(compiled, have)) return lang;
  }
  return null;
}

/** The paths that belong to one language, in the table's order, French before Spanish; made once, on first use. */
let languagePaths: { page: PageLink; lang: PathLang; compiled: CompiledPattern }[] | null = null;

/**
 * The same page in the visitor's language when `pathname` is a path of the other language (ADR 0110): the page's
 * path in `lang`, with its parameters; null when the path is already in `lang`, is shared, is no page, or when the
 * page has no path in `lang` or does not exist on the brand (the brand's 404 answers).
 */
export function ownLanguagePath(pathname: string, lang: PathLang, brand: BrandKey): string | null {
  const match = matchPage(pathname);
  if (!match || match.lang === null || match.lang === lang || !pageOnBrand(match.page, brand)) return null;
  if (!match.page.paths[lang]) return null;
  return pagePath(match.page.id, lang, match.params);
}

/** A page path split into its segments once: a trailing "*" (the router's splat) stands for one or more segments. */
type CompiledPattern = { segments: string[]; splat: boolean };

function compilePattern(pattern: string): CompiledPattern {
  const segments = pattern.split("/").filter(Boolean);
  return { segments, splat: segments[segments.length - 1] === "*" };
}

/** Every page path, static paths before parameterised ones (as in the router); made once, on first use. */
let matchOrder: { page: PageLink; lang: PathLang | "*"; compiled: CompiledPattern }[] | null = null;

export function matchPage(pathname: string): { page: PageLink; lang: PathLang | null; params: Record<string, string> } | null {
  matchOrder ??= LINKS.flatMap((page) =>
    (Object.entries(page.paths) as [PathLang | "*", string][]).map(([lang, pattern]) => ({ page, lang, compiled: compilePattern(pattern) })),
  ).sort((a, b) => dynamicSegments(a.compiled) - dynamicSegments(b.compiled));
  // Pages are matched on every request, several times: the visited path is split once, not once per pattern.
  const have = pathSegments(pathname);
  for (const { page, lang, compiled } of matchOrder) {
    const params = matchSegments(compiled, have);
    if (params) return { page, lang: lang === "*" ? null : lang, params };
  }
  return null;
}

/** How many ":param" or "*" segments a pattern has: fewer wins, as in the router (/experts/:slug before /:trainingType/:slug). */
function dynamicSegments({ segments }: CompiledPattern): number {
  return segments.filter((segment) => segment.startsWith(":") || segment === "*").length;
}

function pathSegments(pathname: string): string[] {
  return pathname.replace(/\/+$/, "").split("/").filter(Boolean);
}

function matchSegments({ segments: want, splat }: CompiledPattern, have: string[]): Record<string, string> | null {
  if (splat ? have.length < want.length : want.length !== have.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    if (splat && i === want.length - 1) {
      params["*"] = have.slice(i).join("/");
    } else if (want[i].startsWith(":")) {
      try {
        params[want[i].slice(1)] = decodeURIComponent(have[i]);
      } catch {
        return null;
      }
    } else if (want[i] !== have[i]) return null;
  }
  return params;
}
