import { redirect } from "react-router";
import type { Route } from "./+types/set-locale";
import { isLocale, LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE, pathLangOf } from "#core/locales.ts";
import { matchPage, pagePath } from "#core/page-links.ts";
import { plainCookie } from "~/lib/cookies.server";
import { serverConfigContext } from "~/lib/context";
import { readSubmission } from "~/lib/forms.server";
import { SetLocaleFormSchema } from "#core/contract/site.ts";
import { safeRedirectPath } from "#core/domain/safe-redirect.ts";

/** Remembers the chosen locale (365 days) and reopens the same page in that language. */
export async function action({ request, context }: Route.ActionArgs) {
  const config = context.get(serverConfigContext);
  const { submission, formData } = await readSubmission(request, context, SetLocaleFormSchema);
  const target = safeRedirectPath(String(formData.get("redirectTo") ?? "/"), "/");
  const locale = submission.status === "success" ? submission.value.locale : undefined;
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
