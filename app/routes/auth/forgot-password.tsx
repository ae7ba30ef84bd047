import { useTranslation } from "~/i18n/react";
import { Form, Link, data, useActionData } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { Route } from "./+types/forgot-password";
import { backErrorResult, field, readForm, type FormResult } from "~/lib/action.server";
import { FormMessage, SubmitButton, TextField, useFocusFirstError } from "~/components/ui/form-fields";
import { accountMeta } from "~/components/account/meta";
import { usePagePath } from "~/i18n/use-page-path";
import { BackError } from "~/lib/back.server";
import { requestStateContext } from "~/lib/context";
import { requireGuest, serverT } from "~/lib/guards.server";

export async function loader({ url, context }: Route.LoaderArgs) {
  await requireGuest({ url, context });
  return { title: serverT(context, "auth")("forgot.title") };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => accountMeta(matches, loaderData);

/** Same answer whether or not the address has an account (the API never tells). */
export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readForm(request, context);
  const { back } = context.get(requestStateContext);
  const email = field(formData, "email").trim();
  const t = serverT(context, "auth");
  if (!email) return data<FormResult>({ ok: false, fieldErrors: { email: [t("errors.required")] }, values: { email } }, { status: 422 });
  try {
    await back.getWithCsrf(`/passwordReset/sendMail/${encodeURIComponent(email)}`);
  } catch (error) {
    if (error instanceof BackError && error.status === 422) {
      // The address is the only input: its errors come under "_" (a bare value).
      const errors = error.fieldErrors;
      return data<FormResult>({ ok: false, fieldErrors: { email: errors._ ?? errors.email ?? [error.message] }, values: { email } }, { status: 422 });
    }
    return backErrorResult(error, { values: { email } });
  }
  return { ok: true, message: t("forgot.sent") } satisfies FormResult;
}

export default function ForgotPassword() {
  const { t } = useTranslation("auth");
  const path = usePagePath();
  const result = useActionData<FormResult>();
  const formRef = useFocusFirstError(result);
  const errors = result?.fieldErrors ?? {};
  return (
    <main id="main" className="mx-auto w-full max-w-md px-4 py-12">
      <h1 className="mb-4 text-3xl font-bold">{t("forgot.title")}</h1>
      <p className="mb-6">{t("forgot.intro")}</p>
      {result?.ok ? <FormMessage tone="success" message={result.message} /> : null}
      <Form method="post" ref={formRef} className="mt-4 flex flex-col gap-4" noValidate>
        <AuthenticityTokenInput name="csrf" />
        <FormMessage message={result && !result.ok && !result.fieldErrors ? result.message : undefined} />
        <TextField
          name="email"
          type="email"
          label={t("fields.email")}
          autoComplete="email"
          required
          defaultValue={result?.values?.email}
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
