import { and, asc, desc, eq, gt, gte, inArray, isNull, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../../db/client.ts";
import {
  attestations,
  dpcProgrammes,
  enrolments,
  faceToFaces,
  faceToFaceSessions,
  feedbackRequests,
  historyEntries,
  practiceCertificates,
  reviews,
  sessionAttendances,
  sessionDates,
  trainerAccessTokens,
  trainings,
  users,
} from "../../../db/schema/index.ts";

export type AttestationRow = typeof attestations.$inferSelect;

/** An enrolment with its learner and its training, or undefined when it does not exist. */
export async function findEnrolmentWithUserAndTraining(db: Db, enrolmentId: number) {
  const [row] = await db
    .select({ enrolment: enrolments, user: users, training: trainings })
    .from(enrolments)
    .innerJoin(users, eq(users.id, enrolments.userId))
    .innerJoin(trainings, eq(trainings.id, enrolments.trainingId))
    .where(eq(enrolments.id, enrolmentId))
    .limit(1);
  return row;
}

/** Everything an attestation prints about an enrolment, or undefined when the enrolment does not exist. */
export async function findEnrolmentForAttestation(db: Db, enrolmentId: number) {
  const row = await findEnrolmentWithUserAndTraining(db, enrolmentId);
  if (!row) return undefined;
  const [programme] = row.enrolment.dpcProgrammeId
    ? await db.select().from(dpcProgrammes).where(eq(dpcProgrammes.id, row.enrolment.dpcProgrammeId)).limit(1)
    : [];
  const [session] = row.enrolment.sessionId
    ? await db.select().from(faceToFaceSessions).where(eq(faceToFaceSessions.id, row.enrolment.sessionId)).limit(1)
    : [];
  const days = session
    ? await db.select({ date: sessionDates.date }).from(sessionDates).where(eq(sessionDates.sessionId, session.id)).orderBy(asc(sessionDates.date))
    : [];
  // The history entry of this enrolment (ADR 0107): how the training ended, and its scores.
  const [history] = await db
    .select({
      outcome: historyEntries.outcome,
      initialScore: historyEntries.initialScore,
      finalScore: historyEntries.finalScore,
      passScore: historyEntries.passScore,
    })
    .from(historyEntries)
    .where(
      and(
        eq(historyEntries.userId, row.enrolment.userId),
        eq(historyEntries.trainingId, row.enrolment.trainingId),
        gte(historyEntries.startDate, row.enrolment.createdAt),
      ),
    )
    .orderBy(desc(historyEntries.startDate))
    .limit(1);
  return { ...row, programme, session, sessionDays: days.map((d) => d.date), history };
}

export async function findAttestationsOfEnrolment(db: Db, enrolmentId: number): Promise<AttestationRow[]> {
  return db.select().from(attestations).where(eq(attestations.enrolmentId, enrolmentId)).orderBy(asc(attestations.id));
}

/** Inserts unless the enrolment already has that kind (or, very unlikely, the code is taken). */
export async function insertAttestation(db: Db, values: typeof attestations.$inferInsert): Promise<AttestationRow | undefined> {
  const [row] = await db.insert(attestations).values(values).onConflictDoNothing().returning();
  return row;
}

export async function listUserAttestations(db: Db, userId: number, kind?: "training" | "dpc"): Promise<AttestationRow[]> {
  return db
    .select()
    .from(attestations)
    .where(kind ? and(eq(attestations.userId, userId), eq(attestations.kind, kind)) : eq(attestations.userId, userId))
    .orderBy(desc(attestations.issuedAt), desc(attestations.id));
}

export async function findUserAttestation(db: Db, userId: number, by: { id?: number; code?: string }): Promise<AttestationRow | undefined> {
  const match = by.id !== undefined ? eq(attestations.id, by.id) : eq(attestations.code, by.code ?? "");
  const [row] = await db
    .select()
    .from(attestations)
    .where(and(eq(attestations.userId, userId), match))
    .limit(1);
  return row;
}

export async function findAttestationByCode(db: Db, code: string): Promise<AttestationRow | undefined> {
  const [row] = await db.select().from(attestations).where(eq(attestations.code, code)).limit(1);
  return row;
}

/** The user's DPC enrolments (any status but cancelled) with their practice certificate, if uploaded. */
export async function listDpcEnrolments(db: Db, userId: number) {
  const rows = await db
    .select({
      enrolmentId: enrolments.id,
      status: enrolments.status,
      trainingId: trainings.id,
      trainingName: trainings.name,
      programmeName: dpcProgrammes.name,
      actionNumber: dpcProgrammes.actionNumber,
    })
    .from(enrolments)
    .innerJoin(trainings, eq(trainings.id, enrolments.trainingId))
    .innerJoin(dpcProgrammes, eq(dpcProgrammes.id, enrolments.dpcProgrammeId))
    .where(and(eq(enrolments.userId, userId), inArray(enrolments.status, ["pending", "waiting_list", "in_progress", "finished"])))
    .orderBy(desc(enrolments.createdAt), desc(enrolments.id));
  const certificates = rows.length
    ? await db
        .select()
        .from(practiceCertificates)
        .where(
          inArray(
            practiceCertificates.enrolmentId,
            rows.map((r) => r.enrolmentId),
          ),
        )
    : [];
  const byEnrolment = new Map(certificates.map((c) => [c.enrolmentId, c]));
  return rows.map((row) => ({ ...row, certificate: byEnrolment.get(row.enrolmentId) ?? null }));
}

export async function findUserDpcEnrolment(db: Db, userId: number, enrolmentId: number) {
  const [row] = await db
    .select({ id: enrolments.id, status: enrolments.status, dpcProgrammeId: enrolments.dpcProgrammeId })
    .from(enrolments)
    .where(and(eq(enrolments.id, enrolmentId), eq(enrolments.userId, userId)))
    .limit(1);
  return row?.dpcProgrammeId && row.status !== "cancelled" ? row : undefined;
}

// ------------------------------------------------------------------ practice certificates

export async function findPracticeCertificate(db: Db, enrolmentId: number) {
  const [row] = await db.select().from(practiceCertificates).where(eq(practiceCertificates.enrolmentId, enrolmentId)).limit(1);
  return row;
}

/** Stores the enrolment's certificate, replacing the previous one. */
export async function upsertPracticeCertificate(db: Db, values: typeof practiceCertificates.$inferInsert): Promise<void> {
  await db.insert(practiceCertificates).values(values).onConflictDoUpdate({ target: practiceCertificates.enrolmentId, set: values });
}

// ------------------------------------------------------------------ feedback requests and reviews

/** Stores a feedback request (only its token's hash). */
export async function saveFeedbackRequest(db: DbOrTx, values: typeof feedbackRequests.$inferInsert): Promise<void> {
  await db.insert(feedbackRequests).values(values);
}

export async function findFeedbackRequestOfEnrolment(db: Db, enrolmentId: number): Promise<{ id: number } | undefined> {
  const [row] = await db.select({ id: feedbackRequests.id }).from(feedbackRequests).where(eq(feedbackRequests.enrolmentId, enrolmentId)).limit(1);
  return row;
}

const usableFeedbackRequest = (tokenHash: string, now: Date) =>
  and(eq(feedbackRequests.tokenHash, tokenHash), isNull(feedbackRequests.usedAt), gt(feedbackRequests.expiresAt, now));

/** The training (and the learner's first name) of an unused, unexpired feedback request. */
export async function findUsableFeedbackRequest(db: Db, tokenHash: string, now: Date) {
  const [row] = await db
    .select({ trainingId: trainings.id, trainingName: trainings.name, trainingType: trainings.type, trainingSlug: trainings.slug, firstName: users.firstName })
    .from(feedbackRequests)
    .innerJoin(trainings, eq(trainings.id, feedbackRequests.trainingId))
    .innerJoin(users, eq(users.id, feedbackRequests.userId))
    .where(usableFeedbackRequest(tokenHash, now))
    .limit(1);
  return row;
}

/** Spends a usable feedback request in the statement that checks it: of two concurrent uses, one wins. */
export async function consumeFeedbackRequest(db: DbOrTx, tokenHash: string, now: Date) {
  const [request] = await db.update(feedbackRequests).set({ usedAt: now }).where(usableFeedbackRequest(tokenHash, now)).returning();
  return request;
}

export async function findReviewerName(db: DbOrTx, userId: number): Promise<{ firstName: string; lastName: string } | undefined> {
  const [user] = await db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, userId));
  return user;
}

