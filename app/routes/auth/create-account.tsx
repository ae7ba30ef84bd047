import { useState } from "react";
import { useTranslation } from "~/i18n/react";
import { Form, Link, redirect, useActionData, useFetcher } from "react-router";
import { CreateAccountSchema } from "#core/contract/auth.ts";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { Route } from "./+types/create-account";
import { backErrorReply, invalidReply, readSubmission } from "~/lib/forms.server";
import { formView, useSchemaForm } from "~/lib/forms";
import type { FormReply } from "~/lib/form-reply";
import { NameFields, NewPasswordFields, SelectField, SubmitButton, TextField, firstErrorField, useFocusFirstError } from "~/components/ui/form-fields";
import { FormMessage } from "~/components/ui/form-message";
import { legalPagePath } from "~/components/layout/nav-links";
import { Checkbox } from "~/components/ui/checkbox";
import { BackError } from "~/lib/back.server";
import { requestStateContext } from "~/lib/context";
import { landingPath } from "~/lib/paths.server";
import { serverT } from "~/lib/translate.server";
import { tokenResetRedirect } from "~/lib/area-guards.server";
import { redirectWithToast } from "~/lib/toast.server";
import { useRootData } from "~/lib/use-root-data";
import { authEndpoints } from "#core/contract/endpoints/auth.ts";
import { pageMeta } from "~/lib/meta";
import { accountEndpoints } from "#core/contract/endpoints/account.ts";

const PROFESSIONS = ["pharmacist", "preparer", "assistant", "student", "other"] as const;
const FIELD_ORDER = ["email", "firstName", "lastName", "profession", "password", "passwordConfirmation", "acceptTerms"];

type EmailCheck = { available: boolean; message: string } | null;

