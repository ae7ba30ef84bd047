import { useTranslation } from "~/i18n/react";
import { Form, Link, data, useActionData } from "react-router";
import { ForgotPasswordSchema } from "#core/contract/auth.ts";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { Route } from "./+types/forgot-password";
import { backErrorReply, invalidReply, readSubmission, successReply } from "~/lib/forms.server";
import { formView, useSchemaForm } from "~/lib/forms";
import type { FormReply } from "~/lib/form-reply";
import { SubmitButton, TextField, useFocusFirstError } from "~/components/ui/form-fields";
import { FormMessage } from "~/components/ui/form-message";
import { usePagePath } from "~/i18n/use-page-path";
import { BackError } from "~/lib/back.server";
import { requestStateContext } from "~/lib/context";
import { serverT } from "~/lib/translate.server";
import { pageMeta } from "~/lib/meta";
import { authEndpoints } from "#core/contract/endpoints/auth.ts";

export async function loader({ context }: Route.LoaderArgs) {
  return { title: serverT(context, "auth")("forgot.title") };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => pageMeta(matches, { title: loaderData?.title, noindex: true });

/** Same answer whether or not the address has an account (the API never tells). */
export async function action({ request, context }: Route.ActionArgs) {
  const { submission } = await readSubmission(request, context, ForgotPasswordSchema);
  if (submission.status !== "success") return invalidReply(submission);
  const { back } = context.get(requestStateContext);
  const { email } = submission.value;
  try {
    await back.call(authEndpoints.sendPasswordReset, { params: { email } });
  } catch (error) {
    if (error instanceof BackError && error.status === 422) {
      // The address is the only input: its errors come under "_" (a bare value).
      const errors = error.fieldErrors;
      return data<FormReply>(submission.reply({ fieldErrors: { email: errors._ ?? errors.email ?? [error.message] } }), { status: 422 });
    }
    return backErrorReply(submission, error);
  }
  return successReply(submission, { extra: { sent: serverT(context, "auth")("forgot.sent") } });
}

export default function ForgotPassword() {
  const { t } = useTranslation("auth");
  const path = usePagePath();
  const result = useActionData<FormReply>();
  const [form] = useSchemaForm(() => import("#core/contract/auth.ts").then((m) => m.ForgotPasswordSchema), result);
  const { message, errors, value } = formView(form);
  const formRef = useFocusFirstError(result);
  const sent = typeof result?.extra?.sent === "string" ? result.extra.sent : undefined;
  return (
    <main id="main" className="mx-auto w-full max-w-md px-4 py-12">
      <h1 className="mb-4 text-3xl font-bold">{t("forgot.title")}</h1>
      <p className="mb-6">{t("forgot.intro")}</p>
      {sent ? <FormMessage tone="success" message={sent} /> : null}
      <Form method="post" id={form.id} onSubmit={form.onSubmit} ref={formRef} className="mt-4 flex flex-col gap-4" noValidate>
        <AuthenticityTokenInput name="csrf" />
        <FormMessage message={Object.keys(errors).length ? undefined : message} />
        <TextField
          name="email"
          type="email"
          label={t("fields.email")}
          autoComplete="email"
          required
          defaultValue={value("email")}
          errors={errors.email}
          autoFocus={errors.email ? true : undefined}
        />
        <SubmitButton fullWidth>{t("forgot.submit")}</SubmitButton>
      </Form>
      <p className="mt-6">
        <Link to={path("login")} className="font-semibold text-[var(--color-primary-dark)] underline">
          {t("forgot.backToLogin")}
        </Link>
      </p>
    </main>
  );
}
