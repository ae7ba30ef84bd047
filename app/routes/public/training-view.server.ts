import type { CatalogCourse, PersonPayload, SessionPayload, TrainingDetail } from "#core/contract/catalogue.ts";

/**
 * The course page's training as its components read it (issue 34): the back API's detail (GET /training/:slug) keeps
 * its contract, the web tier keeps only the fields the page shows, the JSON-LD and the meta tags need. Everything
 * returned here travels twice (in the HTML and again in the route data the browser hydrates from), so a field nobody
 * reads must not be here.
 */

/** The page shows days, not instants (formatCalendarDay reads the day part as written). */
const day = (instant: string | null) => instant?.slice(0, 10) ?? null;

const person = ({ slug, name, title, photo }: PersonPayload) => ({ slug, name, title, photo });

/**
 * A session and its days: the session's own start and hours when it has no dated days. The days and their hours are
 * two lists of strings rather than a list of objects (a session's days mostly share their hours, and the route data
 * writes a repeated string once): `days[i]` is the day, `hours[i]` "09:00-17:30" or "" when it has none.
 */
function sessionView(session: SessionPayload) {
  const dates = session.sessionDates.length
    ? session.sessionDates
    : [{ date: session.startDate, startTime: session.startTime ?? "", endTime: session.endTime ?? "" }];
  return {
    id: session.id,
    city: session.city,
    marketingCity: session.marketingCity,
    postalCode: session.postalCode,
    address: session.address,
    startDate: session.startDate,
    seatsAvailable: session.seatsAvailable,
    isFull: session.isFull,
    days: dates.map(({ date }) => date),
    hours: dates.map(({ startTime, endTime }) => (startTime && endTime ? `${startTime}-${endTime}` : "")),
    trainerName: session.trainerName,
  };
}

/** A related training as the compact list shows it (type, name, duration, price). */
function associatedView(course: CatalogCourse) {
  return {
    id: course.id,
    name: course.name,
    slug: course.slug,
    type: course.type,
    type_to_display: course.type_to_display,
    total: course.durations.total,
    free: course.free,
    priceHT: course.priceHT,
    currency: course.currency,
    fundings: course.fundings,
  };
}

/**
 * Reviews shown on a first view, the most recent first (as the back sorts them); the others are one link away
 * (`?reviews=all`, a full page render that works without JavaScript). ADR 0130.
 */
export const REVIEWS_SHOWN = 3;

export function courseView(training: TrainingDetail, { allReviews = false }: { allReviews?: boolean } = {}) {
  return {
    id: training.id,
    name: training.name,
    shortName: training.shortName,
    slug: training.slug,
    effectiveType: training.effectiveType,
    displayType: training.displayType,
    dpcSubType: training.dpcSubType,
    isLive: training.isLive,
    /** HTML from the back (sanitised there), shown as is. */
    description: training.description,
    objectiveSkills: training.objectiveSkills,
    objectiveKnowledge: training.objectiveKnowledge,
    courses: training.courses.map((course) => ({
      id: course.id,
      name: course.name,
      type: course.type,
      durationMinutes: course.durationMinutes,
      modules: course.modules.map(({ id, title, durationMinutes }) => ({ id, title, durationMinutes })),
    })),
    durations: training.durations,
    faceToFaces: training.faceToFaces.map((group) => ({
      id: group.id,
      name: group.name,
      virtualClass: group.virtualClass,
      noWaitingList: group.noWaitingList,
      sessions: group.sessions.map(sessionView),
    })),
    sessionsOnDemand: training.sessionsOnDemand,
    dpc: training.dpc
      ? {
          name: training.dpc.name,
          actionNumber: training.dpc.actionNumber,
          priceHT: training.dpc.priceHT,
          currency: training.dpc.currency,
          duration: training.dpc.duration,
          agreements: training.dpc.agreements.map(({ name, number }) => ({ name, number })),
        }
      : null,
    fundings: training.fundings.map((funding) => funding.code),
    credits: training.credits,
    priceHT: training.priceHT,
    currency: training.currency,
    free: training.free,
    isPublished: training.isPublished,
    isNew: training.isNew,
    lang: training.lang,
    lastUpdate: day(training.lastUpdate),
    mainIllustration: training.mainIllustration,
    videoId: training.videoId,
    naocareLink: training.naocareLink,
    partnerLink: training.partnerLink,
    providerName: training.providerName,
    ratings: training.ratings,
    reviews: (allReviews ? training.reviews : training.reviews.slice(0, REVIEWS_SHOWN)).map(({ id, authorName, rating, comment, createdAt }) => ({
      id,
      authorName,
      rating,
      comment,
      createdAt: day(createdAt),
    })),
    /** How many reviews there are, shown or not (the link to all of them says it). */
    reviewCount: training.reviews.length,
    trainers: training.trainers.map(person),
    authors: training.authors.map(person),
    points: training.points,
    tags: training.tags,
    audienceFit: training.audienceFit,
    cantStartMessage: training.cantStartMessage,
    customRegisterLink: training.customRegisterLink,
    moreInfos: training.moreInfos,
    legalNotice: training.legalNotice,
    seoTitle: training.seoTitle,
    seoDescription: training.seoDescription,
    associatedTrainings: training.associatedTrainings.map(associatedView),
  };
}

export type CourseView = ReturnType<typeof courseView>;
export type CourseSessionGroup = CourseView["faceToFaces"][number];
export type CourseSession = CourseSessionGroup["sessions"][number];
export type AssociatedCourse = CourseView["associatedTrainings"][number];
