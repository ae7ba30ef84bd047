import { redirect } from "react-router";
import type { Route } from "./+types/consent";
import { ConsentFormSchema } from "#core/contract/auth.ts";
import { readSubmission } from "~/lib/forms.server";
import { safeRedirectPath } from "#core/domain/safe-redirect.ts";
import { BackError } from "~/lib/back.server";
import { requestStateContext } from "~/lib/context";
import { serverT } from "~/lib/translate.server";
import { redirectWithToast } from "~/lib/toast.server";
import { accountEndpoints } from "#core/contract/endpoints/account.ts";

/**
 * The consent dialog posts here. Success: back to the page, whose root data no longer asks for
 * consent. Error: back to the page with a top error toast; the dialog stays.
 */
export async function action({ request, context }: Route.ActionArgs) {
  // Only a boolean is accepted: a checked box sends "true", the hidden field "false".
  const { submission, formData } = await readSubmission(request, context, ConsentFormSchema);
  const back = context.get(requestStateContext).back;
  const target = safeRedirectPath(String(formData.get("redirectTo") ?? ""), "/");
  if (submission.status !== "success") return redirect(target);
  const { hasGivenConsent } = submission.value;
  try {
    await back.call(accountEndpoints.consent, { body: { hasGivenConsent } });
  } catch (error) {
    if (!(error instanceof BackError)) throw error;
    return redirectWithToast(target, { type: "error", position: "top", message: serverT(context, "common")("errors.anErrorOccurred") });
  }
  return redirect(target);
}

export function loader() {
  return redirect("/");
}
