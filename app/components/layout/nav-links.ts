import type { Brand, BrandKey } from "#core/branding/brands.ts";
import { findPage, pageOnBrand, pagePath } from "#core/page-links.ts";
import type { PathLang } from "#core/locales.ts";

/**
 * Main navigation, by page id. A link shows only once its page exists in the page table
 * (app/i18n/pages.ts) in the visitor's language, so pages added later appear by themselves.
 */
export const MAIN_NAV: { pageId: string; labelKey: string }[] = [
  { pageId: "home", labelKey: "nav.home" },
  { pageId: "catalogue", labelKey: "nav.catalogue" },
  { pageId: "shop", labelKey: "nav.shop" },
  { pageId: "news", labelKey: "nav.news" },
  { pageId: "experts", labelKey: "nav.experts" },
  { pageId: "faq", labelKey: "nav.faq" },
  { pageId: "contact", labelKey: "nav.contact" },
];

/**
 * Footer "discover" links: the public pages the main navigation leaves out, by page id (shown where
 * the page exists for the brand and language, like MAIN_NAV).
 */
export const FOOTER_NAV: { pageId: string; labelKey: string }[] = [
  { pageId: "trainings-overview", labelKey: "footer.links.trainings" },
  { pageId: "offer", labelKey: "footer.links.offer" },
  { pageId: "groupings", labelKey: "footer.links.groupings" },
  { pageId: "funding-faq", labelKey: "footer.links.fundingFaq" },
  { pageId: "docs", labelKey: "footer.links.docs" },
  { pageId: "welcome", labelKey: "footer.links.welcome" },
];

/**
 * The path of a page in a language on a brand, or null when the page does not exist (yet) there:
 * not in the table, not in that language, or a country page of another brand.
 */
export function existingPagePath(pageId: string, lang: PathLang, brand: BrandKey): string | null {
  const page = findPage(pageId);
  if (!page || !pageOnBrand(page, brand)) return null;
  try {
    return pagePath(pageId, lang);
  } catch {
    // A page with required params cannot be a plain link.
    return null;
  }
}

/** The path of one of the brand's legal content pages (/pages/{slug}). */
export function legalPagePath(brand: Brand, page: keyof Brand["legalPages"]): string {
  return pagePath("content-page", "fr", { pageSlug: brand.legalPages[page] }) ?? "/";
}

/** The cookie policy: /politica-cookies in Spanish on the Spanish brands, /cookiespolicy otherwise. */
export function cookiePolicyPath(lang: PathLang, brand: BrandKey): string {
  return existingPagePath("cookie-policy", lang, brand) ?? existingPagePath("cookies-policy-link", lang, brand) ?? "/";
}
