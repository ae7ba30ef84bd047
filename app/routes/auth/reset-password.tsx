import { useTranslation } from "~/i18n/react";
import { Form, useActionData, useParams } from "react-router";
import { PasswordResetSchema } from "#core/contract/auth.ts";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { Route } from "./+types/reset-password";
import { backErrorReply, invalidReply, readSubmission } from "~/lib/forms.server";
import { formView, useSchemaForm } from "~/lib/forms";
import type { FormReply } from "~/lib/form-reply";
import { ButtonLink } from "~/components/ui/button";
import { NewPasswordFields, SubmitButton, firstErrorField, useFocusFirstError } from "~/components/ui/form-fields";
import { FormMessage } from "~/components/ui/form-message";
import { requestStateContext } from "~/lib/context";
import { loginPath, pathOf } from "~/lib/paths.server";
import { serverT } from "~/lib/translate.server";
import { redirectWithToast } from "~/lib/toast.server";
import { pageMeta } from "~/lib/meta";
import { authEndpoints } from "#core/contract/endpoints/auth.ts";

/** The link is checked on load (without spending it): a used, replaced or expired one gets no form. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { back } = context.get(requestStateContext);
  const { valid } = await back.call(authEndpoints.checkResetToken, { params: { token: params.token } });
  return { title: serverT(context, "auth")("reset.title"), valid, forgotHref: pathOf(context, "forgot-password") };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => pageMeta(matches, { title: loaderData?.title, noindex: true });

export async function action({ request, params, context }: Route.ActionArgs) {
  const hidden = { hideFields: ["password", "passwordConfirmation"] };
  const { submission } = await readSubmission(request, context, PasswordResetSchema);
  if (submission.status !== "success") return invalidReply(submission, hidden);
  const { back } = context.get(requestStateContext);
  try {
    // The token is the page's own (the hidden field only lets the browser check the same schema).
    await back.call(authEndpoints.resetPassword, { body: { ...submission.value, token: params.token } });
  } catch (error) {
    return backErrorReply(submission, error, hidden);
  }
  return redirectWithToast(loginPath(context), { type: "success", message: serverT(context, "auth")("reset.done") });
}

export default function ResetPassword({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("auth");
  const { valid, forgotHref } = loaderData;
  return (
    <main id="main" className="mx-auto w-full max-w-md px-4 py-12">
      <h1 className="mb-4 text-3xl font-bold">{t("reset.title")}</h1>
      {valid ? null : (
        <section aria-labelledby="reset-invalid-title" className="flex flex-col gap-4" data-testid="reset-invalid">
          <h2 id="reset-invalid-title" className="text-xl font-bold">
            {t("reset.invalidTitle")}
          </h2>
          <p>{t("reset.invalidText")}</p>
          <ButtonLink to={forgotHref} fullWidth>
            {t("reset.requestNew")}
          </ButtonLink>
        </section>
      )}
      {valid ? <ResetForm /> : null}
    </main>
  );
}

function ResetForm() {
  const { t } = useTranslation("auth");
  const { token } = useParams();
  const result = useActionData<FormReply>();
  const [form] = useSchemaForm(() => import("#core/contract/auth.ts").then((m) => m.PasswordResetSchema), result);
  const { message, errors } = formView(form);
  const formRef = useFocusFirstError(result);
  const first = firstErrorField(errors, ["password", "passwordConfirmation"]);
  // Errors on the token itself (used meanwhile, in another tab) have no field: shown as the form's message.
  const formMessage = [message, ...(errors.token ?? [])].filter(Boolean).join(" ") || undefined;
  return (
    <>
      <p id="password-policy" className="mb-6">
        {t("passwordPolicy")}
      </p>
      <Form method="post" id={form.id} onSubmit={form.onSubmit} ref={formRef} className="flex flex-col gap-4" noValidate>
        <AuthenticityTokenInput name="csrf" />
        <input type="hidden" name="token" value={token} />
        <FormMessage message={formMessage} />
        <NewPasswordFields
          passwordLabel={t("fields.newPassword")}
          confirmationLabel={t("fields.passwordConfirmation")}
          policyId="password-policy"
          errors={errors}
          first={first}
        />
        <SubmitButton fullWidth>{t("reset.submit")}</SubmitButton>
      </Form>
    </>
  );
}
