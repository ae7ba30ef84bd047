import sanitizeHtml from "sanitize-html";
import type { Db } from "../../../db/client.ts";
import type { Brand, SortOption } from "#core/branding/brands.ts";
import { paginate } from "#core/domain/pagination.ts";
import { isSessionFull, seatsAvailable, sortSessions } from "#core/domain/sessions.ts";
import {
  deriveMixedDisplayType,
  dpcSubType,
  effectiveTrainingType,
  isLiveCourse,
  isTrainingType,
  moduleKindOf,
  type DpcSubType,
  type ModuleKind,
  type TrainingType,
} from "#core/domain/training-types.ts";
import { fitsAudience, type AudienceFit } from "#core/domain/user-state.ts";
import { AppError } from "../../http/app-error.ts";
import { getUserPayload } from "../user/user.service.ts";
import {
  addBookmark,
  countCatalogue,
  findBookmarkableTraining,
  findTrainingBySlug,
  listAssociatedIds,
  listBookmarkIds,
  listCataloguePage,
  listCoursesWithModules,
  listDpcProgrammes,
  listFaceToFaces,
  listObjectives,
  listReviews,
  listTags,
  listTrainingFundings,
  listTrainingPeople,
  readCatalogueVersion,
  removeBookmark,
  type AudienceProfile,
  type CatalogueFilter,
  type CatalogueOrder,
  type CatalogueRow,
} from "./catalogue.repository.ts";
import type { CatalogueQuery, CatalogueSort } from "#core/contract/catalogue.ts";
import { cachedByVersion, isCatalogueCacheEnabled } from "./catalogue-cache.ts";
import { markedToHtml, searchTerms, tsQueryText } from "./search-text.ts";
import type { CatalogCourse, CataloguePage, PersonPayload, SessionPayload, TrainingDetail } from "#core/contract/catalogue.ts";

// ---------------------------------------------------------------- viewer

/** What the catalogue needs to know about the visitor (null for a guest). */
export type Viewer = {
  userId: number;
  isAdmin: boolean;
  isPharmacist: boolean;
  isHolder: boolean;
  isPartnerCareClient: boolean;
};

export async function loadViewer(db: Db, session: { userId: number; accountId: number | null } | null): Promise<Viewer | null> {
  if (!session) return null;
  const user = await getUserPayload(db, session.userId, session.accountId);
  if (!user.loggedIn) return null;
  return {
    userId: user.id,
    isAdmin: user.isAdmin,
    isPharmacist: user.isPharmacist,
    isHolder: user.isHolder,
    isPartnerCareClient: user.isPartnerCareClient,
  };
}

// ---------------------------------------------------------------- catalogue



