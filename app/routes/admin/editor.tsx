import { Form, Link, useActionData } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { BRAND_KEYS } from "#core/branding/brands.ts";
import type { Paging } from "#core/domain/pagination.ts";
import { CONTENT_KINDS, type ContentItem, type ContentListPage, type ContentSummary } from "#core/contract/editorial.ts";
import { formatInstant } from "#core/domain/format.ts";
import type { Route } from "./+types/editor";
import { AdminToolsMain, CELL, StatusBadge } from "~/components/admin-tools/admin-tools";
import { ConfirmLink, ConfirmPanel } from "~/components/ui/confirm";
import { FilterSelect, ListFilters, ListTable } from "~/components/admin/admin-list";
import { RichText } from "~/components/content/rich-text";
import { ButtonLink } from "~/components/ui/button";
import { SubmitButton, TextAreaField, TextField, firstErrorField, useFocusFirstError } from "~/components/ui/form-fields";
import { FormMessage } from "~/components/ui/form-message";
import { useTranslation } from "~/i18n/react";
import { usePagePath } from "~/i18n/use-page-path";
import { formView, useSchemaForm } from "~/lib/forms";
import type { FormReply } from "~/lib/form-reply";
import { useRootData } from "~/lib/use-root-data";
import { editorAction, loadEditor } from "./editor.server";
import { pageMeta } from "~/lib/meta";

/** /admin/editor: content pages, news and experts per brand and language; ?kind&id or ?draft edits one (draft, preview, publish). */
export async function loader({ url, context }: Route.LoaderArgs) {
  return loadEditor(url, context);
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => pageMeta(matches, { title: loaderData?.title, noindex: true });

export async function action({ request, url, context }: Route.ActionArgs) {
  return editorAction(request, url, context);
}

export default function Editor({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin-tools");
  return (
    <AdminToolsMain current="admin-editor" title={t("editor.title")} testId="admin-editor">
      {loaderData.mode === "edit" ? (
        <EditItem item={loaderData.item} confirmDiscard={loaderData.confirmDiscard} />
      ) : (
        <ItemList items={loaderData.list} paging={loaderData.paging} filters={loaderData.filters} />
      )}
    </AdminToolsMain>
  );
}

function ItemList({
  items,
  paging,
  filters,
}: {
  items: ContentSummary[];
  paging: Paging;
  filters: { brand: string; kind: string; q: string; sort: ContentListPage["sort"]; dir: ContentListPage["dir"] };
}) {
  const { t } = useTranslation("admin-tools");
  const path = usePagePath();
  const locale = useRootData()?.locale ?? "fr-FR";
  const editLink = (item: ContentSummary) => `${path("admin-editor")}?${item.id !== null ? `kind=${item.kind}&id=${item.id}` : `draft=${item.draftId}`}`;
  return (
    <>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <ListFilters query={filters} searchLabel={t("editor.search")}>
          <FilterSelect name="brand" label={t("fields.brand")} value={filters.brand} options={BRAND_KEYS.map((b) => ({ value: b, label: t(`brands.${b}`) }))} />
          <FilterSelect name="kind" label={t("fields.kind")} value={filters.kind} options={CONTENT_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))} />
        </ListFilters>
        <ButtonLink to={path("admin-editor-create")}>{t("editor.create")}</ButtonLink>
      </div>
      <ListTable
        paging={paging}
        empty={t("list.empty")}
        rowCount={items.length}
        testId="editor-list"
        columns={[
          { label: t("fields.title"), sort: "title" },
          { label: t("fields.kind"), sort: "kind" },
          { label: t("fields.brand"), sort: "brand" },
          { label: t("fields.lang") },
          { label: t("editor.status") },
          { label: t("editor.updated"), sort: "updated" },
        ]}
        sorting={filters}
      >
        {items.map((item) => (
          <tr key={`${item.kind}-${item.id ?? "d"}-${item.draftId ?? ""}`} data-testid="editor-row" data-slug={item.slug}>
            <td className={CELL}>
              <Link to={editLink(item)} className="font-semibold text-blue-800 underline">
                {item.title}
              </Link>
              <br />
              <span className="text-slate-700">{item.slug}</span>
            </td>
            <td className={CELL}>{t(`kinds.${item.kind}`)}</td>
            <td className={CELL}>{t(`brands.${item.brand}`)}</td>
            <td className={CELL}>{t(`langs.${item.lang}`)}</td>
            <td className={CELL}>
              <span className="flex flex-wrap gap-1">
                {item.published ? (
                  <StatusBadge tone="ok">{t("editor.published")}</StatusBadge>
                ) : (
                  <StatusBadge tone="off">{t("editor.unpublished")}</StatusBadge>
                )}
                {item.draftId !== null ? <StatusBadge tone="warn">{t("editor.hasDraft")}</StatusBadge> : null}
              </span>
            </td>
            <td className={CELL}>{item.updatedAt ? formatInstant(item.updatedAt, locale, { dateStyle: "medium" }) : ""}</td>
          </tr>
        ))}
      </ListTable>
    </>
  );
}

