import { useEffect, useRef } from "react";
import { useTranslation } from "~/i18n/react";
import { Form, redirect } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { Route } from "./+types/connect-as";
import { ConnectAsFormSchema } from "#core/contract/auth.ts";
import { readSubmission } from "~/lib/forms.server";
import { SubmitButton } from "~/components/ui/form-fields";
import { BackError } from "~/lib/back.server";
import { requestStateContext } from "~/lib/context";
import { loginPath, slugPath } from "~/lib/paths.server";
import { serverT } from "~/lib/translate.server";
import { redirectWithToast } from "~/lib/toast.server";
import { pageMeta } from "~/lib/meta";
import { authEndpoints } from "#core/contract/endpoints/auth.ts";

/**
 * Arrival from another platform's host with a single-use token. The loader only renders a form
 * (a GET never consumes the token); the form submits itself with JavaScript, or with the visible
 * "Continue" button without it, and the action opens the session.
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const t = serverT(context, "auth");
  const contactId = url.searchParams.get("contactId") ?? "";
  const token = url.searchParams.get("token") ?? "";
  if (!/^\d+$/.test(contactId) || !token) {
    throw redirectWithToast(loginPath(context), { type: "error", message: t("connectAs.invalid") });
  }
  return {
    title: t("connectAs.title"),
    contactId,
    token,
    slug: url.searchParams.get("slug") ?? "",
    accountId: /^\d+$/.test(url.searchParams.get("accountId") ?? "") ? url.searchParams.get("accountId")! : "",
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => pageMeta(matches, { title: loaderData?.title, noindex: true });

export async function action({ request, context }: Route.ActionArgs) {
  const { submission, formData } = await readSubmission(request, context, ConnectAsFormSchema, { omit: ["slug"] });
  const { back } = context.get(requestStateContext);
  const t = serverT(context, "auth");
  if (submission.status !== "success") return redirectWithToast(loginPath(context), { type: "error", message: t("connectAs.invalid") });
  try {
    await back.call(authEndpoints.connectAs, { body: submission.value });
  } catch (error) {
    if (!(error instanceof BackError)) throw error;
    return redirectWithToast(loginPath(context), { type: "error", message: error.message || t("connectAs.invalid") });
  }
  const slug = formData.get("slug");
  return redirect(slugPath(context, typeof slug === "string" ? slug : null));
}

export default function ConnectAs({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("auth");
  const data = loaderData;
  const formRef = useRef<HTMLFormElement>(null);
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    formRef.current?.requestSubmit();
  }, []);
  return (
    <main id="main" className="flex flex-col items-center gap-4 text-center">
      <h1 className="text-2xl font-bold">{t("connectAs.title")}</h1>
      <p>{t("connectAs.intro")}</p>
      <Form method="post" ref={formRef} replace>
        <AuthenticityTokenInput name="csrf" />
        <input type="hidden" name="contactId" value={data.contactId} />
        <input type="hidden" name="token" value={data.token} />
        <input type="hidden" name="slug" value={data.slug} />
        {data.accountId ? <input type="hidden" name="accountId" value={data.accountId} /> : null}
        <SubmitButton>{t("connectAs.continue")}</SubmitButton>
      </Form>
    </main>
  );
}