function toIso(value: Date | string | null): string | null {
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
    durations: { total: Number(row.duration_minutes), faceToFace: row.face_to_face_duration_minutes === null ? null : Number(row.face_to_face_duration_minutes) },
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
/** `bookmarkedBy`: the user whose bookmarks the `favourites` filter keeps (the route requires a session for it). */
export async function listCatalogue(db: Db, brand: Brand, query: CatalogueQuery, viewer: Viewer | null, bookmarkedBy: number | null = null): Promise<CataloguePage> {
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
    search: terms.length ? { terms: terms.map((term) => tsQueryText([term], "all")), any: tsQueryText(terms, "any") } : null,
  };
  // The ids are part of the cache key, so a changed bookmark never serves a stale page.
  if (query.favourites && bookmarkedBy !== null) filter.ids = await listBookmarkIds(db, bookmarkedBy, brand.key);
  const page = { page: query.page, pageSize: query.pageSize };
  const compute = () => computeCataloguePage(db, brand, filter, order, page);
  if (!isCatalogueCacheEnabled()) return compute();
  const key = JSON.stringify([filter, order, page]);
  return cachedByVersion(db, await readCatalogueVersion(db), key, compute);
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
async function listCoursesByIds(db: Db, brand: Brand, ids: number[]): Promise<CatalogCourse[]> {
  if (!ids.length) return [];
  const rows = await listCataloguePage(db, { brand: brand.key, lang: brand.contentLang, ids }, "newest", { limit: ids.length, offset: 0 });
  const byId = new Map(rows.map((row) => [Number(row.id), toCatalogCourse(row)]));
  return ids.map((id) => byId.get(id)).filter((course): course is CatalogCourse => course !== undefined);
}

// ---------------------------------------------------------------- course page

const DESCRIPTION_HTML: sanitizeHtml.IOptions = {
  allowedTags: ["h3", "h4", "p", "br", "strong", "b", "em", "i", "u", "sub", "sup", "ul", "ol", "li", "a", "blockquote", "aside", "span", "abbr"],
  allowedAttributes: { a: ["href", "title", "rel"], abbr: ["title"], aside: ["class"], "*": ["lang"] },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  transformTags: {
    // The page has its h1 (name) and h2 sections: headings inside the description start at h3.
    h1: "h3",
    h2: "h3",
    a: (tagName, attribs) => ({
      tagName,
      attribs: /^https?:\/\//i.test(attribs.href ?? "") ? { ...attribs, rel: "noopener noreferrer" } : attribs,
    }),
  },
};

/** Training HTML (sanitised on write too): cleaned again before it leaves the API. */
export function cleanHtml(html: string | null | undefined): string {
  return html ? sanitizeHtml(html, DESCRIPTION_HTML) : "";
}

const VIDEO_ID = /^[A-Za-z0-9_-]{6,20}$/;
const validVideoId = (id: string | null): string | null => (id && VIDEO_ID.test(id) ? id : null);
const hhmm = (time: string | null): string | null => (time ? time.slice(0, 5) : null);




/** How many reviews the course page shows (the newest). */
export const REVIEWS_SHOWN = 10;

/**
 * The course page's training, by slug, in the host brand and its content language. Unpublished, test
 * and obsolete trainings are a 404 except for administrators.
 */
export async function getTrainingDetail(db: Db, brand: Brand, slug: string, viewer: Viewer | null): Promise<TrainingDetail> {
  const training = await findTrainingBySlug(db, brand.key, slug);
  const visible = training && training.isPublished && !training.isTest && !training.obsolete;
  if (!training || training.lang !== brand.contentLang || (!visible && !viewer?.isAdmin)) {
    throw new AppError("NOT_FOUND", "trainingNotFound");
  }
  const id = training.id;
  const [structure, objectiveRows, f2f, dpc, fundingRows, peopleRows, tags, reviewRows, associatedIds] = await Promise.all([
    listCoursesWithModules(db, id),
    listObjectives(db, id),
    listFaceToFaces(db, id),
    listDpcProgrammes(db, id),
    listTrainingFundings(db, id),
    listTrainingPeople(db, id),
    listTags(db, id),
    listReviews(db, id, REVIEWS_SHOWN),
    listAssociatedIds(db, id),
  ]);
  const associatedTrainings = await listCoursesByIds(db, brand, associatedIds);

  const courseKinds = structure.courseRows.map((course) => {
    const kind = moduleKindOf(course.moduleType);
    return kind === "faceToFace" && course.isVirtual ? "virtualClass" : kind;
  });
  const moduleKinds = structure.moduleRows.map((module) => moduleKindOf(module.type)).filter((k): k is ModuleKind => k !== null);
  const types = deriveTypes({
    type: training.type,
    isVirtual: training.isVirtual,
    hasDpcData: dpc.programmes.length > 0,
    kinds: courseKinds.filter((k): k is ModuleKind => k !== null),
  });

  const datesBySession = new Map<number, SessionPayload["sessionDates"]>();
  for (const row of f2f.dateRows) {
    const list = datesBySession.get(row.sessionId) ?? [];
    list.push({ id: row.id, date: row.date, startTime: hhmm(row.startTime)!, endTime: hhmm(row.endTime)! });
    datesBySession.set(row.sessionId, list);
  }
  const faceToFaces = f2f.f2fRows.map((group) => {
    const sessions: SessionPayload[] = f2f.sessionRows
      .filter((session) => session.faceToFaceId === group.id)
      .map((session) => ({
        id: session.id,
        name: session.name,
        city: session.city,
        marketingCity: session.marketingCity,
        postalCode: session.postalCode,
        address: session.address,
        startDate: session.startDate,
        startTime: hhmm(session.startTime),
        endTime: hhmm(session.endTime),
        maxParticipants: session.maxParticipants,
        currentParticipants: session.currentParticipants,
        seatsAvailable: seatsAvailable(session),
        isFull: isSessionFull(session),
        multiDates: session.multiDates || (datesBySession.get(session.id)?.length ?? 0) > 1,
        sessionDates: datesBySession.get(session.id) ?? [],
        trainerName: session.trainerName,
      }));
    const sortable = sessions.map((s) => ({ ...s, city: s.city ?? "", startTime: s.startTime ?? "" }));
    const sorted = sortSessions(sortable, { virtualClass: group.virtualClass || types.effectiveType === "virtualClass" });
    return {
      id: group.id,
      name: group.name,
      virtualClass: group.virtualClass,
      noWaitingList: group.noWaitingList,
      sessions: sorted.map((s) => sessions.find((original) => original.id === s.id)!),
    };
  });

  const agreementsOf = (programmeId: number) =>
    dpc.agreementRows.filter((a) => a.programmeId === programmeId).map(({ name, number, organisation }) => ({ name, number, organisation }));
  const programme = dpc.programmes[0];
  const allAgreements = [...new Map(dpc.agreementRows.map((a) => [a.id, { name: a.name, number: a.number, organisation: a.organisation }])).values()];
  const person = ({ slug: personSlug, name, title, photo }: (typeof peopleRows)[number]): PersonPayload => ({ slug: personSlug, name, title, photo });
  const flags = {
    pharmacistsOnly: training.pharmacistsOnly,
    nonPharmacistsOnly: training.nonPharmacistsOnly,
    holdersOnly: training.holdersOnly,
    nonHoldersOnly: training.nonHoldersOnly,
  };

  return {
    id,
    name: training.name,
    shortName: training.shortName,
    slug: training.slug,
    type: isTrainingType(training.type) ? training.type : "formation",
    effectiveType: types.effectiveType,
    displayType: types.displayType,
    dpcSubType: types.dpcSubType,
    isLive: isLiveCourse([...moduleKinds, ...courseKinds.filter((k): k is ModuleKind => k !== null)]),
    f2fOnly: types.effectiveType === "faceToFaceOnly",
    mixt: types.effectiveType === "mixt",
    description: cleanHtml(training.description),
    objectives: cleanHtml(training.objectives),
    objectiveSkills: objectiveRows.filter((o) => o.type === 1).map((o) => o.text),
    objectiveKnowledge: objectiveRows.filter((o) => o.type === 2).map((o) => o.text),
    courses: structure.courseRows.map((course, index) => ({
      id: course.id,
      name: course.name,
      type: courseKinds[index],
      isVirtual: course.isVirtual,
      durationMinutes: course.durationMinutes,
      modules: structure.moduleRows
        .filter((module) => module.courseId === course.id)
        .map((module) => ({ id: module.id, title: module.title, type: moduleKindOf(module.type), durationMinutes: module.durationMinutes })),
    })),
    durations: { total: training.durationMinutes, faceToFace: training.faceToFaceDurationMinutes },
    faceToFaceDuration: training.faceToFaceDurationMinutes,
    faceToFaces,
    dpc: programme
      ? {
          id: programme.id,
          actionNumber: programme.actionNumber,
          name: programme.name,
          illustration: programme.illustration,
          videoId: validVideoId(programme.videoId),
          priceHT: programme.priceHtCents,
          currency: programme.currency,
          duration: programme.durationMinutes,
          agreements: agreementsOf(programme.id),
        }
      : null,
    agreements: allAgreements,
    fundings: fundingRows,
    credits: training.credits,
    priceHT: training.priceHtCents,
    currency: training.currency,
    free: training.free || training.priceHtCents === 0,
    isPublished: training.isPublished,
    isNew: training.isNew,
    isTest: training.isTest,
    isVirtual: training.isVirtual,
    lang: training.lang,
    lastUpdate: toIso(training.lastUpdate),
    mainIllustration: training.mainIllustration,
    videoId: validVideoId(training.videoId),
    naocareLink: viewer?.isPartnerCareClient ? training.naocareLink : null,
    partnerLink: training.partnerLink,
    groupement: training.groupement,
    providerName: training.providerName,
    trainingOrganization: training.trainingOrganization,
    ratings: training.ratingCount > 0 && training.ratingAverage !== null ? { average: Number(training.ratingAverage), count: training.ratingCount } : null,
    reviews: reviewRows.map((review) => ({ ...review, createdAt: toIso(review.createdAt) })),
    trainers: peopleRows.filter((p) => p.role === "trainer").map(person),
    authors: peopleRows.filter((p) => p.role === "author").map(person),
    points: training.points,
    tags,
    ...flags,
    audienceFit: fitsAudience(flags, viewer ? { isPharmacist: viewer.isPharmacist, isHolder: viewer.isHolder } : null),
    directAccess: training.directAccess,
    displayForAll: training.displayForAll,
    availableOnSpace: training.availableOnSpace,
    availableOnStore: training.availableOnStore,
    availableFunctions: training.availableFunctions,
    hasQuiz: training.hasQuiz,
    hasNewVersion: training.hasNewVersion,
    obsolete: training.obsolete,
    outdated: training.outdated,
    workInProgress: training.workInProgress,
    isEpp: training.isEpp,
    eppType: training.eppType,
    planF2f: training.planF2f,
    faceToFaceFirst: training.faceToFaceFirst,
    noPif: training.noPif,
    NoContractRequired: training.noContractRequired,
    orgDomTom: training.orgDomTom,
    sessionsOnDemand: training.sessionsOnDemand,
    externalPlatformUrl: training.externalPlatformUrl,
    cantStartMessage: training.cantStartMessage,
    customRegisterLink: training.customRegisterLink,
    moreInfos: training.moreInfos,
    legalNotice: training.legalNotice,
    seoTitle: training.seoTitle,
    seoDescription: training.seoDescription,
    associatedTrainings,
  };
}

// ---------------------------------------------------------------- bookmarks

export async function listBookmarks(db: Db, brand: Brand, userId: number): Promise<number[]> {
  return listBookmarkIds(db, userId, brand.key);
}

/** Bookmarks a visible training of the brand (idempotent); an unknown id is a 404. */
export async function bookmarkTraining(db: Db, brand: Brand, userId: number, trainingId: number, now: Date): Promise<number[]> {
  if (!(await findBookmarkableTraining(db, brand.key, trainingId))) throw new AppError("NOT_FOUND", "trainingNotFound");
  await addBookmark(db, userId, trainingId, now);
  return listBookmarkIds(db, userId, brand.key);
}

/** Removes a bookmark (idempotent); an id that is not a visible training of the brand is a 404. */
export async function unbookmarkTraining(db: Db, brand: Brand, userId: number, trainingId: number): Promise<number[]> {
  if (!(await findBookmarkableTraining(db, brand.key, trainingId))) {
    // A bookmark on a training that has since been unpublished can still be removed.
    const current = await listBookmarkIds(db, userId, brand.key);
    if (!current.includes(trainingId)) throw new AppError("NOT_FOUND", "trainingNotFound");
  }
  await removeBookmark(db, userId, trainingId);
  return listBookmarkIds(db, userId, brand.key);
}
