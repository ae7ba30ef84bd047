import type { BrandKey } from "#core/branding/brands.ts";
import type { ContentItem, ContentKind, ContentListPage, ContentSummary, DraftFields, NewDraft } from "#core/contract/editorial.ts";
import { ADMIN_PAGE_SIZE, paging, type Paging } from "#core/contract/admin-list.ts";
import type { ServiceContext } from "../../service-context.ts";
import { AppError } from "../../http/app-error.ts";
import { sanitizeContentHtml } from "../content/sanitize.ts";
import { recordAdminChange } from "../audit/audit.service.ts";
import * as repo from "./editorial.repository.ts";

/**
 * Content pages, news and experts (ADR 0066): the back office edits a draft (bodies sanitised to the allow-list on
 * save), shows its preview, and publishes it: the live row is created or updated from the draft and the draft
 * removed, in one transaction with its audit entry. The guest page cache empties on any successful write.
 */

type Lang = "fr" | "es";
const iso = (value: Date | string | null | undefined) => (value ? new Date(value).toISOString() : null);
const toFields = (row: { slug: string; title: string; summary: string; body: string }) => ({
  slug: row.slug,
  title: row.title,
  summary: row.summary,
  body: row.body,
});

/** The public path of a published item (French or Spanish paths by its language). */
export function publicPathOf(kind: ContentKind, lang: string, slug: string): string | null {
  if (slug.startsWith("_")) return null;
  if (kind === "page") return `/pages/${slug}`;
  if (kind === "news") return `${lang === "es" ? "/noticias" : "/actualites"}/${slug}`;
  return `/experts/${slug}`;
}

/** What a draft stores: trimmed fields, the body cleaned by the same allow-list the public pages use. */
function cleanFields(fields: DraftFields) {
  return { slug: fields.slug, title: fields.title, summary: fields.summary ?? "", body: sanitizeContentHtml(fields.body ?? "") };
}

/**
 * The editor list: live rows and new drafts of the three kinds, filtered, sorted and one page of them (ADR 0061).
 * The three tables are small (a few hundred rows a brand), so the list is put together and sorted in memory.
 */
export async function listContent(
  ctx: ServiceContext,
  brand: BrandKey | undefined,
  kind: ContentKind | undefined,
  q: string | undefined,
  page: ContentListPage,
): Promise<{ items: ContentSummary[]; paging: Paging }> {
  const text = q?.trim().toLocaleLowerCase();
  const all = await listAllContent(ctx, brand, kind);
  const found = text ? all.filter((item) => `${item.title} ${item.slug}`.toLocaleLowerCase().includes(text)) : all;
  const key = (item: ContentSummary): string =>
    page.sort === "updated" ? (item.updatedAt ?? "") : page.sort === "title" ? item.title.toLocaleLowerCase() : item[page.sort];
  const sign = page.dir === "asc" ? 1 : -1;
  const sorted = [...found].sort((a, b) => sign * (key(a).localeCompare(key(b)) || (a.id ?? 0) - (b.id ?? 0) || (a.draftId ?? 0) - (b.draftId ?? 0)));
  const start = (page.page - 1) * ADMIN_PAGE_SIZE;
  return { items: sorted.slice(start, start + ADMIN_PAGE_SIZE), paging: paging(sorted.length, page.page) };
}

async function listAllContent(ctx: ServiceContext, brand: BrandKey | undefined, kind: ContentKind | undefined): Promise<ContentSummary[]> {
  const { db } = ctx;
  const kinds: ContentKind[] = kind ? [kind] : ["page", "news", "expert"];
  const drafts = await repo.listDrafts(db, brand);
  const items: ContentSummary[] = [];
  for (const k of kinds) {
    const live = k === "page" ? await repo.listPages(db, brand) : k === "news" ? await repo.listNewsItems(db, brand) : await repo.listPeople(db, brand);
    for (const row of live) {
      const draft = drafts.find((d) => d.kind === k && d.entityId === row.id);
      items.push({
        kind: k,
        id: row.id,
        draftId: draft?.id ?? null,
        brand: row.brand as BrandKey,
        lang: row.lang as Lang,
        slug: row.slug,
        title: row.title,
        published: k !== "news" || (row as { publishedAt?: Date | null }).publishedAt != null,
        updatedAt: iso(draft?.updatedAt ?? row.updatedAt),
      });
    }
    for (const draft of drafts.filter((d) => d.kind === k && d.entityId === null)) {
      items.push({
        kind: k,
        id: null,
        draftId: draft.id,
        brand: draft.brand as BrandKey,
        lang: draft.lang as Lang,
        slug: draft.slug,
        title: draft.title,
        published: false,
        updatedAt: iso(draft.updatedAt),
      });
    }
  }
  return items;
}

function itemOf(kind: ContentKind, live: repo.LiveFields | undefined, draft: repo.DraftRow | undefined): ContentItem {
  const source = live ?? draft!;
  return {
    kind,
    id: live?.id ?? null,
    draftId: draft?.id ?? null,
    brand: source.brand as BrandKey,
    lang: source.lang as Lang,
    live: live ? toFields(live) : null,
    draft: draft ? toFields(draft) : null,
    publicPath: live ? publicPathOf(kind, live.lang, live.slug) : null,
  };
}

export async function getContentItem(ctx: ServiceContext, kind: ContentKind, id: number): Promise<ContentItem> {
  const live = await repo.findLive(ctx.db, kind, id);
  if (!live) throw new AppError("NOT_FOUND", "adminContentNotFound");
  return itemOf(kind, live, await repo.findDraftOf(ctx.db, kind, id));
}

