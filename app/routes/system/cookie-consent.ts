import { redirect } from "react-router";
import type { Route } from "./+types/cookie-consent";
import { safeRedirectPath } from "#core/domain/safe-redirect.ts";
import { CookieConsentFormSchema } from "#core/contract/site.ts";
import { CONSENT_COOKIE, CONSENT_COOKIE_MAX_AGE, consentCookieValue } from "~/lib/cookie-consent.server";
import { plainCookie } from "~/lib/cookies.server";
import { serverConfigContext } from "~/lib/context";
import { readSubmission } from "~/lib/forms.server";
import { redirectWithToast } from "~/lib/toast.server";
import { serverT } from "~/lib/translate.server";

/**
 * Stores the visitor's cookie choice for 365 days: "accept-all", "save" (the analytics and
 * marketing checkboxes) or anything else (mandatory cookies only). Then back to the page, with a
 * confirmation toast at the top (spec: consent toasts appear at the top).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const config = context.get(serverConfigContext);
  const t = serverT(context, "common");
  const { submission, formData } = await readSubmission(request, context, CookieConsentFormSchema);
  const intent = formData.get("intent");
  const boxes = submission.status === "success" ? submission.value : {};
  const choice =
    intent === "accept-all"
      ? { analytics: true, marketing: true }
      : intent === "save"
        ? { analytics: boxes.analytics === "on", marketing: boxes.marketing === "on" }
        : { analytics: false, marketing: false };
  const message = intent === "accept-all" ? t("consent.savedAll") : intent === "save" ? t("consent.saved") : t("consent.savedMandatory");
  const target = safeRedirectPath(String(formData.get("redirectTo") ?? "/"), "/");
  const consent = plainCookie(CONSENT_COOKIE, consentCookieValue(choice), { maxAge: CONSENT_COOKIE_MAX_AGE, secure: config.secureCookies });
  return redirectWithToast(target, { type: "success", message, position: "top" }, { headers: { "Set-Cookie": consent } });
}

export function loader() {
  return redirect("/");
}
