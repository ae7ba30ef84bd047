import { Form, Link, useActionData } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { BRAND_KEYS } from "#core/branding/brands.ts";
import { CONTENT_KINDS, CONTENT_LANGS, NewDraftSchema } from "#core/contract/editorial.ts";
import { editorialEndpoints } from "#core/contract/endpoints/editorial.ts";
import type { Route } from "./+types/editor-create";
import { AdminToolsMain } from "~/components/admin-tools/admin-tools";
import { SelectField, SubmitButton, TextAreaField, TextField, firstErrorField, useFocusFirstError } from "~/components/ui/form-fields";
import { FormMessage } from "~/components/ui/form-message";
import { useTranslation } from "~/i18n/react";
import { usePagePath } from "~/i18n/use-page-path";
import { requestStateContext } from "~/lib/context";
import { backErrorReply, invalidReply, readSubmission } from "~/lib/forms.server";
import { formView, useSchemaForm } from "~/lib/forms";
import type { FormReply } from "~/lib/form-reply";
import { pathOf } from "~/lib/paths.server";
import { redirectWithToast } from "~/lib/toast.server";
import { serverT } from "~/lib/translate.server";
import { pageMeta } from "~/lib/meta";

/** /admin/editor/create-page: a new content page (or news item, expert) as a draft, previewed and published from the editor. */
export async function loader({ context }: Route.LoaderArgs) {
  return { title: serverT(context, "admin-tools")("create.title") };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => pageMeta(matches, { title: loaderData?.title, noindex: true });

export async function action({ request, context }: Route.ActionArgs) {
  const { submission } = await readSubmission(request, context, NewDraftSchema);
  if (submission.status !== "success") return invalidReply(submission);
  const { back } = context.get(requestStateContext);
  let draftId: number;
  try {
    draftId = (await back.call(editorialEndpoints.createDraft, { body: submission.value })).draftId!;
  } catch (error) {
    return backErrorReply(submission, error);
  }
  return redirectWithToast(`${pathOf(context, "admin-editor")}?draft=${draftId}`, {
    type: "success",
    message: serverT(context, "admin-tools")("editor.saved"),
  });
}

export default function EditorCreate() {
  const { t } = useTranslation("admin-tools");
  const path = usePagePath();
  const result = useActionData<FormReply>();
  const [form] = useSchemaForm(() => import("#core/contract/editorial.ts").then((m) => m.NewDraftSchema), result);
  const { message, errors, value } = formView(form);
  const formRef = useFocusFirstError(result);
  const first = firstErrorField(errors, ["kind", "brand", "lang", "title", "slug", "summary", "body"]);
  return (
    <AdminToolsMain current="admin-editor" title={t("create.title")} testId="admin-editor-create">
      <p>
        <Link to={path("admin-editor")} className="font-semibold text-blue-800 underline">
          {t("editor.backToList")}
        </Link>
      </p>
      <Form
        method="post"
        id={form.id}
        onSubmit={form.onSubmit}
        ref={formRef}
        className="grid max-w-3xl gap-4 sm:grid-cols-3"
        noValidate
        data-testid="create-form"
      >
        <AuthenticityTokenInput name="csrf" />
        <div className="sm:col-span-3">
          <FormMessage message={message} />
        </div>
        <SelectField
          name="kind"
          label={t("fields.kind")}
          defaultValue={value("kind") ?? "page"}
          options={CONTENT_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
          errors={errors.kind}
          autoFocus={first === "kind" || undefined}
        />
        <SelectField
          name="brand"
          label={t("fields.brand")}
          defaultValue={value("brand") ?? "fr"}
          options={BRAND_KEYS.map((b) => ({ value: b, label: t(`brands.${b}`) }))}
          errors={errors.brand}
        />
        <SelectField
          name="lang"
          label={t("fields.lang")}
          defaultValue={value("lang") ?? "fr"}
          options={CONTENT_LANGS.map((l) => ({ value: l, label: t(`langs.${l}`) }))}
          errors={errors.lang}
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
        <TextField
          className="sm:col-span-3"
          name="slug"
          label={t("fields.slug")}
          hint={t("editor.slugHint")}
          defaultValue={value("slug")}
          errors={errors.slug}
          required
          autoFocus={first === "slug" || undefined}
        />
        <TextAreaField
          className="sm:col-span-3"
          name="summary"
          label={t("fields.summaryOptional")}
          defaultValue={value("summary")}
          errors={errors.summary}
          rows={2}
          autoFocus={first === "summary" || undefined}
        />
        <TextAreaField
          className="sm:col-span-3"
          name="body"
          label={t("fields.body")}
          defaultValue={value("body")}
          errors={errors.body}
          rows={12}
          autoFocus={first === "body" || undefined}
        />
        <p className="text-sm text-slate-700 sm:col-span-3">{t("editor.htmlHint")}</p>
        <div className="sm:col-span-3">
          <SubmitButton>{t("create.submit")}</SubmitButton>
        </div>
      </Form>
    </AdminToolsMain>
  );
}