export async function getDraftItem(ctx: ServiceContext, draftId: number): Promise<ContentItem> {
  const draft = await repo.findDraft(ctx.db, draftId);
  if (!draft) throw new AppError("NOT_FOUND", "adminContentNotFound");
  const live = draft.entityId !== null ? await repo.findLive(ctx.db, draft.kind, draft.entityId) : undefined;
  return itemOf(draft.kind as ContentKind, live, draft);
}

async function requireFreeSlug(db: Parameters<typeof repo.slugTaken>[0], kind: string, brand: string, slug: string, exceptId: number | null) {
  if (await repo.slugTaken(db, kind, brand, slug, exceptId)) throw new AppError("CONFLICT", "contentSlugTaken", { fields: { slug: ["contentSlugTaken"] } });
}

/** editor/create-page: a new draft, published later. */
export async function createDraft(ctx: ServiceContext, actorId: number, input: NewDraft): Promise<ContentItem> {
  const fields = cleanFields(input);
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    await requireFreeSlug(tx, input.kind, input.brand, fields.slug, null);
    const draft = await repo.insertDraft(tx, {
      kind: input.kind,
      entityId: null,
      brand: input.brand,
      lang: input.lang,
      ...fields,
      updatedBy: actorId,
      updatedAt: now,
    });
    await recordAdminChange(
      { ...ctx, db: tx },
      {
        actorId,
        action: "content.draftCreated",
        entityType: `draft.${input.kind}`,
        entityId: draft.id,
        before: null,
        after: { brand: input.brand, lang: input.lang, ...fields },
      },
    );
    return itemOf(input.kind, undefined, draft);
  });
}

/** Saves the draft of a live item (made on first save). */
export async function saveDraftOf(ctx: ServiceContext, actorId: number, kind: ContentKind, id: number, input: DraftFields): Promise<ContentItem> {
  const fields = cleanFields(input);
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const live = await repo.findLive(tx, kind, id);
    if (!live) throw new AppError("NOT_FOUND", "adminContentNotFound");
    await requireFreeSlug(tx, kind, live.brand, fields.slug, id);
    const existing = await repo.findDraftOf(tx, kind, id);
    const draft = existing
      ? await repo.updateDraft(tx, existing.id, { ...fields, updatedBy: actorId, updatedAt: now })
      : await repo.insertDraft(tx, { kind, entityId: id, brand: live.brand, lang: live.lang, ...fields, updatedBy: actorId, updatedAt: now });
    await recordAdminChange(
      { ...ctx, db: tx },
      {
        actorId,
        action: "content.draftSaved",
        entityType: kind,
        entityId: id,
        before: existing ? toFields(existing) : null,
        after: fields,
      },
    );
    return itemOf(kind, live, draft);
  });
}

export async function saveDraft(ctx: ServiceContext, actorId: number, draftId: number, input: DraftFields): Promise<ContentItem> {
  const fields = cleanFields(input);
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const existing = await repo.findDraft(tx, draftId, true);
    if (!existing) throw new AppError("NOT_FOUND", "adminContentNotFound");
    await requireFreeSlug(tx, existing.kind, existing.brand, fields.slug, existing.entityId);
    const draft = await repo.updateDraft(tx, draftId, { ...fields, updatedBy: actorId, updatedAt: now });
    await recordAdminChange(
      { ...ctx, db: tx },
      {
        actorId,
        action: "content.draftSaved",
        entityType: `draft.${existing.kind}`,
        entityId: draftId,
        before: toFields(existing),
        after: fields,
      },
    );
    const live = existing.entityId !== null ? await repo.findLive(tx, existing.kind, existing.entityId) : undefined;
    return itemOf(existing.kind as ContentKind, live, draft);
  });
}

/** Publishes a draft: the live row is created or updated with its fields, the draft is gone. */
export async function publishDraft(ctx: ServiceContext, actorId: number, draftId: number): Promise<ContentItem> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const draft = await repo.findDraft(tx, draftId, true);
    if (!draft) throw new AppError("NOT_FOUND", "adminContentNotFound");
    const kind = draft.kind as ContentKind;
    const fields = { ...toFields(draft), body: sanitizeContentHtml(draft.body) };
    await requireFreeSlug(tx, kind, draft.brand, fields.slug, draft.entityId);
    let before: ReturnType<typeof toFields> | null = null;
    let id: number;
    if (draft.entityId !== null) {
      const live = await repo.findLive(tx, kind, draft.entityId);
      if (!live) throw new AppError("NOT_FOUND", "adminContentNotFound");
      before = toFields(live);
      await repo.updateLive(tx, kind, draft.entityId, fields, now);
      id = draft.entityId;
    } else {
      id = await repo.insertLive(tx, kind, { brand: draft.brand, lang: draft.lang, ...fields }, now);
    }
    await repo.deleteDraft(tx, draftId);
    await recordAdminChange({ ...ctx, db: tx }, { actorId, action: "content.published", entityType: kind, entityId: id, before, after: fields });
    const live = await repo.findLive(tx, kind, id);
    return itemOf(kind, live, undefined);
  });
}

export async function discardDraft(ctx: ServiceContext, actorId: number, draftId: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const draft = await repo.findDraft(tx, draftId, true);
    if (!draft) throw new AppError("NOT_FOUND", "adminContentNotFound");
    await repo.deleteDraft(tx, draftId);
    await recordAdminChange(
      { ...ctx, db: tx },
      {
        actorId,
        action: "content.draftDiscarded",
        entityType: `draft.${draft.kind}`,
        entityId: draftId,
        before: toFields(draft),
        after: null,
      },
    );
  });
}
