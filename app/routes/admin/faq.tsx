import { Form, Link, useActionData } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { BRAND_KEYS } from "#core/branding/brands.ts";
import { CONTENT_LANGS, FAQ_TYPES } from "#core/contract/editorial.ts";
import type { Route } from "./+types/faq";
import { AdminTable, AdminToolsMain, CELL } from "~/components/admin-tools/admin-tools";
import { ConfirmLink, ConfirmPanel } from "~/components/ui/confirm";
import { MoveButtons } from "~/components/admin-tools/move-buttons";
import { Button } from "~/components/ui/button";
import { SelectField, SubmitButton, TextField, firstErrorField, useFocusFirstError } from "~/components/ui/form-fields";
import { FormMessage } from "~/components/ui/form-message";
import { useTranslation } from "~/i18n/react";
import { usePagePath } from "~/i18n/use-page-path";
import { formView, useSchemaForm } from "~/lib/forms";
import { replyMessage, type FormReply } from "~/lib/form-reply";
import { faqListAction, loadFaqList } from "./faq.server";
import { pageMeta } from "~/lib/meta";

/** /admin/faq: FAQ sections per brand and language, ordered; a new section; links to each section's questions. */
export async function loader({ url, context }: Route.LoaderArgs) {
  return loadFaqList(url, context);
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => pageMeta(matches, { title: loaderData?.title, noindex: true });

export async function action({ request, context }: Route.ActionArgs) {
  return faqListAction(request, context);
}

export default function AdminFaq({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin-tools");
  const path = usePagePath();
  const result = useActionData<FormReply>();
  const createResult = result?.form === "create-section" ? result : undefined;
  const [form] = useSchemaForm(() => import("#core/contract/editorial.ts").then((m) => m.NewFaqSectionSchema), createResult);
  const { message, errors, value } = formView(form);
  const formRef = useFocusFirstError(createResult);
  const first = firstErrorField(errors, ["brand", "lang", "type", "title"]);
  const { sections, brand, confirm } = loaderData;
  const toDelete = sections.find((s) => s.id === confirm);
  const group = (s: (typeof sections)[number]) => `${s.brand}|${s.lang}|${s.type}`;
  return (
    <AdminToolsMain current="admin-faq" title={t("faq.title")} testId="admin-faq">
      <Form method="get" className="flex flex-wrap items-end gap-3">
        <SelectField
          name="brand"
          label={t("fields.brand")}
          defaultValue={brand}
          options={[{ value: "", label: t("editor.allBrands") }, ...BRAND_KEYS.map((b) => ({ value: b, label: t(`brands.${b}`) }))]}
        />
        <Button type="submit" variant="secondary">
          {t("editor.filter")}
        </Button>
      </Form>
      {result && result.form !== "create-section" ? <FormMessage message={replyMessage(result)} /> : null}
      {toDelete ? (
        <ConfirmPanel
          confirmKey={String(toDelete.id)}
          title={t("faq.deleteSectionQuestion", { title: toDelete.title, count: toDelete.questions.length })}
          intent="delete-section"
          fields={{ targetId: toDelete.id }}
          submitLabel={t("faq.deleteYes")}
          cancelTo={path("admin-faq")}
          sendsConfirm={false}
        />
      ) : null}
      <AdminTable
        caption={t("faq.title")}
        headers={[t("fields.title"), t("fields.brand"), t("fields.lang"), t("fields.type"), t("faq.questions"), t("faq.order"), t("compta.actions")]}
        testId="faq-sections"
      >
        {sections.map((section, i) => (
          <tr key={section.id} data-testid="faq-section-row">
            <td className={CELL}>
              <Link to={path("admin-faq-section", { id: String(section.id), sectionType: section.type })} className="font-semibold text-blue-800 underline">
                {section.title}
              </Link>
            </td>
            <td className={CELL}>{t(`brands.${section.brand}`)}</td>
            <td className={CELL}>{t(`langs.${section.lang}`)}</td>
            <td className={CELL}>{t(`faqTypes.${section.type}`)}</td>
            <td className={CELL}>{section.questions.length}</td>
            <td className={CELL}>
              <MoveButtons
                intent="move-section"
                targetId={section.id}
                label={section.title}
                first={i === 0 || group(sections[i - 1]) !== group(section)}
                last={i === sections.length - 1 || group(sections[i + 1]) !== group(section)}
              />
            </td>
            <td className={CELL}>
              <ConfirmLink confirmKey={String(section.id)} look="danger">
                {t("faq.delete")}
                <span className="sr-only"> {section.title}</span>
              </ConfirmLink>
            </td>
          </tr>
        ))}
      </AdminTable>
      <section aria-labelledby="new-section-heading" className="flex flex-col gap-3">
        <h2 id="new-section-heading" className="text-xl font-bold">
          {t("faq.newSection")}
        </h2>
        <Form
          method="post"
          id={form.id}
          onSubmit={form.onSubmit}
          ref={formRef}
          className="grid max-w-3xl gap-4 sm:grid-cols-3"
          noValidate
          data-testid="new-section-form"
        >
          <AuthenticityTokenInput name="csrf" />
          <div className="sm:col-span-3">
            <FormMessage message={message} />
          </div>
          <SelectField
            name="brand"
            label={t("fields.brand")}
            defaultValue={value("brand") ?? (brand || "fr")}
            options={BRAND_KEYS.map((b) => ({ value: b, label: t(`brands.${b}`) }))}
            errors={errors.brand}
            autoFocus={first === "brand" || undefined}
          />
          <SelectField
            name="lang"
            label={t("fields.lang")}
            defaultValue={value("lang") ?? "fr"}
            options={CONTENT_LANGS.map((l) => ({ value: l, label: t(`langs.${l}`) }))}
            errors={errors.lang}
          />
          <SelectField
            name="type"
            label={t("fields.type")}
            defaultValue={value("type") ?? "general"}
            options={FAQ_TYPES.map((k) => ({ value: k, label: t(`faqTypes.${k}`) }))}
            errors={errors.type}
          />
          <TextField
            className="sm:col-span-3"
            name="title"
            label={t("fields.title")}
            defaultValue={value("title")}
            errors={errors.title}
            required
            autoFocus={first === "title" || undefined}
          />
          <div className="sm:col-span-3">
            <SubmitButton intent="create-section">{t("faq.createSection")}</SubmitButton>
          </div>
        </Form>
      </section>
    </AdminToolsMain>
  );
}
