import { and, asc, desc, eq, inArray, isNotNull, max, ne, notInArray, sql } from "drizzle-orm";
import { unionAll } from "drizzle-orm/pg-core";
import type { Db } from "../../../db/client.ts";
import { outcomeFrom, type Outcome } from "#core/domain/pass-rules.ts";
import {
  courses,
  enrolments,
  faceToFaceSessions,
  historyEntries,
  moduleProgress,
  modules,
  quizTrackings,
  quizzes,
  sessionDates,
  trainingTags,
  trainings,
  userBadges,
} from "../../../db/schema/index.ts";

/**
 * Learner records queries. Every query is scoped by the user id it is given (the session's): nothing here
 * ever reads another user's rows.
 */

export type EnrolmentRow = {
  id: number;
  trainingId: number;
  status: string;
  sessionId: number | null;
  dpcProgrammeId: number | null;
  dossierId: string | null;
  progressPercent: number;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
  training: { id: number; name: string; slug: string; type: string; points: number; brand: string };
  session: { startDate: string; city: string | null } | null;
};

/** The user's enrolments (cancelled ones left out), most recently active first. */
export async function listEnrolments(db: Db, userId: number): Promise<EnrolmentRow[]> {
  const rows = await db
    .select({
      id: enrolments.id,
      trainingId: enrolments.trainingId,
      status: enrolments.status,
      sessionId: enrolments.sessionId,
      dpcProgrammeId: enrolments.dpcProgrammeId,
      dossierId: enrolments.dossierId,
      progressPercent: enrolments.progressPercent,
      createdAt: enrolments.createdAt,
      startedAt: enrolments.startedAt,
      finishedAt: enrolments.finishedAt,
      training: {
        id: trainings.id,
        name: trainings.name,
        slug: trainings.slug,
        type: trainings.type,
        points: trainings.points,
        brand: trainings.brand,
      },
      sessionStart: faceToFaceSessions.startDate,
      sessionCity: faceToFaceSessions.city,
    })
    .from(enrolments)
    .innerJoin(trainings, eq(trainings.id, enrolments.trainingId))
    .leftJoin(faceToFaceSessions, eq(faceToFaceSessions.id, enrolments.sessionId))
    .where(and(eq(enrolments.userId, userId), ne(enrolments.status, "cancelled")))
    .orderBy(desc(sql`coalesce(${enrolments.startedAt}, ${enrolments.createdAt})`), desc(enrolments.id));
  return rows.map(({ sessionStart, sessionCity, ...row }) => ({
    ...row,
    session: sessionStart ? { startDate: sessionStart, city: sessionCity } : null,
  }));
}

/** Every day of the given sessions (the session start plus its extra dates), by session id. */
export async function listSessionDays(db: Db, sessionIds: number[]): Promise<Map<number, string[]>> {
  const days = new Map<number, string[]>();
  if (sessionIds.length === 0) return days;
  const rows = await unionAll(
    db.select({ id: faceToFaceSessions.id, date: faceToFaceSessions.startDate }).from(faceToFaceSessions).where(inArray(faceToFaceSessions.id, sessionIds)),
    db.select({ id: sessionDates.sessionId, date: sessionDates.date }).from(sessionDates).where(inArray(sessionDates.sessionId, sessionIds)),
  );
  for (const row of rows) {
    const list = days.get(row.id) ?? [];
    if (!list.includes(row.date)) list.push(row.date);
    days.set(row.id, list);
  }
  for (const list of days.values()) list.sort();
  return days;
}

export type HistoryRow = {
  id: number;
  trainingId: number;
  startDate: Date;
  endDate: Date | null;
  initialScore: number | null;
  finalScore: number | null;
  points: number | null;
  /** How the training ended (ADR 0107), with the attempts at its final assessment and the passing score then. */
  outcome: Outcome | null;
  attempts: number | null;
  passScore: number | null;
  training: { name: string; slug: string; type: string; points: number };
};

