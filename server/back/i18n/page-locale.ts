import type { Context } from "hono";
import type { Locale } from "#core/branding/brands.ts";
import { LOCALE_COOKIE, localeForPath, localeFromAcceptLanguage, SELECTABLE_LOCALES } from "#core/locales.ts";
import { langOfPath } from "#core/page-links.ts";
import type { BackEnv } from "../context.ts";
import { parseCookies } from "#core/http/cookies.ts";
import { trustedRequestHost } from "../http/request-host.ts";

export type PageLocale = (typeof SELECTABLE_LOCALES)[number];

const asPageLocale = (locale: Locale | undefined | null): PageLocale | undefined =>
  (SELECTABLE_LOCALES as readonly string[]).includes(locale ?? "") ? (locale as PageLocale) : undefined;

/** The brand's locale when the request came to one of the brands' hosts (none for an unknown host). */
function hostLocale(c: Context<BackEnv>): PageLocale | undefined {
  const host = trustedRequestHost(c);
  return host && c.get("deps").brandHosts.has(host.hostname) ? c.get("brand").defaultLocale : undefined;
}

/**
 * The locale of a page the back API serves to the browser itself (the sandbox payment page, the error page of an
 * invoice link), chosen as the web tier chooses its pages' (ADR 0003): the language switcher's `lng` cookie, the
 * host's brand locale, Accept-Language, then the brand's own; a path that exists in one language only (the order page
 * the buyer returns to) fixes the language family. Never en-US: these are the brand's pages. The API's JSON messages
 * keep following Accept-Language alone (the web tier sends its page's locale there).
 */
export function pageLocale(c: Context<BackEnv>, pagePath?: string): PageLocale {
  const host = hostLocale(c);
  const preferred =
    asPageLocale(parseCookies(c.req.header("cookie"))[LOCALE_COOKIE] as Locale) ??
    host ??
    asPageLocale(localeFromAcceptLanguage(c.req.header("accept-language"))) ??
    c.get("brand").defaultLocale;
  const pathLang = pagePath ? langOfPath(pagePath.split("?")[0], c.get("brand").key) : null;
  return asPageLocale(localeForPath(pathLang, preferred, host)) ?? preferred;
}
