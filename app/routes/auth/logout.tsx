import { useTranslation } from "~/i18n/react";
import { Form, redirect } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { Route } from "./+types/logout";
import { readFormData } from "~/lib/forms.server";
import { SubmitButton } from "~/components/ui/form-fields";
import { requestStateContext } from "~/lib/context";
import { getUser } from "~/lib/current-user.server";
import { loginPath } from "~/lib/paths.server";
import { serverT } from "~/lib/translate.server";
import { pageMeta } from "~/lib/meta";
import { authEndpoints } from "#core/contract/endpoints/auth.ts";

/** GET shows a confirmation (a guest goes home); the logout itself is a POST. */
export async function loader({ context }: Route.LoaderArgs) {
  const user = await getUser(context);
  if (!user.loggedIn) throw redirect("/");
  return { title: serverT(context, "auth")("logout.title") };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => pageMeta(matches, { title: loaderData?.title, noindex: true });

/** Logs out; a server failure is only logged. Then login (authenticatedOnly brands) or home. */
export async function action({ request, context }: Route.ActionArgs) {
  await readFormData(request, context);
  const { back, brand, requestId } = context.get(requestStateContext);
  try {
    await back.call(authEndpoints.logout);
  } catch (error) {
    console.error(JSON.stringify({ level: "error", requestId, msg: "logout failed", err: String(error) }));
  }
  return redirect(brand.authenticatedOnly ? loginPath(context) : "/");
}

export default function Logout() {
  const { t } = useTranslation("auth");
  return (
    <main id="main" className="mx-auto w-full max-w-md px-4 py-12">
      <h1 className="mb-6 text-3xl font-bold">{t("logout.title")}</h1>
      <p className="mb-6">{t("logout.confirm")}</p>
      <Form method="post">
        <AuthenticityTokenInput name="csrf" />
        <SubmitButton>{t("common:nav.logout")}</SubmitButton>
      </Form>
    </main>
  );
}