export async function insertReview(db: DbOrTx, values: typeof reviews.$inferInsert): Promise<{ id: number } | undefined> {
  const [review] = await db.insert(reviews).values(values).returning({ id: reviews.id });
  return review;
}

export async function linkFeedbackRequestReview(db: DbOrTx, requestId: number, reviewId: number): Promise<void> {
  await db.update(feedbackRequests).set({ reviewId }).where(eq(feedbackRequests.id, requestId));
}

/** Recomputes the training's cached rating from its reviews. */
export async function refreshTrainingRating(db: DbOrTx, trainingId: number): Promise<void> {
  await db
    .update(trainings)
    .set({
      ratingAverage: sql`(select round(avg(${reviews.rating})::numeric, 2) from ${reviews} where ${reviews.trainingId} = ${trainingId})`,
      ratingCount: sql`(select count(*)::int from ${reviews} where ${reviews.trainingId} = ${trainingId})`,
    })
    .where(eq(trainings.id, trainingId));
}

// ------------------------------------------------------------------ trainer access (virtual class attendance)

/** Stores a trainer access token for a session (only its hash). */
export async function saveTrainerAccessToken(db: DbOrTx, values: typeof trainerAccessTokens.$inferInsert): Promise<void> {
  await db.insert(trainerAccessTokens).values(values);
}

