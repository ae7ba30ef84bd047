import { randomUUID } from "node:crypto";
import type { MiddlewareFunction } from "react-router";
import { redirect } from "react-router";
import { BRANDS } from "#core/branding/brands.ts";
import { CAMPUS_COOKIE, CAMPUS_COOKIE_MAX_AGE, campusToggle, hostnameOf, parseBrandHosts, resolveBrand } from "#core/branding/resolve-brand.ts";
import { LOCALE_COOKIE } from "#core/locales.ts";
import { detectLocale } from "~/i18n/detect-locale";
import { langOfPath } from "#core/pages.ts";
import { BackClient } from "./back.server";
import { plainCookie, readCookie } from "./cookies.server";
import { requestStateContext, serverConfigContext } from "./context";

let cachedHosts: { source: string; map: ReturnType<typeof parseBrandHosts> } | null = null;
function brandHosts(source: string) {
  if (cachedHosts?.source !== source) cachedHosts = { source, map: parseBrandHosts(source) };
  return cachedHosts.map;
}

/**
 * Root server middleware: brand from the host, campus toggle, locale, and a back client
 * whose Set-Cookie headers are handed on to the browser response.
 */
export const requestStateMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const config = context.get(serverConfigContext);
  const url = new URL(request.url);
  const hosts = brandHosts(config.brandHosts);
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
  const locale = detectLocale({
    pathLang: langOfPath(url.pathname, brand.key),
    cookie: readCookie(request, LOCALE_COOKIE),
    hostLocale: knownHost ? BRANDS[brand.key].defaultLocale : undefined,
    acceptLanguage: request.headers.get("accept-language"),
  });
  const requestId = request.headers.get("x-request-id") ?? randomUUID();
  const back = new BackClient({
    transport: config.backUrl ? { kind: "http", baseUrl: config.backUrl } : { kind: "in-process", fetch: config.backFetch },
    cookieHeader: request.headers.get("cookie"),
    locale,
    host: request.headers.get("host") ?? "localhost",
    clientIp: config.clientIp,
    requestId,
  });
  context.set(requestStateContext, { brand, hostBrandKey, locale, back, requestId });

  const response = await next();
  for (const cookie of back.setCookieHeaders) response.headers.append("Set-Cookie", cookie);
  return response;
};
