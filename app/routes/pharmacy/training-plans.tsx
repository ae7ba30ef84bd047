import { Form, Link, useActionData } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { Route } from "./+types/training-plans";
import { FundingFrame } from "~/components/pharmacy-funding/frame";
import { SubmitButton, TextField, firstErrorField, useFocusFirstError } from "~/components/ui/form-fields";
import { FormMessage } from "~/components/ui/form-message";
import { useTranslation } from "~/i18n/react";
import { usePagePath } from "~/i18n/use-page-path";
import { requestStateContext } from "~/lib/context";
import { backErrorReply, invalidReply, parseSubmission, readFormData } from "~/lib/forms.server";
import { formView, useSchemaForm } from "~/lib/forms";
import type { FormReply } from "~/lib/form-reply";
import { pathOf } from "~/lib/paths.server";
import { redirectWithToast } from "~/lib/toast.server";
import { serverT } from "~/lib/translate.server";
import { CreateTrainingPlanSchema } from "#core/contract/training-plans.ts";
import { formatDate } from "#core/domain/format.ts";
import { usePharmacyArea } from "~/components/pharmacy/pharmacy-tabs";
import { pageMeta } from "~/lib/meta";
import { trainingPlansEndpoints } from "#core/contract/endpoints/training-plans.ts";

/** The pharmacy's collective plans (trainingPlans) and the creation form (createTrainingPlan). A TrainingPlanUpdate
 * on the account channel revalidates this page (app/realtime). */
export async function loader({ context }: Route.LoaderArgs) {
  const { back, locale } = context.get(requestStateContext);
  const plans = await back.call(trainingPlansEndpoints.list);
  return { title: serverT(context, "pharmacy-funding")("plans.title"), locale, plans };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => pageMeta(matches, { title: loaderData?.title, noindex: true });

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readFormData(request, context);
  const submission = parseSubmission(formData, context, CreateTrainingPlanSchema);
  if (submission.status !== "success") return invalidReply(submission);
  const { back } = context.get(requestStateContext);
  try {
    const plan = await back.call(trainingPlansEndpoints.create, { body: submission.value });
    return redirectWithToast(pathOf(context, "pharmacy-training-plan", { planId: String(plan.Id) }), {
      type: "success",
      message: serverT(context, "pharmacy-funding")("plans.created"),
    });
  } catch (error) {
    return backErrorReply(submission, error);
  }
}

export default function TrainingPlans({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("pharmacy-funding");
  const path = usePagePath();
  const { title, locale, plans } = loaderData;
  const { readOnly } = usePharmacyArea();
  const result = useActionData<FormReply>();
  const [form] = useSchemaForm(() => import("#core/contract/training-plans.ts").then((m) => m.CreateTrainingPlanSchema), result, { id: "plan-create" });
  const view = formView(form);
  const ref = useFocusFirstError(result);
  const first = firstErrorField(view.errors, ["name", "startDate", "endDate"]);
  return (
    <FundingFrame title={title}>
      <section aria-labelledby="plans-list-title" className="mb-8">
        <h2 id="plans-list-title" className="mb-3 text-xl font-bold">
          {t("plans.list")}
        </h2>
        {plans.length === 0 ? (
          <p>{t("plans.empty")}</p>
        ) : (
          <ul className="grid gap-3 md:grid-cols-2" data-testid="plans-list">
            {plans.map((p) => (
              <li key={p.Id} className="rounded-lg border border-slate-300 p-4">
                <Link to={path("pharmacy-training-plan", { planId: p.Id })} className="text-lg font-semibold text-[var(--color-primary-dark)] underline">
                  {p.name}
                </Link>
                <p className="text-sm">
                  {t("plans.dates", { start: formatDate(p.startDate, locale), end: formatDate(p.endDate, locale) })} ·{" "}
                  {t("plans.activities", { count: p.activityCount })}
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>
      {readOnly ? null : (
        <section aria-labelledby="plan-create-title" className="max-w-xl rounded-lg border border-slate-300 p-5">
          <h2 id="plan-create-title" className="mb-4 text-xl font-bold">
            {t("plans.create")}
          </h2>
          <Form method="post" id={form.id} onSubmit={form.onSubmit} ref={ref} noValidate className="flex flex-col gap-4">
            <AuthenticityTokenInput name="csrf" />
            <FormMessage message={view.message} />
            <TextField
              name="name"
              label={t("plans.name")}
              required
              defaultValue={view.value("name") ?? ""}
              errors={view.errors.name}
              autoFocus={first === "name" || undefined}
            />
            <TextField
              name="startDate"
              type="date"
              label={t("plans.startDate")}
              required
              defaultValue={view.value("startDate") ?? ""}
              errors={view.errors.startDate}
              autoFocus={first === "startDate" || undefined}
            />
            <TextField
              name="endDate"
              type="date"
              label={t("plans.endDate")}
              required
              defaultValue={view.value("endDate") ?? ""}
              errors={view.errors.endDate}
              autoFocus={first === "endDate" || undefined}
            />
            <SubmitButton intent="create">{t("plans.submit")}</SubmitButton>
          </Form>
        </section>
      )}
    </FundingFrame>
  );
}
