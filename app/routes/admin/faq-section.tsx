import { Form, Link, useActionData } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { FAQ_TYPES } from "#core/contract/editorial.ts";
import type { Route } from "./+types/faq-section";
import { AdminTable, AdminToolsMain, CELL } from "~/components/admin-tools/admin-tools";
import { ConfirmLink, ConfirmPanel } from "~/components/ui/confirm";
import { MoveButtons } from "~/components/admin-tools/move-buttons";
import { ButtonLink } from "~/components/ui/button";
import { SelectField, SubmitButton, TextField, firstErrorField, useFocusFirstError } from "~/components/ui/form-fields";
import { FormMessage } from "~/components/ui/form-message";
import { useTranslation } from "~/i18n/react";
import { usePagePath } from "~/i18n/use-page-path";
import { formView, useSchemaForm } from "~/lib/forms";
import { replyMessage, type FormReply } from "~/lib/form-reply";
import { faqSectionAction, loadFaqSection } from "./faq.server";
import { pageMeta } from "~/lib/meta";

/** /admin/faq/section/{id}/{sectionType}: a FAQ section (title, type) and its ordered questions. */
export async function loader({ params, url, context }: Route.LoaderArgs) {
  return loadFaqSection(params, url, context);
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => pageMeta(matches, { title: loaderData?.title, noindex: true });

export async function action({ request, params, url, context }: Route.ActionArgs) {
  return faqSectionAction(request, params, url, context);
}

export default function AdminFaqSection({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin-tools");
  const path = usePagePath();
  const result = useActionData<FormReply>();
  const updateResult = result?.form === "update-section" ? result : undefined;
  const [form] = useSchemaForm(() => import("#core/contract/editorial.ts").then((m) => m.FaqSectionFieldsSchema), updateResult);
  const { message, errors, value } = formView(form);
  const formRef = useFocusFirstError(updateResult);
  const first = firstErrorField(errors, ["title", "type"]);
  const { section, confirm, confirmSection } = loaderData;
  const here = path("admin-faq-section", { id: String(section.id), sectionType: section.type });
  const toDelete = section.questions.find((q) => q.id === confirm);
  return (
    <AdminToolsMain current="admin-faq" title={t("faq.sectionTitle", { title: section.title })} testId="admin-faq-section">
      <p className="flex flex-wrap gap-2">
        <Link to={path("admin-faq")} className="font-semibold text-blue-800 underline">
          {t("faq.backToList")}
        </Link>
        <span>
          · {t(`brands.${section.brand}`)} · {t(`langs.${section.lang}`)}
        </span>
      </p>
      {result && result.form !== "update-section" ? <FormMessage message={replyMessage(result)} /> : null}
      {confirmSection ? (
        <ConfirmPanel
          confirmKey="section"
          title={t("faq.deleteSectionQuestion", { title: section.title, count: section.questions.length })}
          intent="delete-section"
          submitLabel={t("faq.deleteYes")}
          cancelTo={here}
          sendsConfirm={false}
        />
      ) : null}
      <Form
        method="post"
        id={form.id}
        onSubmit={form.onSubmit}
        ref={formRef}
        className="grid max-w-3xl gap-4 sm:grid-cols-3"
        noValidate
        data-testid="section-form"
      >
        <AuthenticityTokenInput name="csrf" />
        <div className="sm:col-span-3">
          <FormMessage message={message} />
        </div>
        <TextField
          className="sm:col-span-2"
          name="title"
          label={t("fields.title")}
          defaultValue={value("title") ?? section.title}
          errors={errors.title}
          required
          autoFocus={first === "title" || undefined}
        />
        <SelectField
          name="type"
          label={t("fields.type")}
          defaultValue={value("type") ?? section.type}
          options={FAQ_TYPES.map((k) => ({ value: k, label: t(`faqTypes.${k}`) }))}
          errors={errors.type}
        />
        <div className="flex flex-wrap items-center gap-4 sm:col-span-3">
          <SubmitButton intent="update-section">{t("faq.save")}</SubmitButton>
          <ConfirmLink confirmKey="section" look="danger">
            {t("faq.deleteSection")}
          </ConfirmLink>
        </div>
      </Form>
      <section aria-labelledby="questions-heading" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="questions-heading" className="text-xl font-bold">
            {t("faq.questions")}
          </h2>
          <ButtonLink to={path("admin-faq-question", { id: String(section.id), questionId: "new" })}>{t("faq.newQuestion")}</ButtonLink>
        </div>
        {toDelete ? (
          <ConfirmPanel
            confirmKey={String(toDelete.id)}
            title={t("faq.deleteQuestionQuestion", { question: toDelete.question })}
            intent="delete-question"
            fields={{ targetId: toDelete.id }}
            submitLabel={t("faq.deleteYes")}
            cancelTo={here}
            sendsConfirm={false}
          />
        ) : null}
        <AdminTable caption={t("faq.questions")} headers={[t("fields.question"), t("faq.order"), t("compta.actions")]} testId="faq-questions">
          {section.questions.map((question, i) => (
            <tr key={question.id} data-testid="faq-question-row">
              <td className={CELL}>
                <Link
                  to={path("admin-faq-question", { id: String(section.id), questionId: String(question.id) })}
                  className="font-semibold text-blue-800 underline"
                >
                  {question.question}
                </Link>
              </td>
              <td className={CELL}>
                <MoveButtons
                  intent="move-question"
                  targetId={question.id}
                  label={question.question}
                  first={i === 0}
                  last={i === section.questions.length - 1}
                />
              </td>
              <td className={CELL}>
                <ConfirmLink confirmKey={String(question.id)} look="danger">
                  {t("faq.delete")}
                  <span className="sr-only"> {question.question}</span>
                </ConfirmLink>
              </td>
            </tr>
          ))}
        </AdminTable>
      </section>
    </AdminToolsMain>
  );
}