/**
 * Needs a `token` query (else home). `?checkEmail=` checks the form of an address (used on blur with
 * JavaScript); whether it is already used is only told on submit, by the invitation-bound createAccount.
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  tokenResetRedirect({ url, context });
  const token = url.searchParams.get("token");
  if (!token) throw redirect("/");
  const { back } = context.get(requestStateContext);
  const t = serverT(context, "auth");
  const checkEmail = url.searchParams.get("checkEmail");
  let emailCheck: EmailCheck = null;
  if (checkEmail) {
    emailCheck = await back
      .call(authEndpoints.validateEmail, { params: { email: checkEmail } })
      .then((answer) => ({ available: answer.valid, message: t("createAccount.emailValid") }))
      .catch((error: unknown) => {
        if (error instanceof BackError) return { available: false, message: error.fieldErrors._?.[0] ?? error.message };
        throw error;
      });
  }
  const invitation = await back
    .call(accountEndpoints.invitation, { params: { token } })
    .then((answer) => ({ ok: true as const, email: answer.email ?? "", firstName: answer.firstName ?? "", lastName: answer.lastName ?? "" }))
    .catch((error: unknown) => {
      if (error instanceof BackError) return { ok: false as const, message: error.message };
      throw error;
    });
  return { title: t("createAccount.title"), token, invitation, emailCheck };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => pageMeta(matches, { title: loaderData?.title, noindex: true });

export async function action({ request, context }: Route.ActionArgs) {
  const hidden = { hideFields: ["password", "passwordConfirmation"] };
  const { submission } = await readSubmission(request, context, CreateAccountSchema);
  if (submission.status !== "success") return invalidReply(submission, hidden);
  const { back } = context.get(requestStateContext);
  try {
    await back.call(accountEndpoints.createAccount, { body: { ...submission.value, acceptTerms: true } });
  } catch (error) {
    return backErrorReply(submission, error, hidden);
  }
  return redirectWithToast(landingPath(context), { type: "success", message: serverT(context, "auth")("createAccount.done") });
}

export default function CreateAccount({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("auth");
  const { token, invitation } = loaderData;
  const brand = useRootData()?.brand;
  const result = useActionData<FormReply>();
  const [form] = useSchemaForm(() => import("#core/contract/auth.ts").then((m) => m.CreateAccountSchema), result);
  const { message, errors, value, submitted } = formView(form);
  // Sent back with an error: what was typed (a field left empty stays empty), else the invitation's.
  const shown = (name: string, invited: string) => (submitted ? (value(name) ?? "") : invited);
  const formRef = useFocusFirstError(result);
  const check = useFetcher<typeof loader>();
  const [checkedEmail, setCheckedEmail] = useState("");
  const first = firstErrorField(errors, FIELD_ORDER);
  const emailCheck = check.data?.emailCheck ?? null;
  const emailErrors = errors.email ?? (emailCheck && !emailCheck.available && checkedEmail ? [emailCheck.message] : undefined);

  if (!invitation.ok) {
    return (
      <main id="main" className="mx-auto w-full max-w-md px-4 py-12">
        <h1 className="mb-4 text-3xl font-bold">{t("createAccount.title")}</h1>
        <FormMessage message={invitation.message || t("createAccount.invalidInvitation")} />
      </main>
    );
  }

  return (
    <main id="main" className="mx-auto w-full max-w-lg px-4 py-12">
      <h1 className="mb-4 text-3xl font-bold">{t("createAccount.title")}</h1>
      <p className="mb-6">{t("createAccount.intro")}</p>
      <Form method="post" id={form.id} onSubmit={form.onSubmit} ref={formRef} className="flex flex-col gap-4" noValidate data-testid="create-account-form">
        <AuthenticityTokenInput name="csrf" />
        <input type="hidden" name="token" value={token} />
        <FormMessage message={message} />
        <TextField
          name="email"
          type="email"
          label={t("fields.email")}
          autoComplete="email"
          required
          defaultValue={shown("email", invitation.email)}
          errors={emailErrors}
          autoFocus={first === "email" || undefined}
          onBlur={(event) => {
            const email = event.currentTarget.value.trim();
            if (!email || email === checkedEmail) return;
            setCheckedEmail(email);
            check.load(`?${new URLSearchParams({ token, checkEmail: email })}`);
          }}
        />
        {emailCheck?.available && checkedEmail && !errors.email ? (
          <p role="status" className="-mt-2 text-sm text-green-800">
            {emailCheck.message}
          </p>
        ) : null}
        <NameFields
          labels={{ firstName: t("fields.firstName"), lastName: t("fields.lastName") }}
          defaults={{ firstName: shown("firstName", invitation.firstName), lastName: shown("lastName", invitation.lastName) }}
          errors={errors}
          first={first}
        />
        <SelectField
          name="profession"
          label={t("fields.profession")}
          required
          defaultValue={value("profession") ?? "pharmacist"}
          errors={errors.profession}
          autoFocus={first === "profession" || undefined}
          options={PROFESSIONS.map((value) => ({ value, label: t(`professions.${value}`) }))}
        />
        <p id="create-password-policy" className="text-sm text-slate-700">
          {t("passwordPolicy")}
        </p>
        <NewPasswordFields
          passwordLabel={t("fields.password")}
          confirmationLabel={t("fields.passwordConfirmation")}
          policyId="create-password-policy"
          errors={errors}
          first={first}
        />
        <Checkbox
          name="acceptTerms"
          label={t("createAccount.acceptTerms")}
          assistiveText={
            brand ? (
              <Link to={legalPagePath(brand, "terms")} target="_blank" rel="noopener" className="font-semibold underline" data-testid="terms-link">
                {t("createAccount.readTerms")}
              </Link>
            ) : null
          }
          required
          defaultChecked={value("acceptTerms") !== undefined}
          errorMessage={errors.acceptTerms?.join(" ")}
          autoFocus={first === "acceptTerms" || undefined}
        />
        <SubmitButton fullWidth>{t("createAccount.submit")}</SubmitButton>
      </Form>
    </main>
  );
}
