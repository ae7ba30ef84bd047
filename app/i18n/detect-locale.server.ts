import type { Cookie } from "react-router";
import { RemixI18Next } from "remix-i18next/server";
import type { Locale } from "#core/branding/brands.ts";
import { parseCookies } from "#core/http/cookies.ts";
import { FALLBACK_LOCALE, isLocale, LOCALE_COOKIE, localeFromAcceptLanguage, SUPPORTED_LOCALES } from "#core/locales.ts";

/**
 * Locale detection with remix-i18next's detector (decision 0034), in our order (decision 0003):
 *   1. the `lng` cookie the language switcher sets (en-US is not a choice there, so it is ignored),
 *   2. the host's locale (the brand's default on a known host),
 *   3. Accept-Language, every tag by quality (core/locales.ts),
 *   4. en-US.
 * remix-i18next's own Accept-Language step only tries the header's first tag, so "de-DE,fr;q=0.8" would end in
 * en-US: steps 2 and 3 are its `custom` step. Then the path decides the language family (localeForPath, core/locales.ts).
 */
export function createLocaleDetector(hostLocale: (request: Request) => Locale | undefined): RemixI18Next {
  return new RemixI18Next({
    detection: {
      supportedLanguages: [...SUPPORTED_LOCALES],
      fallbackLanguage: FALLBACK_LOCALE,
      order: ["cookie", "custom"],
      cookie: localeCookie,
      findLocale: async (request) => hostLocale(request) ?? localeFromAcceptLanguage(request.headers.get("accept-language")) ?? null,
    },
  });
}

/** The `lng` cookie holds a plain locale (not React Router's encoded cookie value); it is written by the language switcher's action. */
const localeCookie: Cookie = {
  name: LOCALE_COOKIE,
  isSigned: false,
  expires: undefined,
  async parse(header) {
    const value = parseCookies(header)[LOCALE_COOKIE];
    return value !== undefined && isLocale(value) && value !== FALLBACK_LOCALE ? value : null;
  },
  async serialize() {
    throw new Error(`The ${LOCALE_COOKIE} cookie is written by the language switcher, not by the detector.`);
  },
};
