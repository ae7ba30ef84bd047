import { useTranslation } from "~/i18n/react";
import { Form, useActionData, useLocation } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { Route } from "./+types/contact";
import { backErrorResult, field, readForm, type FormResult } from "~/lib/action.server";
import { firstErrorField, FormMessage, TextAreaField, TextField, useFocusFirstError } from "~/components/ui/form-fields";
import { contentContext } from "~/routes/content/content.server";
import { ContentMain } from "~/components/content/content-main";
import { ConsentAndSubmit, Honeypot, RequiredLabel } from "~/components/content/form-bits";
import { contentMeta } from "~/components/content/meta";
import { pathOf } from "~/lib/guards.server";
import { redirectWithToast } from "~/lib/toast.server";
import { useRootData } from "~/lib/use-root-data";

const FIELDS = ["name", "email", "phone", "subject", "message", "consent"] as const;

/** /contact, /contacto: the contact form (stored, and mailed to the brand's contact address). */
export function loader({ context }: Route.LoaderArgs) {
  const { brand, t } = contentContext(context);
  return {
    contactEmail: brand.contactEmail,
    support: brand.dedicatedSupport,
    meta: { title: t("contact.title"), description: t("contact.description") },
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData, error }) => contentMeta(matches, loaderData, error);

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readForm(request, context);
  const { back, t } = contentContext(context);
  const values = Object.fromEntries(FIELDS.map((name) => [name, field(formData, name)])) as Record<(typeof FIELDS)[number], string>;
  try {
    await back.post("/content/contact", { ...values, phone: values.phone || undefined, website: field(formData, "website") || undefined });
  } catch (error) {
    return backErrorResult(error, { values });
  }
  return redirectWithToast(pathOf(context, "contact"), { type: "success", message: t("contact.sent") });
}

export default function Contact({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("content");
  const user = useRootData()?.user;
  const result = useActionData<FormResult>();
  // A new location (the redirect after a success) starts a fresh, empty form.
  const { key: locationKey } = useLocation();
  const formRef = useFocusFirstError(result);
  const errors = result?.fieldErrors ?? {};
  const values = result?.values ?? {};
  const first = firstErrorField(errors, [...FIELDS]);
  const { contactEmail, support, meta } = loaderData;
  const defaults = {
    name: values.name ?? (user?.loggedIn ? `${user.firstName} ${user.lastName}` : ""),
    email: values.email ?? (user?.loggedIn ? user.email : ""),
  };
  return (
    <ContentMain
      title={meta.title}
      lead={
        <p>
          {t("contact.lead")}{" "}
          {t("contact.direct")}{" "}
          <a href={`mailto:${contactEmail}`} className="font-semibold text-primary-dark underline underline-offset-2">
            {contactEmail}
          </a>
          {support ? (
            <>
              {" "}
              {t("contact.support")}{" "}
              <a href={`tel:${support.phone.replace(/\s/g, "")}`} className="font-semibold text-primary-dark underline underline-offset-2">
                {support.phone}
              </a>
            </>
          ) : null}
        </p>
      }
      testId="contact-page"
    >
      <Form key={locationKey} method="post" ref={formRef} className="flex flex-col gap-5" noValidate data-testid="contact-form">
        <AuthenticityTokenInput name="csrf" />
        <FormMessage message={result && !result.ok ? result.message : undefined} />
        <p className="text-sm text-slate-700">{t("form.requiredNote")}</p>
        <Honeypot />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            name="name"
            label={<RequiredLabel>{t("contact.fields.name")}</RequiredLabel>}
            autoComplete="name"
            maxLength={120}
            aria-required="true"
            defaultValue={defaults.name}
            errors={errors.name}
            autoFocus={first === "name" || undefined}
          />
          <TextField
            name="email"
            type="email"
            label={<RequiredLabel>{t("contact.fields.email")}</RequiredLabel>}
            autoComplete="email"
            maxLength={254}
            aria-required="true"
            defaultValue={defaults.email}
            errors={errors.email}
            autoFocus={first === "email" || undefined}
          />
        </div>
        <TextField
          name="phone"
          type="tel"
          label={t("contact.fields.phone")}
          hint={t("contact.fields.phoneHint")}
          autoComplete="tel"
          maxLength={30}
          defaultValue={values.phone ?? ""}
          errors={errors.phone}
          autoFocus={first === "phone" || undefined}
        />
        <TextField
          name="subject"
          label={<RequiredLabel>{t("contact.fields.subject")}</RequiredLabel>}
          maxLength={150}
          aria-required="true"
          defaultValue={values.subject ?? ""}
          errors={errors.subject}
          autoFocus={first === "subject" || undefined}
        />
        <TextAreaField
          name="message"
          label={<RequiredLabel>{t("contact.fields.message")}</RequiredLabel>}
          rows={7}
          maxLength={5000}
          aria-required="true"
          defaultValue={values.message ?? ""}
          errors={errors.message}
          autoFocus={first === "message" || undefined}
        />
        <ConsentAndSubmit
          consentLabel={t("contact.fields.consent")}
          submitLabel={t("contact.submit")}
          checked={values.consent === "on" || values.consent === "true"}
          errors={errors.consent}
          focus={first === "consent"}
        />
      </Form>
    </ContentMain>
  );
}
