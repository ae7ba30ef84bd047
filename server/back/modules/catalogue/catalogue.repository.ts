import { and, asc, desc, eq, inArray, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { preparedPerDatabase } from "../../../db/prepared-queries.ts";
import {
  agreements,
  associatedTrainings,
  bookmarks,
  courses,
  dpcProgrammeAgreements,
  dpcProgrammes,
  faceToFaceSessions,
  faceToFaces,
  fundings,
  modules,
  objectives,
  people,
  reviews,
  sessionDates,
  trainingFundings,
  trainingPeople,
  trainingTags,
  trainings,
} from "../../../db/schema/index.ts";
import type { BrandKey } from "#core/branding/brands.ts";
import type { TrainingType } from "#core/domain/training-types.ts";
import type { CatalogueFunding } from "#core/contract/catalogue.ts";
import { MARK_START, MARK_STOP } from "./search-text.ts";

/**
 * Catalogue queries. Listing = one page query (index range scan in the sort order, tags, fundings,
 * course types and DPC number aggregated per row of the page only) + one count. Search uses the
 * language's text search configuration (unaccent + stemmer, migration 0001) through GIN indexes.
 */

export type ContentLang = "fr" | "es";

// Identifiers from fixed tables (never from input): inlined so partial and expression indexes match.
const SEARCH_CONFIG: Record<ContentLang, SQL> = {
  fr: sql.raw("'public.catalogue_search_fr'::regconfig"),
  es: sql.raw("'public.catalogue_search_es'::regconfig"),
};
const SORT_COLLATION: Record<ContentLang, SQL> = {
  fr: sql.raw("public.catalogue_sort_fr"),
  es: sql.raw("public.catalogue_sort_es"),
};
const LANG_LITERAL: Record<ContentLang, SQL> = { fr: sql.raw("'fr'"), es: sql.raw("'es'") };
/** What a visitor may see: the predicate of the partial catalogue indexes, verbatim. */
const VISIBLE = sql.raw("t.is_published and not t.is_test and not t.obsolete");

export type AudienceProfile = { isPharmacist: boolean; isHolder: boolean };

export type CatalogueFilter = {
  brand: BrandKey;
  lang: ContentLang;
  type?: TrainingType;
  funding?: CatalogueFunding;
  minDuration?: number;
  maxDuration?: number;
  isNew?: boolean;
  /** Leave out trainings this profile is not in the audience of. */
  audience?: AudienceProfile | null;
  /**
   * tsquery texts (see search-text.ts): each of `terms` must match in some field; `any` (all the words, or-ed)
   * ranks and highlights.
   */
  search?: { terms: string[]; any: string } | null;
  /** Only these trainings. */
  ids?: number[];
  /** What the trainings count for in the compliance tracker (issue 33): each given one must hold. */
  compliance?: { dpcType?: string; orientation?: boolean; axis?: number; category?: string; rcf?: boolean };
};

export type CatalogueOrder = "newest" | "alphabeticalOrder" | "rating" | "relevance";

/** The effective type (spec section 4) as a predicate on the stored columns. */
function typePredicate(type: TrainingType): SQL {
  const hasDpc = sql`exists (select 1 from dpc_programmes d where d.training_id = t.id)`;
  switch (type) {
    case "virtualClass":
      return sql`(t.type = 'virtualClass' or (t.type = 'faceToFaceOnly' and t.is_virtual))`;
    case "faceToFaceOnly":
      return sql`(t.type = 'faceToFaceOnly' and not t.is_virtual)`;
    case "formation":
      return sql`(t.type = 'formation' or (t.type = 'dpc' and not ${hasDpc}))`;
    case "dpc":
      return sql`(t.type = 'dpc' and ${hasDpc})`;
    default:
      return sql`t.type = ${type}`;
  }
}

function fundingPredicate(funding: CatalogueFunding): SQL {
  if (funding === "free") return sql`(t.free or t.price_ht_cents = 0)`;
  const codes = funding === "dpc" ? sql`('DPC')` : sql`('FUNDAE', 'BONIFICABLE')`;
  return sql`exists (select 1 from training_fundings tf join fundings f on f.id = tf.funding_id
    where tf.training_id = t.id and f.code in ${codes})`;
}

/** Name, short name and description: the expression of the trainings_search_{lang}_idx indexes, verbatim. */
function documentVector(lang: ContentLang): SQL {
  return sql`to_tsvector(${SEARCH_CONFIG[lang]}, t.name || ' ' || coalesce(t.short_name, '') || ' ' || t.description)`;
}

/**
 * Trainings one search word finds, through the indexes: in the name, short name or description
 * (trainings_search_{lang}_idx), in a tag (training_tags_search_{lang}_idx) or in a trainer's or author's name.
 */
function termMatches(lang: ContentLang, term: string): SQL {
  const cfg = SEARCH_CONFIG[lang];
  const query = sql`to_tsquery(${cfg}, ${term})`;
  // A stop word ("la", "de") gives an empty query: it does not restrict anything.
  return sql`(numnode(${query}) = 0 or t.id in (
      select t.id from trainings t where t.lang = ${LANG_LITERAL[lang]} and ${documentVector(lang)} @@ ${query}
      union
      select tt.training_id from training_tags tt where to_tsvector(${cfg}, tt.tag) @@ ${query}
      union
      select tp.training_id from training_people tp join people p on p.id = tp.person_id where to_tsvector(${cfg}, p.name) @@ ${query}
    ))`;
}

/**
 * Relevance: matches in the name and short name weigh most, then tags (description-only matches rank 0 and
 * come after, by name). Short texts only, so ranking every match stays cheap.
 */
function relevance(lang: ContentLang, any: string): SQL {
  const cfg = SEARCH_CONFIG[lang];
  return sql`ts_rank(
      setweight(to_tsvector(${cfg}, t.name || ' ' || coalesce(t.short_name, '')), 'A')
      || setweight(to_tsvector(${cfg}, coalesce((select string_agg(tt.tag, ' ') from training_tags tt where tt.training_id = t.id), '')), 'B'),
      to_tsquery(${cfg}, ${any}))`;
}

function whereClause(filter: CatalogueFilter): SQL {
  const parts: SQL[] = [sql`t.brand = ${filter.brand}`, sql`t.lang = ${LANG_LITERAL[filter.lang]}`, VISIBLE];
  if (filter.type) parts.push(typePredicate(filter.type));
  if (filter.funding) parts.push(fundingPredicate(filter.funding));
  if (filter.minDuration !== undefined) parts.push(sql`t.duration_minutes >= ${filter.minDuration}`);
  if (filter.maxDuration !== undefined) parts.push(sql`t.duration_minutes <= ${filter.maxDuration}`);
  if (filter.isNew) parts.push(sql`t.is_new`);
  if (filter.audience) {
    parts.push(filter.audience.isPharmacist ? sql`not t.non_pharmacists_only` : sql`not t.pharmacists_only`);
    parts.push(filter.audience.isHolder ? sql`not t.non_holders_only` : sql`not t.holders_only`);
  }
  if (filter.ids) {
    if (!filter.ids.length) parts.push(sql`false`);
    else parts.push(sql`t.id in ${filter.ids}`);
  }
  if (filter.compliance) {
    const c = filter.compliance;
    if (c.dpcType) parts.push(sql`${c.dpcType}::text = any(t.dpc_action_types)`);
    if (c.orientation) parts.push(sql`t.priority_orientation`);
    if (c.axis) parts.push(sql`${c.axis}::int = any(t.certification_axes)`);
    if (c.category) parts.push(sql`t.belgian_category = ${c.category}`);
    if (c.rcf) parts.push(sql`t.rcf_credits > 0`);
  }
  if (filter.search) {
    // Every word must match (in any field): one index-driven set per word; only stop words find nothing.
    parts.push(sql`numnode(to_tsquery(${SEARCH_CONFIG[filter.lang]}, ${filter.search.any})) > 0`);
    for (const term of filter.search.terms) parts.push(termMatches(filter.lang, term));
  }
  return sql.join(parts, sql` and `);
}

function orderClause(filter: CatalogueFilter, order: CatalogueOrder): SQL {
  const byName = sql`t.name collate ${SORT_COLLATION[filter.lang]}, t.id`;
  switch (order) {
    case "newest":
      return sql`t.created_at desc, t.id desc`;
    case "alphabeticalOrder":
      return byName;
    case "rating":
      return sql`t.rating_average desc nulls last, t.rating_count desc, t.id`;
    case "relevance":
      if (!filter.search) return sql`t.created_at desc, t.id desc`;
      return sql`${relevance(filter.lang, filter.search.any)} desc, ${byName}`;
  }
}

export type CatalogueRow = {
  id: number;
  name: string;
  short_name: string | null;
  slug: string;
  type: string;
  is_virtual: boolean;
  duration_minutes: number;
  face_to_face_duration_minutes: number | null;
  price_ht_cents: number;
  currency: string;
  free: boolean;
  credits: number | null;
  is_new: boolean;
  rating_average: number | null;
  rating_count: number;
  main_illustration: string | null;
  last_update: Date | string | null;
  provider_name: string | null;
  pharmacists_only: boolean;
  non_pharmacists_only: boolean;
  holders_only: boolean;
  non_holders_only: boolean;
  tags: string[];
  funding_codes: string[];
  course_types: number[];
  dpc_action: string | null;
  /** With a search: the name and a description excerpt with MARK_START/MARK_STOP around matches. */
  name_marked?: string | null;
  excerpt_marked?: string | null;
};

const HEADLINE_MARKS = `StartSel=${MARK_START}, StopSel=${MARK_STOP}`;

/** The description as plain text for excerpts: tags dropped, the usual entities decoded. */
const PLAIN_DESCRIPTION = sql`replace(replace(replace(replace(replace(replace(
    regexp_replace(t.description, '<[^>]*>', ' ', 'g'),
    '&nbsp;', ' '), '&lt;', '<'), '&gt;', '>'), '&quot;', '"'), '&#39;', ''''), '&amp;', '&')`;

function columns(filter: CatalogueFilter): SQL {
  const base = sql`t.id, t.name, t.short_name, t.slug, t.type, t.is_virtual, t.duration_minutes, t.face_to_face_duration_minutes,
    t.price_ht_cents, t.currency, t.free, t.credits, t.is_new, t.rating_average::float8 as rating_average, t.rating_count,
    t.main_illustration, t.last_update, t.provider_name,
    t.pharmacists_only, t.non_pharmacists_only, t.holders_only, t.non_holders_only,
    array(select tt.tag from training_tags tt where tt.training_id = t.id order by tt.tag) as tags,
    array(select f.code from training_fundings tf join fundings f on f.id = tf.funding_id where tf.training_id = t.id order by f.code) as funding_codes,
    array(select case when c.module_type = 2 and c.is_virtual then 3 else c.module_type end
          from courses c where c.training_id = t.id order by c.position) as course_types,
    (select d.action_number from dpc_programmes d where d.training_id = t.id order by d.id limit 1) as dpc_action`;
  if (!filter.search) return base;
  const cfg = SEARCH_CONFIG[filter.lang];
  const query = sql`to_tsquery(${cfg}, ${filter.search.any})`;
  return sql`${base},
    ts_headline(${cfg}, t.name, ${query}, ${`HighlightAll=true, ${HEADLINE_MARKS}`}) as name_marked,
    ts_headline(${cfg}, ${PLAIN_DESCRIPTION}, ${query},
      ${`MaxWords=28, MinWords=12, MaxFragments=2, FragmentDelimiter=" … ", ${HEADLINE_MARKS}`}) as excerpt_marked`;
}

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export async function countCatalogue(db: Db, filter: CatalogueFilter): Promise<number> {
  const [row] = await rows<{ total: number | string }>(db, sql`select count(*)::int as total from trainings t where ${whereClause(filter)}`);
  return Number(row?.total ?? 0);
}

export async function listCataloguePage(
  db: Db,
  filter: CatalogueFilter,
  order: CatalogueOrder,
  page: { limit: number; offset: number },
): Promise<CatalogueRow[]> {
  return rows<CatalogueRow>(
    db,
    sql`select ${columns(filter)} from trainings t where ${whereClause(filter)}
        order by ${orderClause(filter, order)} limit ${page.limit} offset ${page.offset}`,
  );
}

/** The catalogue's data version (migration 0002): bumped by any write to the tables the catalogue reads. */
export async function readCatalogueVersion(db: Db): Promise<string> {
  const [row] = await rows<{ version: string | number }>(db, sql`select version from catalogue_state where id = 1`);
  return String(row?.version ?? "0");
}

// ---------------------------------------------------------------- course page

export type TrainingRow = typeof trainings.$inferSelect;

export async function findTrainingBySlug(db: Db, brand: BrandKey, slug: string): Promise<TrainingRow | undefined> {
  const [row] = await db
    .select()
    .from(trainings)
    .where(and(eq(trainings.brand, brand), eq(trainings.slug, slug)))
    .limit(1);
  return row;
}

/**
 * Whether a training has DPC data (a DPC programme), as one column of a query that reads trainings. The outer row is
 * named in full (ADR 0097).
 */
export const hasDpcDataColumn = sql<boolean>`exists (select 1 from dpc_programmes d where d.training_id = "trainings"."id")`.mapWith(Boolean);

/** What a page that only names or links a training needs: its visibility and the facts of its effective type. */
export async function findTrainingRefBySlug(db: Db, brand: BrandKey, slug: string) {
  const [row] = await db
    .select({
      id: trainings.id,
      name: trainings.name,
      slug: trainings.slug,
      type: trainings.type,
      lang: trainings.lang,
      isVirtual: trainings.isVirtual,
      isPublished: trainings.isPublished,
      isTest: trainings.isTest,
      obsolete: trainings.obsolete,
      hasDpcData: hasDpcDataColumn,
    })
    .from(trainings)
    .where(and(eq(trainings.brand, brand), eq(trainings.slug, slug)))
    .limit(1);
  return row;
}

export async function listCoursesWithModules(db: Db, trainingId: number) {
  const courseRows = await db.select().from(courses).where(eq(courses.trainingId, trainingId)).orderBy(asc(courses.position));
  const moduleRows = courseRows.length
    ? await db
        .select({
          id: modules.id,
          courseId: modules.courseId,
          position: modules.position,
          type: modules.type,
          title: modules.title,
          durationMinutes: modules.durationMinutes,
        })
        .from(modules)
        .where(
          inArray(
            modules.courseId,
            courseRows.map((c) => c.id),
          ),
        )
        .orderBy(asc(modules.courseId), asc(modules.position))
    : [];
  return { courseRows, moduleRows };
}

export async function listObjectives(db: Db, trainingId: number) {
  return db
    .select({ type: objectives.type, text: objectives.text })
    .from(objectives)
    .where(eq(objectives.trainingId, trainingId))
    .orderBy(asc(objectives.type), asc(objectives.position), asc(objectives.id));
}

export async function listFaceToFaces(db: Db, trainingId: number) {
  const f2fRows = await db.select().from(faceToFaces).where(eq(faceToFaces.trainingId, trainingId)).orderBy(asc(faceToFaces.id));
  if (!f2fRows.length) return { f2fRows, sessionRows: [], dateRows: [] };
  const sessionRows = await db
    .select({
      id: faceToFaceSessions.id,
      faceToFaceId: faceToFaceSessions.faceToFaceId,
      name: faceToFaceSessions.name,
      city: faceToFaceSessions.city,
      marketingCity: faceToFaceSessions.marketingCity,
      postalCode: faceToFaceSessions.postalCode,
      address: faceToFaceSessions.address,
      startDate: faceToFaceSessions.startDate,
      startTime: faceToFaceSessions.startTime,
      endTime: faceToFaceSessions.endTime,
      maxParticipants: faceToFaceSessions.maxParticipants,
      currentParticipants: faceToFaceSessions.currentParticipants,
      multiDates: faceToFaceSessions.multiDates,
      trainerName: people.name,
    })
    .from(faceToFaceSessions)
    .leftJoin(people, eq(people.id, faceToFaceSessions.trainerId))
    .where(
      inArray(
        faceToFaceSessions.faceToFaceId,
        f2fRows.map((f) => f.id),
      ),
    );
  const dateRows = sessionRows.length
    ? await db
        .select()
        .from(sessionDates)
        .where(
          inArray(
            sessionDates.sessionId,
            sessionRows.map((s) => s.id),
          ),
        )
        .orderBy(asc(sessionDates.date), asc(sessionDates.startTime))
    : [];
  return { f2fRows, sessionRows, dateRows };
}

/** Seats of some sessions as they are now (the course page's cached detail takes its seats from here). */
export async function listSessionSeats(db: Db, sessionIds: number[]) {
  return db
    .select({ id: faceToFaceSessions.id, maxParticipants: faceToFaceSessions.maxParticipants, currentParticipants: faceToFaceSessions.currentParticipants })
    .from(faceToFaceSessions)
    .where(inArray(faceToFaceSessions.id, sessionIds));
}

export async function listDpcProgrammes(db: Db, trainingId: number) {
  const programmes = await db.select().from(dpcProgrammes).where(eq(dpcProgrammes.trainingId, trainingId)).orderBy(asc(dpcProgrammes.id));
  const agreementRows = programmes.length
    ? await db
        .select({
          programmeId: dpcProgrammeAgreements.programmeId,
          id: agreements.id,
          name: agreements.name,
          number: agreements.number,
          organisation: agreements.organisation,
        })
        .from(dpcProgrammeAgreements)
        .innerJoin(agreements, eq(agreements.id, dpcProgrammeAgreements.agreementId))
        .where(
          inArray(
            dpcProgrammeAgreements.programmeId,
            programmes.map((p) => p.id),
          ),
        )
        .orderBy(asc(agreements.name))
    : [];
  return { programmes, agreementRows };
}

export async function listTrainingFundings(db: Db, trainingId: number) {
  return db
    .select({ code: fundings.code, name: fundings.name })
    .from(trainingFundings)
    .innerJoin(fundings, eq(fundings.id, trainingFundings.fundingId))
    .where(eq(trainingFundings.trainingId, trainingId))
    .orderBy(asc(fundings.code));
}

export async function listTrainingPeople(db: Db, trainingId: number) {
  return db
    .select({ role: trainingPeople.role, slug: people.slug, name: people.name, title: people.title, photo: people.photo })
    .from(trainingPeople)
    .innerJoin(people, eq(people.id, trainingPeople.personId))
    .where(eq(trainingPeople.trainingId, trainingId))
    .orderBy(asc(trainingPeople.role), asc(trainingPeople.position), asc(people.name));
}

export async function listTags(db: Db, trainingId: number): Promise<string[]> {
  const tagRows = await db.select({ tag: trainingTags.tag }).from(trainingTags).where(eq(trainingTags.trainingId, trainingId)).orderBy(asc(trainingTags.tag));
  return tagRows.map((row) => row.tag);
}

export async function listReviews(db: Db, trainingId: number, limit: number) {
  return db
    .select({ id: reviews.id, authorName: reviews.authorName, rating: reviews.rating, comment: reviews.comment, createdAt: reviews.createdAt })
    .from(reviews)
    .where(eq(reviews.trainingId, trainingId))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(limit);
}

export async function listAssociatedIds(db: Db, trainingId: number): Promise<number[]> {
  const rowsFound = await db
    .select({ id: associatedTrainings.associatedTrainingId })
    .from(associatedTrainings)
    .where(eq(associatedTrainings.trainingId, trainingId))
    .orderBy(asc(associatedTrainings.position), asc(associatedTrainings.associatedTrainingId));
  return rowsFound.map((row) => row.id);
}

// ---------------------------------------------------------------- bookmarks

/** A training a visitor of the brand may bookmark: it exists in the brand and is visible. */
export async function findBookmarkableTraining(db: Db, brand: BrandKey, trainingId: number): Promise<boolean> {
  const found = await rows<{ id: number }>(db, sql`select t.id from trainings t where t.id = ${trainingId} and t.brand = ${brand} and ${VISIBLE} limit 1`);
  return found.length > 0;
}

/** The user's bookmarked trainings of one brand, newest bookmark first. */
export async function listBookmarkIds(db: Db, userId: number, brand: BrandKey): Promise<number[]> {
  const found = await bookmarkIdsQuery(db).execute({ userId, brand });
  return found.map((row) => row.id);
}

const bookmarkIdsQuery = preparedPerDatabase((db) =>
  db
    .select({ id: bookmarks.trainingId })
    .from(bookmarks)
    .innerJoin(trainings, eq(trainings.id, bookmarks.trainingId))
    .where(and(eq(bookmarks.userId, sql.placeholder("userId")), eq(trainings.brand, sql.placeholder("brand"))))
    .orderBy(desc(bookmarks.createdAt), desc(bookmarks.trainingId))
    .prepare("bookmark_ids"),
);

/** A bookmark with its training's brand. */
export type BookmarkOfBrand = { id: number; brand: BrandKey };

/**
 * The user's bookmarks of every brand, newest first as in `listBookmarkIds`, as a subquery of `userId` (a column of
 * the outer statement) for a lateral join: the session's statement reads them (ADR 0146).
 */
export function bookmarksOf(db: Db, userId: AnyColumn) {
  return db
    .select({
      list: sql<
        BookmarkOfBrand[]
      >`coalesce(json_agg(json_build_object('id', b.training_id, 'brand', bt.brand) order by b.created_at desc, b.training_id desc), '[]'::json)`.as(
        "bookmark_list",
      ),
    })
    .from(sql`${bookmarks} b join ${trainings} bt on bt.id = b.training_id`)
    .where(sql`b.user_id = ${userId}`)
    .as("session_bookmarks");
}

/** `bookmarksOf`'s list read on its own: the session's reads when the session came without them. */
export async function listBookmarksOfEveryBrand(db: Db, userId: number): Promise<BookmarkOfBrand[]> {
  return rows<BookmarkOfBrand>(
    db,
    sql`select b.training_id as id, t.brand from ${bookmarks} b join ${trainings} t on t.id = b.training_id where b.user_id = ${userId}
        order by b.created_at desc, b.training_id desc`,
  );
}

export async function addBookmark(db: Db, userId: number, trainingId: number, at: Date): Promise<void> {
  await db.insert(bookmarks).values({ userId, trainingId, createdAt: at }).onConflictDoNothing();
}

export async function removeBookmark(db: Db, userId: number, trainingId: number): Promise<void> {
  await db.delete(bookmarks).where(and(eq(bookmarks.userId, userId), eq(bookmarks.trainingId, trainingId)));
}
