import { useTranslation } from "~/i18n/react";
import { Form, useActionData } from "react-router";
import { UpdatePasswordSchema } from "#core/contract/auth.ts";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { Route } from "./+types/edit-password";
import { backErrorReply, invalidReply, readSubmission } from "~/lib/forms.server";
import { formView, useSchemaForm } from "~/lib/forms";
import type { FormReply } from "~/lib/form-reply";
import { NewPasswordFields, SubmitButton, TextField, firstErrorField, useFocusFirstError } from "~/components/ui/form-fields";
import { FormMessage } from "~/components/ui/form-message";
import { ProfileLayout } from "~/components/account/profile-layout";
import { requestStateContext } from "~/lib/context";
import { pathOf } from "~/lib/paths.server";
import { serverT } from "~/lib/translate.server";
import { redirectWithToast } from "~/lib/toast.server";
import { pageMeta } from "~/lib/meta";
import { accountEndpoints } from "#core/contract/endpoints/account.ts";

/** Open without an establishment (and on authenticatedOnly brands), but only to logged-in users. */
export async function loader({ context }: Route.LoaderArgs) {
  return { title: serverT(context, "account")("password.title") };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => pageMeta(matches, { title: loaderData?.title, noindex: true });

export async function action({ request, context }: Route.ActionArgs) {
  const hidden = { hideFields: ["currentPassword", "password", "passwordConfirmation"] };
  const { submission } = await readSubmission(request, context, UpdatePasswordSchema);
  if (submission.status !== "success") return invalidReply(submission, hidden);
  const { back } = context.get(requestStateContext);
  try {
    await back.call(accountEndpoints.updatePassword, { body: submission.value });
  } catch (error) {
    return backErrorReply(submission, error, hidden);
  }
  return redirectWithToast(pathOf(context, "edit-password"), { type: "success", message: serverT(context, "account")("password.done") });
}

export default function EditPassword() {
  const { t } = useTranslation("account");
  const result = useActionData<FormReply>();
  const [form] = useSchemaForm(() => import("#core/contract/auth.ts").then((m) => m.UpdatePasswordSchema), result);
  const { message, errors } = formView(form);
  const formRef = useFocusFirstError(result);
  const first = firstErrorField(errors, ["currentPassword", "password", "passwordConfirmation"]);
  return (
    <ProfileLayout title={t("password.title")}>
      <Form method="post" id={form.id} onSubmit={form.onSubmit} ref={formRef} className="flex max-w-md flex-col gap-4" noValidate>
        <AuthenticityTokenInput name="csrf" />
        <FormMessage message={message} />
        <TextField
          name="currentPassword"
          type="password"
          label={t("fields.currentPassword")}
          autoComplete="current-password"
          required
          errors={errors.currentPassword}
          autoFocus={first === "currentPassword" || undefined}
        />
        <p id="edit-password-policy" className="text-sm text-slate-700">
          {t("password.policy")}
        </p>
        <NewPasswordFields
          passwordLabel={t("fields.newPassword")}
          confirmationLabel={t("fields.passwordConfirmation")}
          policyId="edit-password-policy"
          errors={errors}
          first={first}
        />
        <SubmitButton>{t("password.submit")}</SubmitButton>
      </Form>
    </ProfileLayout>
  );
}
