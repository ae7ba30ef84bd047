import { useTranslation } from "~/i18n/react";
import { useActionData } from "react-router";
import { SurveySchema } from "#core/contract/content.ts";
import type { Route } from "./+types/custom-survey";
import { backErrorReply, invalidReply, readSubmission } from "~/lib/forms.server";
import { formView, useSchemaForm } from "~/lib/forms";
import type { FormReply } from "~/lib/form-reply";
import { firstErrorField, SelectField, TextAreaField, TextField, useFocusFirstError } from "~/components/ui/form-fields";
import { CheckboxGroup } from "~/components/content/checkbox-group";
import { contentContext } from "~/routes/content/content.server";
import { ContentMain } from "~/components/content/content-main";
import { ConsentAndSubmit, PublicForm, RequiredLabel } from "~/components/content/form-bits";
import { SURVEY_FORMATS, SURVEY_PERIODS, SURVEY_TOPICS, TEAM_SIZES } from "#core/domain/survey-options.ts";
import { pathOf } from "~/lib/paths.server";
import { redirectWithToast } from "~/lib/toast.server";
import { useRootData } from "~/lib/use-root-data";
import { pageMeta } from "~/lib/meta";
import { contentEndpoints } from "#core/contract/endpoints/content.ts";

const ORDER = ["pharmacyName", "contactName", "email", "phone", "postalCode", "teamSize", "topics", "formats", "period", "details", "consent"];

/** /formulaire/formulaire-sur-mesure, /encuesta: the custom-training survey (stored in survey_answers). */
export function loader({ context }: Route.LoaderArgs) {
  const { t } = contentContext(context);
  return { meta: { title: t("survey.title"), description: t("survey.description") } };
}

export const meta: Route.MetaFunction = ({ matches, loaderData, error }) => pageMeta(matches, { ...loaderData?.meta, failed: error ?? !loaderData?.meta });

export async function action({ request, context }: Route.ActionArgs) {
  const { submission } = await readSubmission(request, context, SurveySchema);
  if (submission.status !== "success") return invalidReply(submission);
  const { back, t } = contentContext(context);
  const value = submission.value;
  try {
    await back.call(contentEndpoints.survey, {
      body: {
        ...value,
        phone: value.phone || undefined,
        postalCode: value.postalCode || undefined,
        details: value.details || undefined,
        website: value.website || undefined,
      },
    });
  } catch (error) {
    return backErrorReply(submission, error);
  }
  return redirectWithToast(pathOf(context, "custom-survey"), { type: "success", message: t("survey.sent") });
}

export default function CustomSurvey({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("content");
  const user = useRootData()?.user;
  const result = useActionData<FormReply>();
  const [form] = useSchemaForm(() => import("#core/contract/content.ts").then((m) => m.SurveySchema), result);
  const { message, errors, value, list } = formView(form);
  const formRef = useFocusFirstError(result);
  const first = firstErrorField(errors, ORDER);
  const choose = { value: "", label: t("form.choose") };
  return (
    <ContentMain title={loaderData.meta.title} lead={<p>{t("survey.lead")}</p>} testId="survey-page">
      <PublicForm form={form} formRef={formRef} message={message} className="flex flex-col gap-6" testId="survey-form">
        <fieldset className="flex flex-col gap-5">
          <legend className="mb-2 text-xl font-bold">{t("survey.sections.pharmacy")}</legend>
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField
              name="pharmacyName"
              label={<RequiredLabel>{t("survey.fields.pharmacyName")}</RequiredLabel>}
              autoComplete="organization"
              maxLength={150}
              aria-required="true"
              defaultValue={value("pharmacyName") ?? (user?.loggedIn ? (user.establishment?.name ?? "") : "")}
              errors={errors.pharmacyName}
              autoFocus={first === "pharmacyName" || undefined}
            />
            <TextField
              name="postalCode"
              label={t("survey.fields.postalCode")}
              autoComplete="postal-code"
              maxLength={10}
              defaultValue={value("postalCode") ?? (user?.loggedIn ? (user.establishment?.postalCode ?? "") : "")}
              errors={errors.postalCode}
              autoFocus={first === "postalCode" || undefined}
            />
            <TextField
              name="contactName"
              label={<RequiredLabel>{t("survey.fields.contactName")}</RequiredLabel>}
              autoComplete="name"
              maxLength={120}
              aria-required="true"
              defaultValue={value("contactName") ?? (user?.loggedIn ? `${user.firstName} ${user.lastName}` : "")}
              errors={errors.contactName}
              autoFocus={first === "contactName" || undefined}
            />
            <TextField
              name="email"
              type="email"
              label={<RequiredLabel>{t("survey.fields.email")}</RequiredLabel>}
              autoComplete="email"
              maxLength={254}
              aria-required="true"
              defaultValue={value("email") ?? (user?.loggedIn ? user.email : "")}
              errors={errors.email}
              autoFocus={first === "email" || undefined}
            />
            <TextField
              name="phone"
              type="tel"
              label={t("survey.fields.phone")}
              autoComplete="tel"
              maxLength={30}
              defaultValue={value("phone") ?? ""}
              errors={errors.phone}
              autoFocus={first === "phone" || undefined}
            />
            <SelectField
              name="teamSize"
              label={<RequiredLabel>{t("survey.fields.teamSize")}</RequiredLabel>}
              aria-required="true"
              options={[choose, ...TEAM_SIZES.map((value) => ({ value, label: t(`survey.teamSizes.${value}`) }))]}
              defaultValue={value("teamSize") ?? ""}
              errors={errors.teamSize}
              autoFocus={first === "teamSize" || undefined}
            />
          </div>
        </fieldset>
        <fieldset className="flex flex-col gap-5">
          <legend className="mb-2 text-xl font-bold">{t("survey.sections.needs")}</legend>
          <CheckboxGroup
            name="topics"
            legend={<RequiredLabel>{t("survey.fields.topics")}</RequiredLabel>}
            options={SURVEY_TOPICS.map((value) => ({ value, label: t(`survey.topics.${value}`) }))}
            selected={list("topics")}
            errors={errors.topics}
            autoFocus={first === "topics"}
          />
          <CheckboxGroup
            name="formats"
            legend={<RequiredLabel>{t("survey.fields.formats")}</RequiredLabel>}
            options={SURVEY_FORMATS.map((value) => ({ value, label: t(`survey.formats.${value}`) }))}
            selected={list("formats")}
            errors={errors.formats}
            autoFocus={first === "formats"}
          />
          <SelectField
            name="period"
            label={<RequiredLabel>{t("survey.fields.period")}</RequiredLabel>}
            aria-required="true"
            options={[choose, ...SURVEY_PERIODS.map((value) => ({ value, label: t(`survey.periods.${value}`) }))]}
            defaultValue={value("period") ?? ""}
            errors={errors.period}
            autoFocus={first === "period" || undefined}
          />
          <TextAreaField
            name="details"
            label={t("survey.fields.details")}
            rows={5}
            maxLength={3000}
            defaultValue={value("details") ?? ""}
            errors={errors.details}
            autoFocus={first === "details" || undefined}
          />
        </fieldset>
        <ConsentAndSubmit
          consentLabel={t("survey.fields.consent")}
          submitLabel={t("survey.submit")}
          checked={value("consent") === "on" || value("consent") === "true"}
          errors={errors.consent}
          focus={first === "consent"}
        />
      </PublicForm>
    </ContentMain>
  );
}
