import { redirect } from "react-router";
import type { Route } from "./+types/cookie-consent";
import { safeRedirectPath } from "#core/domain/safe-redirect.ts";
import { createI18n } from "~/i18n/instance";
import { pickResources } from "~/i18n/resources.server";
import { CONSENT_COOKIE, CONSENT_COOKIE_MAX_AGE, consentCookieValue } from "~/lib/cookie-consent.server";
import { plainCookie } from "~/lib/cookies.server";
import { requestStateContext, serverConfigContext } from "~/lib/context";
import { requireValidCsrf, webCsrf } from "~/lib/csrf.server";
import { formBody } from "~/lib/form-body.server";
import { toastCookie } from "~/lib/toast.server";

/**
 * Stores the visitor's cookie choice for 365 days: "accept-all", "save" (the analytics and
 * marketing checkboxes) or anything else (mandatory cookies only). Then back to the page, with a
 * confirmation toast at the top (spec: consent toasts appear at the top).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const config = context.get(serverConfigContext);
  const { locale } = context.get(requestStateContext);
  const i18n = createI18n(locale, pickResources(locale, ["common"]));
  const formData = await formBody(request, i18n.t("errors.badForm"));
  await requireValidCsrf(webCsrf(config.appSecret, config.secureCookies), formData, request.headers, i18n.t("errors.csrf"));
  const intent = formData.get("intent");
  const choice =
    intent === "accept-all"
      ? { analytics: true, marketing: true }
      : intent === "save"
        ? { analytics: formData.get("analytics") === "on", marketing: formData.get("marketing") === "on" }
        : { analytics: false, marketing: false };
  const message =
    intent === "accept-all" ? i18n.t("consent.savedAll") : intent === "save" ? i18n.t("consent.saved") : i18n.t("consent.savedMandatory");
  const target = safeRedirectPath(String(formData.get("redirectTo") ?? "/"), "/");
  const headers = new Headers();
  headers.append(
    "Set-Cookie",
    plainCookie(CONSENT_COOKIE, consentCookieValue(choice), { maxAge: CONSENT_COOKIE_MAX_AGE, secure: config.secureCookies }),
  );
  headers.append("Set-Cookie", toastCookie({ type: "success", message, position: "top" }));
  return redirect(target, { headers });
}

export function loader() {
  return redirect("/");
}
