import type { Db } from "../../../db/client.ts";
import type { ServiceContext } from "../../service-context.ts";
import type { Brand, SortOption } from "#core/branding/brands.ts";
import { paginate } from "#core/domain/pagination.ts";
import {
  deriveMixedDisplayType,
  dpcSubType,
  effectiveTrainingType,
  isTrainingType,
  moduleKindOf,
  type DpcSubType,
  type ModuleKind,
  type TrainingType,
} from "#core/domain/training-types.ts";
import { AppError } from "../../http/app-error.ts";
import {
  countCatalogue,
  listCataloguePage,
  type AudienceProfile,
  type CatalogueFilter,
  type CatalogueOrder,
  type CatalogueRow,
} from "./catalogue.repository.ts";
import type { CatalogueQuery, CatalogueSort } from "#core/contract/catalogue.ts";
import { listBookmarks } from "./bookmarks.service.ts";
import { cachedByVersion, catalogueVersion, isCatalogueCacheEnabled } from "./catalogue-cache.ts";
import { markedToHtml, searchTerms, tsQueryText } from "./search-text.ts";
import type { Viewer } from "./viewer.ts";
import type { CatalogCourse, CataloguePage } from "#core/contract/catalogue.ts";

export function toIso(value: Date | string | null): string | null {
  if (value === null || value === undefined) return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

function kindsOf(codes: readonly number[]): ModuleKind[] {
  return codes.map((code) => moduleKindOf(Number(code))).filter((kind): kind is ModuleKind => kind !== null);
}

/** The effective type and the display type (mixed combination or DPC sub-type) of a training. */
export function deriveTypes(facts: { type: string; isVirtual: boolean; hasDpcData: boolean; kinds: ModuleKind[] }): {
  effectiveType: TrainingType;
  displayType: string;
  dpcSubType: DpcSubType | null;
} {
  const stored: TrainingType = isTrainingType(facts.type) ? facts.type : "formation";
  const effectiveType = effectiveTrainingType({ type: stored, isVirtual: facts.isVirtual, hasDpcData: facts.hasDpcData });
  const sub = effectiveType === "dpc" ? dpcSubType(facts.kinds) : null;
  const displayType = effectiveType === "mixt" ? deriveMixedDisplayType(facts.kinds) : (sub ?? effectiveType);
  return { effectiveType, displayType, dpcSubType: sub };
}

export function toCatalogCourse(row: CatalogueRow): CatalogCourse {
  const { effectiveType, displayType } = deriveTypes({
    type: row.type,
    isVirtual: row.is_virtual,
    hasDpcData: row.dpc_action !== null,
    kinds: kindsOf(row.course_types ?? []),
  });
  const course: CatalogCourse = {
    id: Number(row.id),
    name: row.name,
    slug: row.slug,
    type: effectiveType,
    type_to_display: displayType,
    durations: {
      total: Number(row.duration_minutes),
      faceToFace: row.face_to_face_duration_minutes === null ? null : Number(row.face_to_face_duration_minutes),
    },
    fundings: row.funding_codes ?? [],
    illustration: row.main_illustration,
    last_update: toIso(row.last_update),
    logo_small_provider: null,
    provider_name: row.provider_name,
    priceHT: Number(row.price_ht_cents),
    currency: row.currency,
    free: row.free || Number(row.price_ht_cents) === 0,
    credits: row.credits === null ? null : Number(row.credits),
    is_new: row.is_new,
    rating: row.rating_count > 0 && row.rating_average !== null ? Number(row.rating_average) : null,
    rating_count: Number(row.rating_count),
    tags: row.tags ?? [],
    course_id_dpc: row.dpc_action,
    audience: {
      pharmacistsOnly: row.pharmacists_only,
      nonPharmacistsOnly: row.non_pharmacists_only,
      holdersOnly: row.holders_only,
      nonHoldersOnly: row.non_holders_only,
    },
  };
  if (row.name_marked !== undefined) {
    course.highlight = {
      name: markedToHtml(row.name_marked ?? row.name),
      excerpt: row.excerpt_marked && row.excerpt_marked.includes("\u0002") ? markedToHtml(row.excerpt_marked.trim()) : null,
    };
  }
  return course;
}

function audienceProfile(query: CatalogueQuery, viewer: Viewer | null): AudienceProfile | null {
  if (query.audience !== "mine" || !viewer) return null;
  return { isPharmacist: viewer.isPharmacist, isHolder: viewer.isHolder };
}

/**
 * One page of the brand's catalogue in its content language (published, not test, not obsolete).
 * A sort the brand does not offer is a 422; a page past the end is clamped to the last page
 * (docs/decisions/0008-catalogue-pagination.md). A search text without any word finds nothing.
 */
/** The compliance filters given, or undefined (so the cache key of an unfiltered page is what it was). */
function complianceFilterOf(query: CatalogueQuery): CatalogueFilter["compliance"] {
  const compliance = {
    ...(query.dpcType ? { dpcType: query.dpcType } : {}),
    ...(query.orientation ? { orientation: true } : {}),
    ...(query.axis ? { axis: Number(query.axis) } : {}),
    ...(query.category ? { category: query.category } : {}),
    ...(query.rcf ? { rcf: true } : {}),
  };
  return Object.keys(compliance).length ? compliance : undefined;
}

/** `bookmarkedBy`: the user whose bookmarks the `favourites` filter keeps (the route requires a session for it). */
export async function listCatalogue(
  ctx: ServiceContext,
  query: CatalogueQuery,
  viewer: Viewer | null,
  bookmarkedBy: number | null = null,
): Promise<CataloguePage> {
  const { db, brand } = ctx;
  if (query.sort && !brand.catalog.sortOptions.includes(query.sort as SortOption)) {
    throw new AppError("VALIDATION", "invalidInput", { fields: { sort: ["sortNotOffered"] } });
  }
  const text = query.q?.trim() ?? "";
  const terms = text ? searchTerms(text) : [];
  const order: CatalogueOrder = (query.sort as CatalogueSort | undefined) ?? (text ? "relevance" : "newest");
  const empty = { items: [], total: 0, page: 1, pageSize: query.pageSize, pageCount: 1, sort: order, sortOptions: brand.catalog.sortOptions };
  if (text && !terms.length) return empty;

  const filter: CatalogueFilter = {
    brand: brand.key,
    lang: brand.contentLang,
    type: query.type,
    funding: query.funding,
    minDuration: query.minDuration,
    maxDuration: query.maxDuration,
    isNew: query.new === true,
    audience: audienceProfile(query, viewer),
    compliance: complianceFilterOf(query),
    search: terms.length ? { terms: terms.map((term) => tsQueryText([term], "all")), any: tsQueryText(terms, "any") } : null,
  };
  // The ids are part of the cache key, so a changed bookmark never serves a stale page.
  if (query.favourites && bookmarkedBy !== null) filter.ids = await listBookmarks(ctx, brand, bookmarkedBy);
  const page = { page: query.page, pageSize: query.pageSize };
  const compute = () => computeCataloguePage(db, brand, filter, order, page);
  if (!isCatalogueCacheEnabled()) return compute();
  const key = JSON.stringify([filter, order, page]);
  return cachedByVersion(db, await catalogueVersion(ctx), key, compute);
}

async function computeCataloguePage(
  db: Db,
  brand: Brand,
  filter: CatalogueFilter,
  order: CatalogueOrder,
  { page, pageSize }: { page: number; pageSize: number },
): Promise<CataloguePage> {
  // Page 1 needs no clamping: its rows and the count are fetched together.
  let total: number;
  let rows: CatalogueRow[];
  let pagination;
  if (page === 1) {
    [total, rows] = await Promise.all([countCatalogue(db, filter), listCataloguePage(db, filter, order, { limit: pageSize, offset: 0 })]);
    pagination = paginate({ total, page: 1, pageSize });
  } else {
    total = await countCatalogue(db, filter);
    pagination = paginate({ total, page, pageSize });
    rows = total ? await listCataloguePage(db, filter, order, { limit: pagination.pageSize, offset: pagination.offset }) : [];
  }
  return {
    items: rows.map(toCatalogCourse),
    total,
    page: pagination.page,
    pageSize: pagination.pageSize,
    pageCount: pagination.pageCount,
    sort: order,
    sortOptions: brand.catalog.sortOptions,
  };
}

/** Catalog courses by id (visible ones of the brand only), in the order of `ids`. */
export async function listCoursesByIds(ctx: ServiceContext, ids: number[]): Promise<CatalogCourse[]> {
  if (!ids.length) return [];
  const { brand } = ctx;
  const rows = await listCataloguePage(ctx.db, { brand: brand.key, lang: brand.contentLang, ids }, "newest", { limit: ids.length, offset: 0 });
  const byId = new Map(rows.map((row) => [Number(row.id), toCatalogCourse(row)]));
  return ids.map((id) => byId.get(id)).filter((course): course is CatalogCourse => course !== undefined);
}