/** The user's history, newest start first. */
export async function listHistory(db: Db, userId: number): Promise<HistoryRow[]> {
  const rows = await db
    .select({
      id: historyEntries.id,
      trainingId: historyEntries.trainingId,
      startDate: historyEntries.startDate,
      endDate: historyEntries.endDate,
      initialScore: historyEntries.initialScore,
      finalScore: historyEntries.finalScore,
      points: historyEntries.points,
      outcome: historyEntries.outcome,
      attempts: historyEntries.attempts,
      passScore: historyEntries.passScore,
      training: { name: trainings.name, slug: trainings.slug, type: trainings.type, points: trainings.points },
    })
    .from(historyEntries)
    .innerJoin(trainings, eq(trainings.id, historyEntries.trainingId))
    .where(eq(historyEntries.userId, userId))
    .orderBy(desc(historyEntries.startDate), desc(historyEntries.id));
  return rows.map((row) => ({ ...row, outcome: outcomeFrom(row.outcome) }));
}

/** The user's best answered post-test score, or null. */
export async function bestPostTestScore(db: Db, userId: number): Promise<number | null> {
  const [row] = await db
    .select({ best: max(quizTrackings.score) })
    .from(quizTrackings)
    .innerJoin(quizzes, eq(quizzes.id, quizTrackings.quizId))
    .where(and(eq(quizTrackings.userId, userId), eq(quizzes.kind, "post_test"), isNotNull(quizTrackings.score)));
  return row?.best ?? null;
}

export type AnsweredTrackingRow = {
  id: number;
  quizId: number;
  enrolmentId: number | null;
  answers: Record<string, number[]>;
  answeredAt: Date | null;
  startDate: Date | null;
  score: number | null;
  quiz: { kind: string; title: string; trainingId: number | null; moduleId: number | null };
};

/** The user's answered quiz attempts, newest first. */
export async function listAnsweredTrackings(db: Db, userId: number): Promise<AnsweredTrackingRow[]> {
  return db
    .select({
      id: quizTrackings.id,
      quizId: quizTrackings.quizId,
      enrolmentId: quizTrackings.enrolmentId,
      answers: quizTrackings.answers,
      answeredAt: quizTrackings.answeredAt,
      startDate: quizTrackings.startDate,
      score: quizTrackings.score,
      quiz: { kind: quizzes.kind, title: quizzes.title, trainingId: quizzes.trainingId, moduleId: quizzes.moduleId },
    })
    .from(quizTrackings)
    .innerJoin(quizzes, eq(quizzes.id, quizTrackings.quizId))
    .where(and(eq(quizTrackings.userId, userId), isNotNull(quizTrackings.score), eq(quizTrackings.notAnswered, false)))
    .orderBy(desc(sql`coalesce(${quizTrackings.answeredAt}, ${quizTrackings.startDate})`), desc(quizTrackings.id));
}

export async function trainingNames(db: Db, ids: number[]): Promise<Map<number, { name: string; slug: string; type: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: trainings.id, name: trainings.name, slug: trainings.slug, type: trainings.type })
    .from(trainings)
    .where(inArray(trainings.id, ids));
  return new Map(rows.map(({ id, ...rest }) => [id, rest]));
}

/** Module counts per training and completed modules per enrolment. */
export async function moduleCounts(
  db: Db,
  trainingIds: number[],
  enrolmentIds: number[],
): Promise<{ total: Map<number, number>; completed: Map<number, number> }> {
  const total = new Map<number, number>();
  const completed = new Map<number, number>();
  if (trainingIds.length > 0) {
    const rows = await db
      .select({ trainingId: courses.trainingId, count: sql<number>`count(${modules.id})::int` })
      .from(courses)
      .innerJoin(modules, eq(modules.courseId, courses.id))
      .where(inArray(courses.trainingId, trainingIds))
      .groupBy(courses.trainingId);
    for (const row of rows) total.set(row.trainingId, Number(row.count));
  }
  if (enrolmentIds.length > 0) {
    const rows = await db
      .select({ enrolmentId: moduleProgress.enrolmentId, count: sql<number>`count(*)::int` })
      .from(moduleProgress)
      .where(and(inArray(moduleProgress.enrolmentId, enrolmentIds), eq(moduleProgress.status, "completed")))
      .groupBy(moduleProgress.enrolmentId);
    for (const row of rows) completed.set(row.enrolmentId, Number(row.count));
  }
  return { total, completed };
}

