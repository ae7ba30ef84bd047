import { Form, Link, useActionData } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";

import type { Route } from "./+types/faq-question";
import { AdminToolsMain } from "~/components/admin-tools/admin-tools";
import { RichText } from "~/components/content/rich-text";
import { SubmitButton, TextAreaField, TextField, firstErrorField, useFocusFirstError } from "~/components/ui/form-fields";
import { FormMessage } from "~/components/ui/form-message";
import { useTranslation } from "~/i18n/react";
import { usePagePath } from "~/i18n/use-page-path";
import { formView, useSchemaForm } from "~/lib/forms";
import type { FormReply } from "~/lib/form-reply";
import { faqQuestionAction, loadFaqQuestion } from "./faq.server";
import { pageMeta } from "~/lib/meta";

/** /admin/faq/question/{sectionId}/{questionId}: a question and its answer (questionId "new" adds one to the section). */
export async function loader({ params, url, context }: Route.LoaderArgs) {
  return loadFaqQuestion(params, url, context);
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => pageMeta(matches, { title: loaderData?.title, noindex: true });

export async function action({ request, params, url, context }: Route.ActionArgs) {
  return faqQuestionAction(request, params, url, context);
}

export default function AdminFaqQuestion({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin-tools");
  const path = usePagePath();
  const result = useActionData<FormReply>();
  const [form] = useSchemaForm(() => import("#core/contract/editorial.ts").then((m) => m.FaqQuestionFieldsSchema), result);
  const { message, errors, value } = formView(form);
  const formRef = useFocusFirstError(result);
  const first = firstErrorField(errors, ["question", "answer"]);
  const { section, question } = loaderData;
  return (
    <AdminToolsMain current="admin-faq" title={question ? t("faq.editQuestion") : t("faq.newQuestion")} testId="admin-faq-question">
      <p>
        <Link to={path("admin-faq-section", { id: String(section.id), sectionType: section.type })} className="font-semibold text-blue-800 underline">
          {t("faq.backToSection", { title: section.title })}
        </Link>
      </p>
      <Form method="post" id={form.id} onSubmit={form.onSubmit} ref={formRef} className="flex max-w-3xl flex-col gap-4" noValidate data-testid="question-form">
        <AuthenticityTokenInput name="csrf" />
        <FormMessage message={message} />
        <TextField
          name="question"
          label={t("fields.question")}
          defaultValue={value("question") ?? question?.question ?? ""}
          errors={errors.question}
          required
          autoFocus={first === "question" || undefined}
        />
        <TextAreaField
          name="answer"
          label={t("fields.answer")}
          defaultValue={value("answer") ?? question?.answer ?? ""}
          errors={errors.answer}
          rows={10}
          required
          autoFocus={first === "answer" || undefined}
        />
        <p className="text-sm text-slate-700">{t("editor.htmlHint")}</p>
        <div>
          <SubmitButton>{t("faq.save")}</SubmitButton>
        </div>
      </Form>
      {question ? (
        <section aria-labelledby="answer-preview" className="rounded-md border-2 border-dashed border-slate-400 p-4">
          <h2 id="answer-preview" className="mb-2 text-lg font-bold">
            {t("editor.preview")}
          </h2>
          <RichText html={question.answer} />
        </section>
      ) : null}
    </AdminToolsMain>
  );
}
