import type { RouterContextProvider } from "react-router";
import { z } from "zod";
import { BRAND_KEYS } from "#core/branding/brands.ts";
import { CONTENT_KINDS, ContentListPageSchema, DraftFieldsSchema, type ContentKind } from "#core/contract/editorial.ts";
import { editorialEndpoints as endpoints } from "#core/contract/endpoints/editorial.ts";
import { IdParam } from "#core/contract/ids.ts";
import { BackError } from "~/lib/back.server";
import { requestStateContext } from "~/lib/context";
import { notFound } from "~/lib/errors.server";
import { backErrorReply } from "~/lib/forms.server";
import { intentAction, intentBranch } from "~/lib/intent-action.server";
import { pathOf } from "~/lib/paths.server";
import { redirectWithToast } from "~/lib/toast.server";
import { serverT } from "~/lib/translate.server";

type Context = Readonly<RouterContextProvider>;

/** The discard confirmation: a live item names its draft; a new item's draft is the page's own (`?draft=`). */
const DiscardSchema = z.object({ draftId: IdParam.optional() });

const pick = <T extends string>(list: readonly T[], value: string | null): T | undefined =>
  (list as readonly string[]).includes(value ?? "") ? (value as T) : undefined;

/** Which item the editor shows: ?kind=page&id=12 (a live item), ?draft=5 (a new item's draft), or none (the list). */
export function editorTarget(url: URL): { kind: ContentKind; id: number } | { draft: number } | null {
  const kind = pick(CONTENT_KINDS, url.searchParams.get("kind"));
  const id = IdParam.safeParse(url.searchParams.get("id") ?? "");
  if (kind && id.success) return { kind, id: id.data };
  const draft = IdParam.safeParse(url.searchParams.get("draft") ?? "");
  if (draft.success) return { draft: draft.data };
  return null;
}

export function editorUrl(context: Context, target: { kind: ContentKind; id: number } | { draft: number }): string {
  const query = "draft" in target ? `draft=${target.draft}` : `kind=${target.kind}&id=${target.id}`;
  return `${pathOf(context, "admin-editor")}?${query}`;
}

export async function loadEditor(url: URL, context: Context) {
  const { back } = context.get(requestStateContext);
  const title = serverT(context, "admin-tools")("editor.title");
  const target = editorTarget(url);
  if (target) {
    const read =
      "draft" in target
        ? back.call(endpoints.draft, { params: { id: target.draft } })
        : back.call(endpoints.content, { params: { kind: target.kind, id: target.id } });
    const item = await read.catch((error: unknown) => {
      if (error instanceof BackError && error.status === 404) notFound(url.pathname);
      throw error;
    });
    return {
      mode: "edit" as const,
      title,
      item,
      confirmDiscard: url.searchParams.get("confirm") === "discard" && item.draftId !== null,
      list: null,
      paging: null,
      filters: null,
    };
  }
  // An id or a draft that is not one: no such item.
  if (url.searchParams.get("id") || url.searchParams.get("draft")) notFound(url.pathname);
  const brand = pick(BRAND_KEYS, url.searchParams.get("brand"));
  const kind = pick(CONTENT_KINDS, url.searchParams.get("kind"));
  const filters = { brand: brand ?? "", kind: kind ?? "", q: (url.searchParams.get("q") ?? "").trim().slice(0, 100) };
  const { sort, dir, page } = ContentListPageSchema.parse(Object.fromEntries(url.searchParams));
  const list = await back.call(endpoints.contentList, { query: { brand, kind, q: filters.q, sort, dir, page } });
  return { mode: "list" as const, title, item: null, confirmDiscard: false, list: list.items, paging: list.paging, filters: { ...filters, sort, dir } };
}

/** The editor's three intents: save the draft, save and publish it, discard it (after confirmation). */
export async function editorAction(request: Request, url: URL, context: Context) {
  const target = editorTarget(url);
  if (!target) notFound(url.pathname);
  const t = serverT(context, "admin-tools");
  const { back } = context.get(requestStateContext);
  const save = intentBranch({
    schema: DraftFieldsSchema,
    omit: ["draftId"],
    run: async ({ value, intent, submission }) => {
      let draftId: number;
      try {
        const saved =
          "draft" in target
            ? await back.call(endpoints.saveDraft, { params: { id: target.draft }, body: value })
            : await back.call(endpoints.saveDraftOf, { params: { kind: target.kind, id: target.id }, body: value });
        draftId = saved.draftId!;
        if (intent === "publish") {
          const published = await back.call(endpoints.publishDraft, { params: { id: draftId }, body: {} });
          return redirectWithToast(editorUrl(context, { kind: published.kind, id: published.id! }), { type: "success", message: t("editor.publishDone") });
        }
      } catch (error) {
        return backErrorReply(submission, error);
      }
      return redirectWithToast(editorUrl(context, { draft: draftId }), { type: "success", message: t("editor.saved") });
    },
  });
  return intentAction(request, context, {
    save,
    publish: save,
    discard: intentBranch({
      schema: DiscardSchema,
      run: async ({ value }) => {
        if (!("draft" in target) && value.draftId === undefined) notFound(url.pathname);
        const draftId = "draft" in target ? target.draft : value.draftId!;
        try {
          await back.call(endpoints.discardDraft, { params: { id: draftId }, body: {} });
        } catch (error) {
          if (error instanceof BackError && error.status === 404) notFound(url.pathname);
          throw error;
        }
        const next = "draft" in target ? pathOf(context, "admin-editor") : editorUrl(context, target);
        return redirectWithToast(next, { type: "success", message: t("editor.discarded") });
      },
    }),
  });
}