export async function listAwardedBadges(db: Db, userId: number): Promise<{ code: string; awardedAt: Date }[]> {
  return db
    .select({ code: userBadges.code, awardedAt: userBadges.awardedAt })
    .from(userBadges)
    .where(eq(userBadges.userId, userId))
    .orderBy(asc(userBadges.awardedAt));
}

/** Inserts the badges; returns only the codes this call actually added (concurrent awards do not double). */
export async function insertBadges(db: Db, userId: number, codes: string[], now: Date): Promise<string[]> {
  if (codes.length === 0) return [];
  const rows = await db
    .insert(userBadges)
    .values(codes.map((code) => ({ userId, code, awardedAt: now })))
    .onConflictDoNothing()
    .returning({ code: userBadges.code });
  return rows.map((r) => r.code);
}

export async function tagsOf(db: Db, trainingIds: number[]): Promise<Map<number, string[]>> {
  const tags = new Map<number, string[]>();
  if (trainingIds.length === 0) return tags;
  const rows = await db
    .select({ trainingId: trainingTags.trainingId, tag: trainingTags.tag })
    .from(trainingTags)
    .where(inArray(trainingTags.trainingId, trainingIds))
    .orderBy(asc(trainingTags.tag));
  for (const row of rows) tags.set(row.trainingId, [...(tags.get(row.trainingId) ?? []), row.tag]);
  return tags;
}

export type SuggestionRow = {
  id: number;
  name: string;
  slug: string;
  type: string;
  mainIllustration: string | null;
  durationMinutes: number;
  isNew: boolean;
  /** Its tags, in tag order. */
  tags: string[];
};

/**
 * The best suggestions, ranked by the database (it used to read the whole catalogue of the brand): published,
 * visible trainings of a brand the user is not on and whose audience includes the user, by tags shared with
 * `myTags`, then new ones, then newest.
 */
export async function listSuggestions(
  db: Db,
  brand: string,
  excludeIds: number[],
  audience: { isPharmacist: boolean; isHolder: boolean },
  myTags: string[],
  limit: number,
): Promise<SuggestionRow[]> {
  // How many of myTags each training has: one grouped read of the tag index, joined to the candidates.
  const sharedTags = db
    .select({ trainingId: trainingTags.trainingId, shared: sql<number>`count(*)`.as("shared") })
    .from(trainingTags)
    .where(myTags.length ? inArray(trainingTags.tag, myTags) : sql`false`)
    .groupBy(trainingTags.trainingId)
    .as("shared_tags");
  return db
    .select({
      id: trainings.id,
      name: trainings.name,
      slug: trainings.slug,
      type: trainings.type,
      mainIllustration: trainings.mainIllustration,
      durationMinutes: trainings.durationMinutes,
      isNew: trainings.isNew,
      tags: sql<string[]>`array(select tt.tag from training_tags tt where tt.training_id = "trainings"."id" order by tt.tag)`,
    })
    .from(trainings)
    .leftJoin(sharedTags, eq(sharedTags.trainingId, trainings.id))
    .where(
      and(
        eq(trainings.brand, brand),
        eq(trainings.isPublished, true),
        eq(trainings.isTest, false),
        eq(trainings.obsolete, false),
        excludeIds.length ? notInArray(trainings.id, excludeIds) : undefined,
        // The audience rule of fitsAudience (core/domain/user-state.ts): each flag set excludes one kind of user.
        audience.isPharmacist ? eq(trainings.nonPharmacistsOnly, false) : eq(trainings.pharmacistsOnly, false),
        audience.isHolder ? eq(trainings.nonHoldersOnly, false) : eq(trainings.holdersOnly, false),
      ),
    )
    .orderBy(sql`coalesce(${sharedTags.shared}, 0) desc`, desc(trainings.isNew), desc(trainings.createdAt), asc(trainings.id))
    .limit(limit);
}
