import { findPage, pagePath } from "~/i18n/pages";
import type { PathLang } from "~/i18n/config";

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

/** The path of a page in a language, or null when the page does not exist (yet) there. */
export function existingPagePath(pageId: string, lang: PathLang): string | null {
  if (!findPage(pageId)) return null;
  try {
    return pagePath(pageId, lang);
  } catch {
    // A page with required params cannot be a plain link.
    return null;
  }
}

/** The cookie policy in a language: /politica-cookies in Spanish, /cookiespolicy otherwise. */
export function cookiePolicyPath(lang: PathLang): string {
  return existingPagePath("cookie-policy", lang) ?? existingPagePath("cookies-policy-link", lang) ?? "/";
}
