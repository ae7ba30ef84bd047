import { useTranslation } from "~/i18n/react";
import { useActionData } from "react-router";
import { ContactSchema } from "#core/contract/content.ts";
import type { Route } from "./+types/contact";
import { backErrorReply, invalidReply, readSubmission } from "~/lib/forms.server";
import { formView, useSchemaForm } from "~/lib/forms";
import type { FormReply } from "~/lib/form-reply";
import { firstErrorField, TextAreaField, TextField, useFocusFirstError } from "~/components/ui/form-fields";
import { contentContext } from "~/routes/content/content.server";
import { ContentMain } from "~/components/content/content-main";
import { ConsentAndSubmit, PublicForm, RequiredLabel } from "~/components/content/form-bits";
import { pathOf } from "~/lib/paths.server";
import { redirectWithToast } from "~/lib/toast.server";
import { useRootData } from "~/lib/use-root-data";
import { pageMeta } from "~/lib/meta";
import { contentEndpoints } from "#core/contract/endpoints/content.ts";

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

export const meta: Route.MetaFunction = ({ matches, loaderData, error }) => pageMeta(matches, { ...loaderData?.meta, failed: error ?? !loaderData?.meta });

export async function action({ request, context }: Route.ActionArgs) {
  const { submission } = await readSubmission(request, context, ContactSchema);
  if (submission.status !== "success") return invalidReply(submission);
  const { back, t } = contentContext(context);
  try {
    const value = submission.value;
    await back.call(contentEndpoints.contact, { body: { ...value, phone: value.phone || undefined, website: value.website || undefined } });
  } catch (error) {
    return backErrorReply(submission, error);
  }
  return redirectWithToast(pathOf(context, "contact"), { type: "success", message: t("contact.sent") });
}

export default function Contact({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("content");
  const user = useRootData()?.user;
  const result = useActionData<FormReply>();
  const [form] = useSchemaForm(() => import("#core/contract/content.ts").then((m) => m.ContactSchema), result);
  const { message, errors, value } = formView(form);
  const formRef = useFocusFirstError(result);
  const first = firstErrorField(errors, [...FIELDS]);
  const { contactEmail, support, meta } = loaderData;
  const defaults = {
    name: value("name") ?? (user?.loggedIn ? `${user.firstName} ${user.lastName}` : ""),
    email: value("email") ?? (user?.loggedIn ? user.email : ""),
  };
  return (
    <ContentMain
      title={meta.title}
      lead={
        <p>
          {t("contact.lead")} {t("contact.direct")}{" "}
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
      <PublicForm form={form} formRef={formRef} message={message} className="flex flex-col gap-5" testId="contact-form">
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
          defaultValue={value("phone") ?? ""}
          errors={errors.phone}
          autoFocus={first === "phone" || undefined}
        />
        <TextField
          name="subject"
          label={<RequiredLabel>{t("contact.fields.subject")}</RequiredLabel>}
          maxLength={150}
          aria-required="true"
          defaultValue={value("subject") ?? ""}
          errors={errors.subject}
          autoFocus={first === "subject" || undefined}
        />
        <TextAreaField
          name="message"
          label={<RequiredLabel>{t("contact.fields.message")}</RequiredLabel>}
          rows={7}
          maxLength={5000}
          aria-required="true"
          defaultValue={value("message") ?? ""}
          errors={errors.message}
          autoFocus={first === "message" || undefined}
        />
        <ConsentAndSubmit
          consentLabel={t("contact.fields.consent")}
          submitLabel={t("contact.submit")}
          checked={value("consent") === "on" || value("consent") === "true"}
          errors={errors.consent}
          focus={first === "consent"}
        />
      </PublicForm>
    </ContentMain>
  );
}