function EditItem({ item, confirmDiscard }: { item: ContentItem; confirmDiscard: boolean }) {
  const { t } = useTranslation("admin-tools");
  const path = usePagePath();
  const result = useActionData<FormReply>();
  const [form] = useSchemaForm(() => import("#core/contract/editorial.ts").then((m) => m.DraftFieldsSchema), result, { omit: ["draftId"] });
  const { message, errors, value, submitted } = formView(form);
  const formRef = useFocusFirstError(result);
  const first = firstErrorField(errors, ["slug", "title", "summary", "body"]);
  const source = item.draft ?? item.live!;
  const field = (name: "slug" | "title" | "summary" | "body") => (submitted ? (value(name) ?? "") : source[name]);
  const self = `${path("admin-editor")}?${item.id !== null ? `kind=${item.kind}&id=${item.id}` : `draft=${item.draftId}`}`;
  const hasSummary = item.kind !== "page";
  return (
    <div className="flex flex-col gap-6" data-testid="editor-item" data-kind={item.kind}>
      <p className="flex flex-wrap items-center gap-2 text-slate-800">
        <Link to={path("admin-editor")} className="font-semibold text-blue-800 underline">
          {t("editor.backToList")}
        </Link>
        <span aria-hidden="true">·</span>
        <span>
          {t(`kinds.${item.kind}`)} · {t(`brands.${item.brand}`)} · {t(`langs.${item.lang}`)}
        </span>
        {item.live ? <StatusBadge tone="ok">{t("editor.published")}</StatusBadge> : <StatusBadge tone="off">{t("editor.unpublished")}</StatusBadge>}
        {item.draft ? <StatusBadge tone="warn">{t("editor.hasDraft")}</StatusBadge> : null}
        {item.publicPath ? (
          <a href={item.publicPath} className="font-semibold text-blue-800 underline" data-testid="see-live" target="_blank" rel="noreferrer">
            {t("editor.seeLive")}
          </a>
        ) : null}
      </p>
      {confirmDiscard ? (
        <ConfirmPanel
          confirmKey="discard"
          title={t("editor.discardQuestion")}
          intent="discard"
          fields={{ draftId: item.draftId! }}
          submitLabel={t("editor.discardYes")}
          cancelTo={self}
          sendsConfirm={false}
        />
      ) : null}
      <Form method="post" id={form.id} onSubmit={form.onSubmit} ref={formRef} className="flex flex-col gap-4" noValidate data-testid="editor-form">
        <AuthenticityTokenInput name="csrf" />
        {item.draftId !== null ? <input type="hidden" name="draftId" value={item.draftId} /> : null}
        <FormMessage message={message} />
        <TextField
          name="title"
          label={item.kind === "expert" ? t("fields.name") : t("fields.title")}
          defaultValue={field("title")}
          errors={errors.title}
          required
          autoFocus={first === "title" || undefined}
        />
        <TextField
          name="slug"
          label={t("fields.slug")}
          hint={t("editor.slugHint")}
          defaultValue={field("slug")}
          errors={errors.slug}
          required
          autoFocus={first === "slug" || undefined}
        />
        {hasSummary ? (
          <TextAreaField
            name="summary"
            label={item.kind === "expert" ? t("fields.jobTitle") : t("fields.summary")}
            defaultValue={field("summary")}
            errors={errors.summary}
            rows={2}
            autoFocus={first === "summary" || undefined}
          />
        ) : null}
        <TextAreaField
          name="body"
          label={item.kind === "expert" ? t("fields.bio") : t("fields.body")}
          defaultValue={field("body")}
          errors={errors.body}
          rows={14}
          className="font-mono"
          autoFocus={first === "body" || undefined}
        />
        <p className="text-sm text-slate-700">{t("editor.htmlHint")}</p>
        <div className="flex flex-wrap gap-3">
          <SubmitButton intent="save" variant="secondary">
            {t("editor.saveDraft")}
          </SubmitButton>
          <SubmitButton intent="publish">{t("editor.publish")}</SubmitButton>
          {item.draftId !== null && !confirmDiscard ? (
            <ConfirmLink confirmKey="discard" to={`${self}&confirm=discard#confirm-discard`} look="danger" testId="discard-draft">
              {t("editor.discard")}
            </ConfirmLink>
          ) : null}
        </div>
      </Form>
      {item.draft ? (
        <section aria-labelledby="preview-heading" className="rounded-md border-2 border-dashed border-slate-400 p-4" data-testid="editor-preview">
          <h2 id="preview-heading" className="mb-3 text-lg font-bold">
            {t("editor.preview")}
          </h2>
          <p className="text-2xl font-extrabold">{item.draft.title}</p>
          {item.draft.summary ? <p className="mt-2 text-lg text-slate-800">{item.draft.summary}</p> : null}
          <RichText html={item.draft.body} className="mt-4" testId="preview-body" />
        </section>
      ) : null}
    </div>
  );
}
