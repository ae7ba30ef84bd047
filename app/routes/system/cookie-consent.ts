import { redirect } from "react-router";
import type { Route } from "./+types/cookie-consent";
import { safeRedirectPath } from "~/domain/safe-redirect";
import { CONSENT_COOKIE, CONSENT_COOKIE_MAX_AGE, consentCookieValue } from "~/lib/cookie-consent.server";
import { plainCookie } from "~/lib/cookies.server";
import { serverConfigContext } from "~/lib/context";
import { requireValidCsrf, webCsrf } from "~/lib/csrf.server";

/** Stores the visitor's cookie choice (accept all, mandatory only, or per category). */
export async function action({ request, context }: Route.ActionArgs) {
  const config = context.get(serverConfigContext);
  const formData = await request.formData();
  await requireValidCsrf(webCsrf(config.appSecret, config.secureCookies), formData, request.headers, "CSRF");
  const intent = formData.get("intent");
  const choice =
    intent === "accept-all"
      ? { analytics: true, marketing: true }
      : intent === "save"
        ? { analytics: formData.get("analytics") === "on", marketing: formData.get("marketing") === "on" }
        : { analytics: false, marketing: false };
  const target = safeRedirectPath(String(formData.get("redirectTo") ?? "/"), "/");
  return redirect(target, {
    headers: {
      "Set-Cookie": plainCookie(CONSENT_COOKIE, consentCookieValue(choice), {
        maxAge: CONSENT_COOKIE_MAX_AGE,
        secure: config.secureCookies,
      }),
    },
  });
}

export function loader() {
  return redirect("/");
}
