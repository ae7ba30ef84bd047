import { randomUUID } from "node:crypto";
import type { MiddlewareFunction } from "react-router";
import { redirect } from "react-router";
import { BRANDS, type BrandKey, type Locale } from "#core/branding/brands.ts";
import { CAMPUS_COOKIE, CAMPUS_COOKIE_MAX_AGE, campusToggle, hostnameOf, parseBrandHosts, resolveBrand } from "#core/branding/resolve-brand.ts";
import { isLocale, LOCALE_COOKIE, localeForPath, pathLangOf } from "#core/locales.ts";
import { createLocaleDetector } from "~/i18n/detect-locale.server";
import { langOfPath, ownLanguagePath } from "#core/page-links.ts";
import { BackClient } from "./back.server";
import { plainCookie, readCookie } from "./cookies.server";
import { requestStateContext, serverConfigContext } from "./context";

type Hosts = ReturnType<typeof parseBrandHosts>;
let cachedHosts: { source: string; map: Hosts; detector: ReturnType<typeof createLocaleDetector> } | null = null;
/** BRAND_HOSTS parsed, and the locale detector that knows the hosts' locales (both kept while the setting stays the same). */
function brandHosts(source: string) {
  if (cachedHosts?.source !== source) {
    const map = parseBrandHosts(source);
    cachedHosts = { source, map, detector: createLocaleDetector((request) => hostLocaleOf(request, map)) };
  }
  return cachedHosts;
}

/** The brand's default locale on a known host; none on an unknown one. */
function hostLocaleOf(request: Request, hosts: Hosts) {
  const { brand, knownHost } = resolveBrand(request.headers.get("host"), hosts, readCookie(request, CAMPUS_COOKIE));
  return knownHost ? BRANDS[brand.key].defaultLocale : undefined;
}

/**
 * Root server middleware: brand from the host, campus toggle, locale, and a back client
 * whose Set-Cookie headers are handed on to the browser response.
 */
export const requestStateMiddleware: MiddlewareFunction<Response> = async ({ request, url: pageUrl, context }, next) => {
  const config = context.get(serverConfigContext);
  const url = new URL(request.url);
  const { map: hosts, detector } = brandHosts(config.brandHosts);
  const hostBrandKey = hosts.get(hostnameOf(request.headers.get("host")));

  const toggle = campusToggle(url, hostBrandKey);
  if (toggle) {
    const off = ["0", "false", "off"].includes(
      (url.searchParams.get("provider") ?? url.searchParams.get("groupement") ?? url.searchParams.get("farline") ?? "").toLowerCase(),
    );
    throw redirect(toggle.redirectTo, {
      headers: {
        "Set-Cookie": plainCookie(CAMPUS_COOKIE, off ? "0" : "1", { maxAge: CAMPUS_COOKIE_MAX_AGE, secure: config.secureCookies }),
        "Cache-Control": "no-store",
      },
    });
  }

  const { brand, knownHost } = resolveBrand(request.headers.get("host"), hosts, readCookie(request, CAMPUS_COOKIE));
  const preferred = await detector.getLocale(request);
  languageRedirect(request, pageUrl, brand.key, isLocale(preferred) ? preferred : undefined, knownHost);
  const locale = localeForPath(
    langOfPath(url.pathname, brand.key),
    isLocale(preferred) ? preferred : "en-US",
    knownHost ? BRANDS[brand.key].defaultLocale : undefined,
  );
  const requestId = request.headers.get("x-request-id") ?? randomUUID();
  const back = new BackClient({
    transport: config.backUrl ? { kind: "http", baseUrl: config.backUrl } : { kind: "in-process", fetch: config.backFetch },
    cookieHeader: request.headers.get("cookie"),
    locale,
    host: request.headers.get("host") ?? "localhost",
    clientIp: config.clientIp,
    requestId,
  });
  const setCookies: string[] = [];
  context.set(requestStateContext, { brand, hostBrandKey, locale, back, requestId, setCookies });

  const response = await next();
  for (const cookie of [...back.setCookieHeaders, ...setCookies]) response.headers.append("Set-Cookie", cookie);
  return response;
};

/**
 * A path of the other language goes to the same page in the visitor's (ADR 0110): the language of the switcher's
 * `lng` cookie, else the brand's on its host (es.localhost/gestion/ma-pharmacie -> /administracion/mi-farmacia). A 302:
 * the answer depends on the visitor's cookie. Page reads only (a form's POST is answered where it was sent); on an
 * unknown host without a chosen language the path keeps deciding.
 */
function languageRedirect(request: Request, url: URL, brand: BrandKey, preferred: Locale | undefined, knownHost: boolean): void {
  if (request.method !== "GET" && request.method !== "HEAD") return;
  if (!preferred || (!knownHost && !isLocale(readCookie(request, LOCALE_COOKIE)))) return;
  const own = ownLanguagePath(url.pathname, pathLangOf(preferred), brand);
  if (own) throw redirect(own + url.search, { status: 302, headers: { "Cache-Control": "no-store", Vary: "Cookie" } });
}
