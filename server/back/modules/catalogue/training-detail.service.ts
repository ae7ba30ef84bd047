import type { ServiceContext } from "../../service-context.ts";
import type { Brand } from "#core/branding/brands.ts";
import { isSessionFull, seatsAvailable, sortSessions } from "#core/domain/sessions.ts";
import { isLiveCourse, isTrainingType, moduleKindOf, type ModuleKind } from "#core/domain/training-types.ts";
import { fitsAudience } from "#core/domain/user-state.ts";
import { AppError } from "../../http/app-error.ts";
import {
  findTrainingBySlug,
  findTrainingRefBySlug,
  listAssociatedIds,
  listSessionSeats,
  type TrainingRow,
  listCoursesWithModules,
  listDpcProgrammes,
  listFaceToFaces,
  listObjectives,
  listReviews,
  listTags,
  listTrainingFundings,
  listTrainingPeople,
} from "./catalogue.repository.ts";
import { cachedByVersion, catalogueVersion, isCatalogueCacheEnabled } from "./catalogue-cache.ts";
import { deriveTypes, listCoursesByIds, toIso } from "./catalogue-listing.service.ts";
import { cleanHtml } from "./description-html.ts";
import type { Viewer } from "./viewer.ts";
import type { PersonPayload, SessionPayload, TrainingDetail, TrainingRef } from "#core/contract/catalogue.ts";

const VIDEO_ID = /^[A-Za-z0-9_-]{6,20}$/;
const validVideoId = (id: string | null): string | null => (id && VIDEO_ID.test(id) ? id : null);
const hhmm = (time: string | null): string | null => (time ? time.slice(0, 5) : null);

/** How many reviews the course page shows (the newest). */
export const REVIEWS_SHOWN = 10;

/**
 * A training named by its slug, with the course page's 404 rule: what a page that only names or links the
 * training needs (the learning view), from one statement instead of the dozen of the full detail. Its effective type
 * follows the same rule as the catalogue card's and the detail's (`deriveTypes`).
 */
export async function getTrainingRef(ctx: ServiceContext, brand: Brand, slug: string, viewer: Viewer | null): Promise<TrainingRef> {
  const training = await findTrainingRefBySlug(ctx.db, brand.key, slug);
  const visible = training && training.isPublished && !training.isTest && !training.obsolete;
  if (!training || training.lang !== brand.contentLang || (!visible && !viewer?.isAdmin)) {
    throw new AppError("NOT_FOUND", "trainingNotFound");
  }
  const { effectiveType } = deriveTypes({ type: training.type, isVirtual: training.isVirtual, hasDpcData: training.hasDpcData, kinds: [] });
  return { id: training.id, name: training.name, slug: training.slug, effectiveType };
}

/**
 * The course page's training, by slug, in the host brand and its content language. Unpublished, test
 * and obsolete trainings are a 404 except for administrators.
 */
export async function getTrainingDetail(ctx: ServiceContext, brand: Brand, slug: string, viewer: Viewer | null): Promise<TrainingDetail> {
  // The visible training's detail is the same for every visitor: kept per catalogue data version (ADR 0090), with
  // the seats read fresh on every call and the viewer's fields added after. An administrator's unpublished training
  // is read each time.
  const cached = isCatalogueCacheEnabled()
    ? await cachedByVersion(ctx.db, await catalogueVersion(ctx), `detail:${brand.key}:${slug}`, async () => {
        const training = await findTrainingBySlug(ctx.db, brand.key, slug);
        return training && isVisibleTraining(training, brand) ? buildSharedDetail(ctx, brand, training) : null;
      })
    : null;
  let shared = cached;
  if (!shared) {
    const training = await findTrainingBySlug(ctx.db, brand.key, slug);
    if (!training || training.lang !== brand.contentLang || (!isVisibleTraining(training, brand) && !viewer?.isAdmin)) {
      throw new AppError("NOT_FOUND", "trainingNotFound");
    }
    shared = await buildSharedDetail(ctx, brand, training);
  }
  const detail = cached ? await withFreshSeats(ctx, shared.detail) : shared.detail;
  return {
    ...detail,
    naocareLink: viewer?.isPartnerCareClient ? shared.naocareLink : null,
    audienceFit: fitsAudience(shared.audience, viewer ? { isPharmacist: viewer.isPharmacist, isHolder: viewer.isHolder } : null),
  };
}

function isVisibleTraining(training: TrainingRow, brand: Brand): boolean {
  return training.lang === brand.contentLang && training.isPublished && !training.isTest && !training.obsolete;
}

/** The cached detail's sessions with their seats as they are now (bookings do not change the catalogue version). */
async function withFreshSeats(ctx: ServiceContext, detail: TrainingDetail): Promise<TrainingDetail> {
  const ids = detail.faceToFaces.flatMap((group) => group.sessions.map((session) => session.id));
  if (ids.length === 0) return detail;
  const seats = new Map((await listSessionSeats(ctx.db, ids)).map((row) => [row.id, row]));
  return {
    ...detail,
    faceToFaces: detail.faceToFaces.map((group) => ({
      ...group,
      sessions: group.sessions.map((session) => {
        const now = seats.get(session.id);
        if (!now) return session;
        return {
          ...session,
          maxParticipants: now.maxParticipants,
          currentParticipants: now.currentParticipants,
          seatsAvailable: seatsAvailable(now),
          isFull: isSessionFull(now),
        };
      }),
    })),
  };
}

type SharedDetail = {
  /** The detail as a guest sees it (no partner link, the guest's audience fit). */
  detail: TrainingDetail;
  naocareLink: string | null;
  audience: Parameters<typeof fitsAudience>[0];
};

async function buildSharedDetail(ctx: ServiceContext, brand: Brand, training: TrainingRow): Promise<SharedDetail> {
  const id = training.id;
  const [structure, objectiveRows, f2f, dpc, fundingRows, peopleRows, tags, reviewRows, associatedIds] = await Promise.all([
    listCoursesWithModules(ctx.db, id),
    listObjectives(ctx.db, id),
    listFaceToFaces(ctx.db, id),
    listDpcProgrammes(ctx.db, id),
    listTrainingFundings(ctx.db, id),
    listTrainingPeople(ctx.db, id),
    listTags(ctx.db, id),
    listReviews(ctx.db, id, REVIEWS_SHOWN),
    listAssociatedIds(ctx.db, id),
  ]);
  const associatedTrainings = await listCoursesByIds(ctx, associatedIds);

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

  const detail: TrainingDetail = {
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
    naocareLink: null,
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
    audienceFit: fitsAudience(flags, null),
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
  return { detail, naocareLink: training.naocareLink, audience: flags };
}
