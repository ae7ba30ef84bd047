import { Form, Link, useActionData } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { Route } from "./+types/confirm-email";
import { ConfirmEmailSchema } from "#core/contract/signup.ts";
import { SubmitButton } from "~/components/ui/form-fields";
import { FormMessage } from "~/components/ui/form-message";
import { useTranslation } from "~/i18n/react";
import { usePagePath } from "~/i18n/use-page-path";
import { requestStateContext } from "~/lib/context";
import { replyMessage, type FormReply } from "~/lib/form-reply";
import { backErrorReply, invalidReply, readSubmission } from "~/lib/forms.server";
import { pathOf } from "~/lib/paths.server";
import { redirectWithToast } from "~/lib/toast.server";
import { serverT } from "~/lib/translate.server";
import { pageMeta } from "~/lib/meta";
import { signUpEndpoints } from "#core/contract/endpoints/signup.ts";

/**
 * /inscription/confirmer/:token | /registro/confirmar/:token: the link of the sign-up mail (ADR 0109). Opening it
 * changes nothing (mail scanners open links too): the button posts the token, which confirms the address, opens the
 * session and leads to the cart, where the visitor's cart waits.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  return { title: serverT(context, "auth")("confirmEmail.title"), token: params.token };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => pageMeta(matches, { title: loaderData?.title, noindex: true });

export async function action({ request, context }: Route.ActionArgs) {
  const { submission } = await readSubmission(request, context, ConfirmEmailSchema);
  if (submission.status !== "success") return invalidReply(submission);
  const { back } = context.get(requestStateContext);
  try {
    await back.call(signUpEndpoints.confirm, { body: submission.value });
  } catch (error) {
    return backErrorReply(submission, error);
  }
  return redirectWithToast(pathOf(context, "cart"), { type: "success", message: serverT(context, "auth")("confirmEmail.done") });
}

export default function ConfirmEmail({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("auth");
  const path = usePagePath();
  const { token } = loaderData;
  const result = useActionData<FormReply>();
  const error = replyMessage(result) ?? (result?.error ? Object.values(result.error).flat().find(Boolean) : undefined);
  return (
    <main id="main" className="mx-auto w-full max-w-md px-4 py-12">
      <h1 className="mb-4 text-3xl font-bold">{t("confirmEmail.title")}</h1>
      {error ? (
        <div className="flex flex-col gap-4" data-testid="confirm-email-invalid">
          <FormMessage message={error} />
          <p>
            <Link to={path("login")} className="font-semibold text-[var(--color-primary-dark)] underline">
              {t("confirmEmail.login")}
            </Link>
          </p>
        </div>
      ) : (
        <Form method="post" className="flex flex-col gap-4" data-testid="confirm-email-form">
          <AuthenticityTokenInput name="csrf" />
          <input type="hidden" name="token" value={token} />
          <p>{t("confirmEmail.intro")}</p>
          <SubmitButton fullWidth>{t("confirmEmail.submit")}</SubmitButton>
        </Form>
      )}
    </main>
  );
}
