import { BRANDS, type BrandKey, type Locale } from "#core/branding/brands.ts";
import { hostnameOf, parseBrandHosts } from "#core/branding/resolve-brand.ts";
import { pathLangOf, type PathLang } from "#core/locales.ts";
import { findPage, pageOnBrand, pagePath, type PathParams } from "#core/page-links.ts";

/** The default host map (env BRAND_HOSTS): the server passes its own through the root loader. */
export const DEFAULT_BRAND_HOSTS = "localhost=fr,be.localhost=be,es.localhost=es";

/** hreflang -> the brand whose host serves that locale. */
const HREFLANG_BRANDS: { hreflang: Exclude<Locale, "en-US">; brand: BrandKey }[] = [
  { hreflang: "fr-FR", brand: "fr" },
  { hreflang: "fr-BE", brand: "be" },
  { hreflang: "es-ES", brand: "es" },
];

export type SeoLink = { rel: "canonical" | "alternate"; href: string; hrefLang?: string };

/**
 * The `handle` of a route whose meta gives the page's canonical itself (the catalogue keeps its page number, a course
 * page names its effective type's path): the root's links then carry only the alternates, so a page never has two.
 */
export type SeoHandle = { ownCanonical: true };

export type SeoInput = {
  /** The request's origin (scheme, host, port). */
  origin: string;
  pageId: string;
  params?: PathParams;
  /** The visitor's locale (decides the path language when the host does not). */
  locale: Locale;
  /** BRAND_HOSTS ("host=brand,..."); the default map when absent. */
  brandHosts?: string;
  /** Query kept in the URLs (only `page` > 1, for paginated lists). */
  query?: Record<string, string | null | undefined>;
};

function originFor(current: URL, host: string): string {
  return `${current.protocol}//${host}${current.port ? `:${current.port}` : ""}`;
}

function firstHostOf(hosts: Map<string, BrandKey>, brand: BrandKey): string | undefined {
  for (const [host, key] of hosts) if (key === brand) return host;
  return undefined;
}

function keptQuery(query: SeoInput["query"]): string {
  const page = query?.page;
  return page && /^[0-9]+$/.test(page) && Number(page) > 1 ? `?page=${Number(page)}` : "";
}

function safePath(pageId: string, lang: PathLang, params: PathParams | undefined): string | null {
  try {
    return pagePath(pageId, lang, params);
  } catch {
    return null;
  }
}

/**
 * Canonical and hreflang links of a page.
 * - Pages without route params exist for every brand: alternates for fr-FR (French brand host), fr-BE
 *   (Belgian host), es-ES (Spanish host) in that locale's path, and x-default (the French one, else the
 *   first). The canonical is this host, or the host of that language when the path's language is not
 *   this host's (a Spanish path on the French host points to the Spanish host).
 * - Pages with params show brand content (a news item, an expert, a course) that other hosts do not
 *   have: a canonical on this host and a self-referencing hreflang in the host's locale, plus x-default.
 * - Pages marked noIndex, or unknown, get nothing.
 */
export function seoLinks(input: SeoInput): SeoLink[] {
  const page = findPage(input.pageId);
  if (!page || page.noIndex) return [];
  let current: URL;
  try {
    current = new URL(input.origin);
  } catch {
    return [];
  }
  let hosts: Map<string, BrandKey>;
  try {
    hosts = parseBrandHosts(input.brandHosts ?? DEFAULT_BRAND_HOSTS);
  } catch {
    hosts = parseBrandHosts(DEFAULT_BRAND_HOSTS);
  }
  const hostBrand = hosts.get(hostnameOf(current.host));
  const lang = pathLangOf(input.locale);
  const query = keptQuery(input.query);
  const path = safePath(input.pageId, lang, input.params);
  if (path === null) return [];

  const hasParams = Object.values(page.paths).some((pattern) => /[:*]/.test(pattern ?? ""));
  const hostLang = hostBrand ? BRANDS[hostBrand].contentLang : null;
  if (hasParams) {
    // Brand content lives on this host, in the host's language when the page has a path there.
    const hostPath = hostLang !== null && hostLang !== lang ? safePath(input.pageId, hostLang, input.params) : null;
    const href = `${current.origin}${hostPath ?? path}${query}`;
    const hreflang = hostBrand ? BRANDS[hostBrand].defaultLocale : input.locale === "en-US" ? "fr-FR" : input.locale;
    return [
      { rel: "canonical", href },
      { rel: "alternate", hrefLang: hreflang, href },
      { rel: "alternate", hrefLang: "x-default", href },
    ];
  }

  const alternates: SeoLink[] = [];
  for (const { hreflang, brand } of HREFLANG_BRANDS) {
    const host = firstHostOf(hosts, brand);
    const altPath = safePath(input.pageId, pathLangOf(hreflang), input.params);
    if (!host || altPath === null || !pageOnBrand(page, brand)) continue;
    alternates.push({ rel: "alternate", hrefLang: hreflang, href: `${originFor(current, host)}${altPath}${query}` });
  }
  const fallback = alternates.find((link) => link.hrefLang === "fr-FR") ?? alternates[0];
  if (fallback) alternates.push({ rel: "alternate", hrefLang: "x-default", href: fallback.href });

  let canonical = `${current.origin}${path}${query}`;
  if (hostLang !== null && hostLang !== lang) {
    // This language's own host (the default brand of the language).
    const owner = HREFLANG_BRANDS.find((entry) => pathLangOf(entry.hreflang) === lang && firstHostOf(hosts, entry.brand));
    const host = owner ? firstHostOf(hosts, owner.brand) : undefined;
    if (host) canonical = `${originFor(current, host)}${path}${query}`;
  }
  return [{ rel: "canonical", href: canonical }, ...alternates];
}
