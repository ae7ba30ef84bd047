import { useTranslation } from "~/i18n/react";
import { Form, useActionData, useLoaderData } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { Route } from "./+types/reset-password";
import { backErrorResult, field, readForm, type FormResult } from "~/lib/action.server";
import { ButtonLink } from "~/components/ui/button";
import { FormMessage, NewPasswordFields, SubmitButton, firstErrorField, useFocusFirstError } from "~/components/ui/form-fields";
import { accountMeta } from "~/components/account/meta";
import { requestStateContext } from "~/lib/context";
import { loginPath, pathOf, serverT } from "~/lib/guards.server";
import { redirectWithToast } from "~/lib/toast.server";
import { ResetTokenCheckSchema } from "#core/contract/auth.ts";

/** The link is checked on load (without spending it): a used, replaced or expired one gets no form. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { back } = context.get(requestStateContext);
  const { valid } = await back.get(`/passwordReset/check/${encodeURIComponent(params.token)}`, ResetTokenCheckSchema);
  return { title: serverT(context, "auth")("reset.title"), valid, forgotHref: pathOf(context, "forgot-password") };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => accountMeta(matches, loaderData);

export async function action({ request, params, context }: Route.ActionArgs) {
  const formData = await readForm(request, context);
  const { back } = context.get(requestStateContext);
  try {
    const message = await back
      .post("/passwordReset", {
        token: params.token,
        password: field(formData, "password"),
        passwordConfirmation: field(formData, "passwordConfirmation"),
      })
      .then(() => serverT(context, "auth")("reset.done"));
    return redirectWithToast(loginPath(context), { type: "success", message });
  } catch (error) {
    return backErrorResult(error);
  }
}

export default function ResetPassword() {
  const { t } = useTranslation("auth");
  const { valid, forgotHref } = useLoaderData<typeof loader>();
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
  const result = useActionData<FormResult>();
  const formRef = useFocusFirstError(result);
  const errors = result?.fieldErrors ?? {};
  const first = firstErrorField(errors, ["password", "passwordConfirmation"]);
  // Errors on the token itself (used meanwhile, in another tab) have no field: shown as the form's message.
  const formMessage = result && !result.ok ? [result.message, ...(errors.token ?? [])].filter(Boolean).join(" ") : undefined;
  return (
    <>
      <p id="password-policy" className="mb-6">
        {t("passwordPolicy")}
      </p>
      <Form method="post" ref={formRef} className="flex flex-col gap-4" noValidate>
        <AuthenticityTokenInput name="csrf" />
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
