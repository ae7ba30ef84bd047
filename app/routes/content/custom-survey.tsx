import { useTranslation } from "~/i18n/react";
import { Form, useActionData, useLocation } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { Route } from "./+types/custom-survey";
import { backErrorResult, field, readForm, type FormResult } from "~/lib/action.server";
import { firstErrorField, FormMessage, SelectField, TextAreaField, TextField, useFocusFirstError } from "~/components/ui/form-fields";
import { CheckboxGroup } from "~/components/content/checkbox-group";
import { contentContext } from "~/routes/content/content.server";
import { ContentMain } from "~/components/content/content-main";
import { ConsentAndSubmit, Honeypot, RequiredLabel } from "~/components/content/form-bits";
import { contentMeta } from "~/components/content/meta";
import { SURVEY_FORMATS, SURVEY_PERIODS, SURVEY_TOPICS, TEAM_SIZES } from "#core/domain/survey-options.ts";
import { pathOf } from "~/lib/guards.server";
import { redirectWithToast } from "~/lib/toast.server";
import { useRootData } from "~/lib/use-root-data";

const TEXT_FIELDS = ["pharmacyName", "contactName", "email", "phone", "postalCode", "teamSize", "period", "details", "consent"] as const;
const LIST_FIELDS = ["topics", "formats"] as const;
const ORDER = ["pharmacyName", "contactName", "email", "phone", "postalCode", "teamSize", "topics", "formats", "period", "details", "consent"];

/** /formulaire/formulaire-sur-mesure, /encuesta: the custom-training survey (stored in survey_answers). */
export function loader({ context }: Route.LoaderArgs) {
  const { t } = contentContext(context);
  return { meta: { title: t("survey.title"), description: t("survey.description") } };
}

export const meta: Route.MetaFunction = ({ matches, loaderData, error }) => contentMeta(matches, loaderData, error);

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readForm(request, context);
  const { back, t } = contentContext(context);
  const text = Object.fromEntries(TEXT_FIELDS.map((name) => [name, field(formData, name)])) as Record<(typeof TEXT_FIELDS)[number], string>;
  const lists = Object.fromEntries(
    LIST_FIELDS.map((name) => [name, formData.getAll(name).filter((v): v is string => typeof v === "string")]),
  ) as Record<(typeof LIST_FIELDS)[number], string[]>;
  try {
    await back.post("/content/survey", {
      ...text,
      ...lists,
      phone: text.phone || undefined,
      postalCode: text.postalCode || undefined,
      details: text.details || undefined,
      website: field(formData, "website") || undefined,
    });
  } catch (error) {
    return backErrorResult(error, { values: { ...text, topics: lists.topics.join(","), formats: lists.formats.join(",") } });
  }
  return redirectWithToast(pathOf(context, "custom-survey"), { type: "success", message: t("survey.sent") });
}

export default function CustomSurvey({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("content");
  const user = useRootData()?.user;
  const result = useActionData<FormResult>();
  // A new location (the redirect after a success) starts a fresh, empty form.
  const { key: locationKey } = useLocation();
  const formRef = useFocusFirstError(result);
  const errors = result?.fieldErrors ?? {};
  const values = result?.values ?? {};
  const first = firstErrorField(errors, ORDER);
  const list = (name: string) => (values[name] ? values[name].split(",") : []);
  const choose = { value: "", label: t("form.choose") };
  return (
    <ContentMain title={loaderData.meta.title} lead={<p>{t("survey.lead")}</p>} testId="survey-page">
      <Form key={locationKey} method="post" ref={formRef} className="flex flex-col gap-6" noValidate data-testid="survey-form">
        <AuthenticityTokenInput name="csrf" />
        <FormMessage message={result && !result.ok ? result.message : undefined} />
        <p className="text-sm text-slate-700">{t("form.requiredNote")}</p>
        <Honeypot />
        <fieldset className="flex flex-col gap-5">
          <legend className="mb-2 text-xl font-bold">{t("survey.sections.pharmacy")}</legend>
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField
              name="pharmacyName"
              label={<RequiredLabel>{t("survey.fields.pharmacyName")}</RequiredLabel>}
              autoComplete="organization"
              maxLength={150}
              aria-required="true"
              defaultValue={values.pharmacyName ?? (user?.loggedIn ? (user.establishment?.name ?? "") : "")}
              errors={errors.pharmacyName}
              autoFocus={first === "pharmacyName" || undefined}
            />
            <TextField
              name="postalCode"
              label={t("survey.fields.postalCode")}
              autoComplete="postal-code"
              maxLength={10}
              defaultValue={values.postalCode ?? (user?.loggedIn ? (user.establishment?.postalCode ?? "") : "")}
              errors={errors.postalCode}
              autoFocus={first === "postalCode" || undefined}
            />
            <TextField
              name="contactName"
              label={<RequiredLabel>{t("survey.fields.contactName")}</RequiredLabel>}
              autoComplete="name"
              maxLength={120}
              aria-required="true"
              defaultValue={values.contactName ?? (user?.loggedIn ? `${user.firstName} ${user.lastName}` : "")}
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
              defaultValue={values.email ?? (user?.loggedIn ? user.email : "")}
              errors={errors.email}
              autoFocus={first === "email" || undefined}
            />
            <TextField
              name="phone"
              type="tel"
              label={t("survey.fields.phone")}
              autoComplete="tel"
              maxLength={30}
              defaultValue={values.phone ?? ""}
              errors={errors.phone}
              autoFocus={first === "phone" || undefined}
            />
            <SelectField
              name="teamSize"
              label={<RequiredLabel>{t("survey.fields.teamSize")}</RequiredLabel>}
              aria-required="true"
              options={[choose, ...TEAM_SIZES.map((value) => ({ value, label: t(`survey.teamSizes.${value}`) }))]}
              defaultValue={values.teamSize ?? ""}
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
            defaultValue={values.period ?? ""}
            errors={errors.period}
            autoFocus={first === "period" || undefined}
          />
          <TextAreaField
            name="details"
            label={t("survey.fields.details")}
            rows={5}
            maxLength={3000}
            defaultValue={values.details ?? ""}
            errors={errors.details}
            autoFocus={first === "details" || undefined}
          />
        </fieldset>
        <ConsentAndSubmit
          consentLabel={t("survey.fields.consent")}
          submitLabel={t("survey.submit")}
          checked={values.consent === "on" || values.consent === "true"}
          errors={errors.consent}
          focus={first === "consent"}
        />
      </Form>
    </ContentMain>
  );
}
