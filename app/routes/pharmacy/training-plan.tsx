import { FormPanel } from "~/components/ui/form-panel";
import { Link, useActionData } from "react-router";
import type { Route } from "./+types/training-plan";
import { CollectivePlanGrid, CollectivePlanList } from "~/components/pharmacy-funding/collective-plan-grid";
import { FundingFrame } from "~/components/pharmacy-funding/frame";
import { CheckboxGroupField, SelectField, SubmitButton, TextField, firstErrorField, useFocusFirstError } from "~/components/ui/form-fields";
import { useTranslation } from "~/i18n/react";
import { usePagePath } from "~/i18n/use-page-path";
import { requestStateContext } from "~/lib/context";
import { notFoundOn404 } from "~/lib/errors.server";
import { requireIdParam } from "~/lib/id-param.server";
import { backErrorReply, invalidReply, parseSubmission, readFormData } from "~/lib/forms.server";
import { formView, useSchemaForm } from "~/lib/forms";
import type { FormReply } from "~/lib/form-reply";
import { pathOf } from "~/lib/paths.server";
import { redirectWithToast } from "~/lib/toast.server";
import { serverT } from "~/lib/translate.server";
import { ActivityFormSchema } from "#core/contract/training-plans.ts";
import { usePharmacyArea } from "~/components/pharmacy/pharmacy-tabs";
import { pageMeta } from "~/lib/meta";
import { trainingPlansEndpoints } from "#core/contract/endpoints/training-plans.ts";

/** One collective plan (getPlanCollectif/{id}) as a timeline, and the activity form (createActivity). */
export async function loader({ request, params, url, context }: Route.LoaderArgs) {
  const { back, locale } = context.get(requestStateContext);
  const id = requireIdParam(params.planId, url);
  const [plan, options] = await Promise.all([
    back.call(trainingPlansEndpoints.plan, { params: { id } }).catch(notFoundOn404(new URL(request.url).pathname)),
    back.call(trainingPlansEndpoints.options),
  ]);
  return { title: plan.name, locale, plan, options };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => pageMeta(matches, { title: loaderData?.title, noindex: true });

export async function action({ request, params, url, context }: Route.ActionArgs) {
  const planId = requireIdParam(params.planId, url);
  const formData = await readFormData(request, context);
  const submission = parseSubmission(formData, context, ActivityFormSchema);
  if (submission.status !== "success") return invalidReply(submission);
  const { back } = context.get(requestStateContext);
  try {
    await back.call(trainingPlansEndpoints.createActivity, { body: { planId, ...submission.value } });
    return redirectWithToast(pathOf(context, "pharmacy-training-plan", { planId: String(planId) }), {
      type: "success",
      message: serverT(context, "pharmacy-funding")("plan.activityAdded"),
    });
  } catch (error) {
    return backErrorReply(submission, error);
  }
}

export default function TrainingPlan({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("pharmacy-funding");
  const path = usePagePath();
  const { locale, plan, options } = loaderData;
  const { readOnly } = usePharmacyArea();
  const result = useActionData<FormReply>();
  const [form] = useSchemaForm(() => import("#core/contract/training-plans.ts").then((m) => m.ActivityFormSchema), result, { id: "activity-create" });
  const view = formView(form);
  const ref = useFocusFirstError(result);
  const first = firstErrorField(view.errors, ["trainingId", "startDate", "finishDate", "userIds"]);
  const chosen = new Set(view.list("userIds"));
  return (
    <FundingFrame title={plan.name}>
      <p className="mb-4">
        <Link to={path("pharmacy-training-plans")} className="font-semibold text-[var(--color-primary-dark)] underline">
          {t("plan.back")}
        </Link>
      </p>
      {plan.activities.length === 0 ? <p className="mb-4">{t("plan.empty")}</p> : <CollectivePlanGrid plan={plan} locale={locale} />}
      {plan.activities.length > 0 ? <CollectivePlanList plan={plan} locale={locale} /> : null}
      {readOnly ? null : (
        <FormPanel id="activity-create" title={t("plan.addActivity")} form={form} formRef={ref} message={view.message} testId="activity-form" className="mt-8">
          <SelectField
            name="trainingId"
            label={t("plan.training")}
            required
            defaultValue={view.value("trainingId") ?? ""}
            errors={view.errors.trainingId}
            autoFocus={first === "trainingId" || undefined}
            options={[{ value: "", label: t("create.choose") }, ...options.trainings.map((tr) => ({ value: String(tr.id), label: tr.name }))]}
          />
          <TextField
            name="startDate"
            type="date"
            label={t("plan.startDate")}
            required
            defaultValue={view.value("startDate") ?? ""}
            errors={view.errors.startDate}
            autoFocus={first === "startDate" || undefined}
          />
          <TextField
            name="finishDate"
            type="date"
            label={t("plan.finishDate")}
            defaultValue={view.value("finishDate") ?? ""}
            errors={view.errors.finishDate}
            autoFocus={first === "finishDate" || undefined}
          />
          <CheckboxGroupField
            name="userIds"
            legend={t("plan.members")}
            options={options.members.map((m) => ({ value: m.id, label: m.name }))}
            checked={chosen}
            errors={view.errors.userIds}
          />
          <SubmitButton intent="activity">{t("plan.submit")}</SubmitButton>
        </FormPanel>
      )}
    </FundingFrame>
  );
}