/** The session (and its training) of an unexpired trainer token. */
export async function findSessionOfTrainerToken(db: Db, tokenHash: string, now: Date) {
  const [row] = await db
    .select({ session: faceToFaceSessions, trainingId: trainings.id, trainingName: trainings.name, trainingType: trainings.type })
    .from(trainerAccessTokens)
    .innerJoin(faceToFaceSessions, eq(faceToFaceSessions.id, trainerAccessTokens.sessionId))
    .innerJoin(faceToFaces, eq(faceToFaces.id, faceToFaceSessions.faceToFaceId))
    .innerJoin(trainings, eq(trainings.id, faceToFaces.trainingId))
    .where(and(eq(trainerAccessTokens.tokenHash, tokenHash), gt(trainerAccessTokens.expiresAt, now)))
    .limit(1);
  return row;
}

export type FaceToFaceSessionRow = typeof faceToFaceSessions.$inferSelect;

/** The session's dates, by day then start time. */
export async function listDatesOfSession(db: Db, sessionId: number) {
  return db
    .select({ id: sessionDates.id, date: sessionDates.date, startTime: sessionDates.startTime, endTime: sessionDates.endTime })
    .from(sessionDates)
    .where(eq(sessionDates.sessionId, sessionId))
    .orderBy(asc(sessionDates.date), asc(sessionDates.startTime));
}

/** The learners whose enrolment in one of these statuses holds the session, by name. */
export async function listSessionParticipants(db: Db, sessionId: number, statuses: string[]) {
  return db
    .select({ userId: users.id, enrolmentId: enrolments.id, firstName: users.firstName, lastName: users.lastName })
    .from(enrolments)
    .innerJoin(users, eq(users.id, enrolments.userId))
    .where(and(eq(enrolments.sessionId, sessionId), inArray(enrolments.status, statuses)))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
}

export async function listSessionAttendances(db: Db, sessionId: number) {
  return db
    .select({ userId: sessionAttendances.userId, day: sessionAttendances.day, attended: sessionAttendances.attended, joinedAt: sessionAttendances.joinedAt })
    .from(sessionAttendances)
    .where(eq(sessionAttendances.sessionId, sessionId));
}

/** Writes attendance marks, replacing the ones of the same session, day and learner. */
export async function upsertAttendances(db: DbOrTx, rows: (typeof sessionAttendances.$inferInsert)[]): Promise<void> {
  await db
    .insert(sessionAttendances)
    .values(rows)
    .onConflictDoUpdate({
      target: [sessionAttendances.sessionId, sessionAttendances.day, sessionAttendances.userId],
      set: { attended: sql`excluded.attended`, markedAt: sql`excluded.marked_at` },
    });
}
