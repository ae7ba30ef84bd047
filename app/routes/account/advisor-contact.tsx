import { useTranslation } from "~/i18n/react";
import { Form, useActionData } from "react-router";
import { AdvisorMessageSchema } from "#core/contract/profile.ts";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { Route } from "./+types/advisor-contact";
import { backErrorReply, invalidReply, readSubmission } from "~/lib/forms.server";
import { formView, useSchemaForm } from "~/lib/forms";
import type { FormReply } from "~/lib/form-reply";
import { SubmitButton, TextAreaField, useFocusFirstError } from "~/components/ui/form-fields";
import { FormMessage } from "~/components/ui/form-message";
import { ProfileLayout } from "~/components/account/profile-layout";
import { requestStateContext } from "~/lib/context";
import { pathOf } from "~/lib/paths.server";
import { getLoggedInUser } from "~/lib/current-user.server";
import { serverT } from "~/lib/translate.server";
import { redirectWithToast } from "~/lib/toast.server";
import { pageMeta } from "~/lib/meta";
import { profileEndpoints } from "#core/contract/endpoints/profile.ts";

/** Open without an establishment: a user with no pharmacy yet writes to the advisor to get one. */
export async function loader({ context }: Route.LoaderArgs) {
  const user = await getLoggedInUser(context);
  const t = serverT(context, "account");
  return { title: t("contact.title"), advisor: user.advisor, defaultMessage: t("contact.defaultMessage") };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => pageMeta(matches, { title: loaderData?.title, noindex: true });

export async function action({ request, context }: Route.ActionArgs) {
  const { submission } = await readSubmission(request, context, AdvisorMessageSchema);
  if (submission.status !== "success") return invalidReply(submission);
  const { back } = context.get(requestStateContext);
  try {
    await back.call(profileEndpoints.sendAdvisorMessage, { body: { message: submission.value.message ?? "" } });
  } catch (error) {
    return backErrorReply(submission, error);
  }
  return redirectWithToast(pathOf(context, "profile"), { type: "success", message: serverT(context, "account")("contact.sent") });
}

export default function AdvisorContact({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("account");
  const { advisor, defaultMessage } = loaderData;
  const result = useActionData<FormReply>();
  const [form] = useSchemaForm(() => import("#core/contract/profile.ts").then((m) => m.AdvisorMessageSchema), result);
  const { message, errors, value } = formView(form);
  const formRef = useFocusFirstError(result);
  return (
    <ProfileLayout title={t("contact.title")}>
      {advisor ? (
        <p className="mb-4">{t("contact.intro", { name: `${advisor.firstName} ${advisor.lastName}` })}</p>
      ) : (
        <p className="mb-4">{t("profile.noAdvisor")}</p>
      )}
      <Form method="post" id={form.id} onSubmit={form.onSubmit} ref={formRef} className="flex max-w-2xl flex-col gap-4" noValidate>
        <AuthenticityTokenInput name="csrf" />
        <FormMessage message={message} />
        <TextAreaField
          name="message"
          label={t("contact.message")}
          rows={6}
          maxLength={5000}
          defaultValue={value("message") ?? defaultMessage}
          errors={errors.message}
          autoFocus={errors.message ? true : undefined}
        />
        <SubmitButton>{t("contact.submit")}</SubmitButton>
      </Form>
    </ProfileLayout>
  );
}
