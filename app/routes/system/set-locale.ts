import { redirect } from "react-router";
import type { Route } from "./+types/set-locale";
import { isLocale, LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE, pathLangOf } from "#core/locales.ts";
import { matchPage, pagePath } from "#core/pages.ts";
import { plainCookie } from "~/lib/cookies.server";
import { serverConfigContext } from "~/lib/context";
import { requireValidCsrf, webCsrf } from "~/lib/csrf.server";
import { formBody } from "~/lib/form-body.server";
import { serverT } from "~/lib/guards.server";
import { safeRedirectPath } from "#core/domain/safe-redirect.ts";

/** Remembers the chosen locale (365 days) and reopens the same page in that language. */
export async function action({ request, context }: Route.ActionArgs) {
  const config = context.get(serverConfigContext);
  const formData = await formBody(request, serverT(context, "common")("errors.badForm"));
  await requireValidCsrf(webCsrf(config.appSecret, config.secureCookies), formData, request.headers, "CSRF");
  const locale = formData.get("locale");
  const target = safeRedirectPath(String(formData.get("redirectTo") ?? "/"), "/");
  if (!isLocale(locale)) return redirect(target);
  return redirect(translatePath(target, pathLangOf(locale)), {
    headers: { "Set-Cookie": plainCookie(LOCALE_COOKIE, locale, { maxAge: LOCALE_COOKIE_MAX_AGE, secure: config.secureCookies }) },
  });
}

/** The same page in the other language, keeping params and query; home when it has no such page. */
export function translatePath(target: string, lang: "fr" | "es"): string {
  const url = new URL(target, "http://local");
  const match = matchPage(url.pathname);
  if (!match) return target;
  const path = pagePath(match.page.id, lang, match.params) ?? "/";
  return path + url.search;
}

export function loader() {
  return redirect("/");
}
