import { redirect } from "react-router";
import type { Route } from "./+types/notifications-read";
import { safeRedirectPath } from "#core/domain/safe-redirect.ts";
import { NotificationsReadFormSchema } from "#core/contract/site.ts";
import { platformEndpoints } from "#core/contract/endpoints/platform.ts";
import { requestStateContext } from "~/lib/context";
import { readSubmission } from "~/lib/forms.server";

/** Marks notifications read; a failure is only logged (spec section 8). */
export async function action({ request, context }: Route.ActionArgs) {
  const { back } = context.get(requestStateContext);
  const { submission, formData } = await readSubmission(request, context, NotificationsReadFormSchema);
  const ids = submission.status === "success" ? submission.value.ids : [];
  try {
    await back.call(platformEndpoints.markNotificationsRead, { body: { ids } });
  } catch (error) {
    console.error("Failed to mark notifications as read", error);
  }
  return redirect(safeRedirectPath(String(formData.get("redirectTo") ?? "/"), "/"));
}

export function loader() {
  return redirect("/");
}
