import { redirect } from "react-router";
import type { Route } from "./+types/consent";
import { field, readForm } from "~/lib/action.server";
import { safeRedirectPath } from "#core/domain/safe-redirect.ts";
import { BackError } from "~/lib/back.server";
import { requestStateContext } from "~/lib/context";
import { serverT } from "~/lib/guards.server";
import { redirectWithToast } from "~/lib/toast.server";

/** Only a boolean is accepted: a checked box sends "true", the hidden field "false". */
function readConsent(formData: FormData): boolean | null {
  const values = formData.getAll("hasGivenConsent").map(String);
  if (values.length === 0) return false;
  if (!values.every((v) => v === "true" || v === "false" || v === "on")) return null;
  return values.some((v) => v === "true" || v === "on");
}

/**
 * The consent dialog posts here. Success: back to the page, whose root data no longer asks for
 * consent. Error: back to the page with a top error toast; the dialog stays.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readForm(request, context);
  const back = context.get(requestStateContext).back;
  const target = safeRedirectPath(field(formData, "redirectTo"), "/");
  const hasGivenConsent = readConsent(formData);
  if (hasGivenConsent === null) return redirect(target);
  try {
    await back.post("/user/consent", { hasGivenConsent });
  } catch (error) {
    if (!(error instanceof BackError)) throw error;
    return redirectWithToast(target, { type: "error", position: "top", message: serverT(context, "common")("errors.anErrorOccurred") });
  }
  return redirect(target);
}

export function loader() {
  return redirect("/");
}
