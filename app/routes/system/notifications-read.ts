import { redirect } from "react-router";
import type { Route } from "./+types/notifications-read";
import { safeRedirectPath } from "#core/domain/safe-redirect.ts";
import { requestStateContext, serverConfigContext } from "~/lib/context";
import { requireValidCsrf, webCsrf } from "~/lib/csrf.server";
import { formBody } from "~/lib/form-body.server";
import { serverT } from "~/lib/guards.server";

/** Marks notifications read; a failure is only logged (spec section 8). */
export async function action({ request, context }: Route.ActionArgs) {
  const config = context.get(serverConfigContext);
  const { back } = context.get(requestStateContext);
  const formData = await formBody(request, serverT(context, "common")("errors.badForm"));
  await requireValidCsrf(webCsrf(config.appSecret, config.secureCookies), formData, request.headers, "CSRF");
  const ids = formData.getAll("ids").map(Number).filter((id) => Number.isInteger(id) && id > 0);
  try {
    await back.post("/user/notification/read", { ids });
  } catch (error) {
    console.error("Failed to mark notifications as read", error);
  }
  return redirect(safeRedirectPath(String(formData.get("redirectTo") ?? "/"), "/"));
}

export function loader() {
  return redirect("/");
}
