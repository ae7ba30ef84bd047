import { Form, useActionData } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { Route } from "./+types/funding-request-create";
import { FundingFrame } from "~/components/pharmacy-funding/frame";
import { SelectField, SubmitButton, firstErrorField, useFocusFirstError } from "~/components/ui/form-fields";
import { FormMessage } from "~/components/ui/form-message";
import { useTranslation } from "~/i18n/react";
import { requestStateContext } from "~/lib/context";
import { backErrorReply, invalidReply, parseSubmission, readFormData } from "~/lib/forms.server";
import { formView, useSchemaForm } from "~/lib/forms";
import type { FormReply } from "~/lib/form-reply";
import { pathOf } from "~/lib/paths.server";
import { redirectWithToast } from "~/lib/toast.server";
import { serverT } from "~/lib/translate.server";
import { FundingAddFormSchema } from "#core/contract/funding-requests.ts";
import { formatDate } from "#core/domain/format.ts";
import { usePharmacyArea } from "~/components/pharmacy/pharmacy-tabs";
import { pageMeta } from "~/lib/meta";
import { fundingRequestsEndpoints } from "#core/contract/endpoints/funding-requests.ts";

/** Creation of a funding request (creer): a learner of the team, a funder and a session (dpec/add). */
export async function loader({ context }: Route.LoaderArgs) {
  const { back, locale } = context.get(requestStateContext);
  const options = await back.call(fundingRequestsEndpoints.options);
  return { title: serverT(context, "pharmacy-funding")("create.title"), locale, options };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => pageMeta(matches, { title: loaderData?.title, noindex: true });

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readFormData(request, context);
  const submission = parseSubmission(formData, context, FundingAddFormSchema);
  if (submission.status !== "success") return invalidReply(submission);
  const { back } = context.get(requestStateContext);
  try {
    const created = await back.call(fundingRequestsEndpoints.add, { body: submission.value });
    return redirectWithToast(pathOf(context, "pharmacy-funding-request", { id: String(created.id) }), {
      type: "success",
      message: serverT(context, "pharmacy-funding")("create.done"),
    });
  } catch (error) {
    return backErrorReply(submission, error);
  }
}

export default function FundingRequestCreate({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("pharmacy-funding");
  const { title, locale, options } = loaderData;
  const { readOnly } = usePharmacyArea();
  const result = useActionData<FormReply>();
  const [form] = useSchemaForm(() => import("#core/contract/funding-requests.ts").then((m) => m.FundingAddFormSchema), result, { id: "funding-add" });
  const view = formView(form);
  const { message, errors } = view;
  const value = (name: string) => view.value(name) ?? "";
  const ref = useFocusFirstError(result);
  const first = firstErrorField(errors, ["apprenantId", "agrementId", "sessionId"]);
  const placeholder = { value: "", label: t("create.choose") };
  return (
    <FundingFrame title={title} states>
      {/* A read-only contract changes nothing: the frame says why, no form to be refused after the click. */}
      {readOnly ? null : options.agreements.length === 0 ? (
        <p className="rounded-md border border-slate-300 p-4">{t("create.noFunder")}</p>
      ) : (
        <Form
          method="post"
          id={form.id}
          onSubmit={form.onSubmit}
          ref={ref}
          noValidate
          className="flex max-w-2xl flex-col gap-4"
          data-testid="funding-create-form"
        >
          <AuthenticityTokenInput name="csrf" />
          <FormMessage message={message} />
          <SelectField
            name="apprenantId"
            label={t("create.learner")}
            required
            defaultValue={value("apprenantId")}
            errors={errors.apprenantId}
            autoFocus={first === "apprenantId" || undefined}
            options={[placeholder, ...options.learners.map((l) => ({ value: String(l.id), label: `${l.lastName} ${l.firstName} (${l.email})` }))]}
          />
          <SelectField
            name="agrementId"
            label={t("create.funder")}
            required
            defaultValue={value("agrementId")}
            errors={errors.agrementId}
            autoFocus={first === "agrementId" || undefined}
            options={[placeholder, ...options.agreements.map((a) => ({ value: String(a.id), label: a.name }))]}
          />
          <SelectField
            name="sessionId"
            label={t("create.session")}
            required
            defaultValue={value("sessionId")}
            errors={errors.sessionId}
            autoFocus={first === "sessionId" || undefined}
            options={[
              placeholder,
              ...options.sessions.map((s) => ({ value: String(s.id), label: `${s.trainingName} · ${s.name} · ${formatDate(s.startDate, locale)}` })),
            ]}
          />
          <SubmitButton intent="add">{t("create.submit")}</SubmitButton>
        </Form>
      )}
    </FundingFrame>
  );
}
