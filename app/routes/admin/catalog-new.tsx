import { Form, useActionData } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { Route } from "./+types/catalog-new";
import { TrainingInputSchema } from "#core/contract/admin-catalog.ts";
import { adminCatalogEndpoints } from "#core/contract/endpoints/admin-catalog.ts";
import { AdminPage } from "~/components/admin/admin-nav";
import { TrainingFields } from "~/components/admin/training-form";
import { SubmitButton, useFocusFirstError } from "~/components/ui/form-fields";
import { FormMessage } from "~/components/ui/form-message";
import { useTranslation } from "~/i18n/react";
import { requestStateContext } from "~/lib/context";
import { formView, useSchemaForm } from "~/lib/forms";
import type { FormReply } from "~/lib/form-reply";
import { backErrorReply, invalidReply, readSubmission } from "~/lib/forms.server";
import { pageMeta } from "~/lib/meta";
import { pathOf } from "~/lib/paths.server";
import { redirectWithToast } from "~/lib/toast.server";
import { serverT } from "~/lib/translate.server";

/** /admin/catalog/new: a new training (unpublished), then its page to add courses, sessions and publish. */
export async function loader() {
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { titleKey: "admin:catalog.new" });

export async function action({ request, context }: Route.ActionArgs) {
  const { submission } = await readSubmission(request, context, TrainingInputSchema);
  if (submission.status !== "success") return invalidReply(submission);
  const { back } = context.get(requestStateContext);
  let created: { id: number };
  try {
    created = await back.call(adminCatalogEndpoints.create, { body: submission.value });
  } catch (error) {
    return backErrorReply(submission, error);
  }
  return redirectWithToast(pathOf(context, "admin-catalog-training", { trainingId: String(created.id) }), {
    type: "success",
    message: serverT(context, "admin")("catalog.created"),
  });
}

export default function NewTrainingPage() {
  const { t } = useTranslation("admin");
  const result = useActionData<FormReply>();
  const [form] = useSchemaForm(() => import("#core/contract/admin-catalog.ts").then((m) => m.TrainingInputSchema), result);
  const view = formView(form);
  const formRef = useFocusFirstError(result);
  return (
    <AdminPage title={t("catalog.new")} lead={t("catalog.newLead")} testId="admin-catalog-new">
      <Form method="post" id={form.id} onSubmit={form.onSubmit} ref={formRef} noValidate className="flex flex-col gap-4" data-testid="training-form">
        <AuthenticityTokenInput name="csrf" />
        <FormMessage message={view.message} />
        <TrainingFields view={view} />
        <div>
          <SubmitButton>{t("catalog.create")}</SubmitButton>
        </div>
      </Form>
    </AdminPage>
  );
}
