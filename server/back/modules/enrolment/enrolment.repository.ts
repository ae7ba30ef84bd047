import { and, asc, eq, gt, inArray, isNull, ne, sql } from "drizzle-orm";
import type { Db, Tx } from "../../../db/client.ts";
import type { BrandKey } from "#core/branding/brands.ts";
import { dpcProgrammes, enrolments, faceToFaceSessions, faceToFaces, sessionAttendances, sessionDates, trainings, users } from "../../../db/schema/index.ts";

export type EnrolmentRow = typeof enrolments.$inferSelect;
export type TrainingRow = typeof trainings.$inferSelect;

/** The user's enrolment in a training that is not cancelled (at most one: unique partial index). */
export async function findActiveEnrolment(db: Db | Tx, userId: number, trainingId: number): Promise<EnrolmentRow | undefined> {
  const [row] = await db
    .select()
    .from(enrolments)
    .where(and(eq(enrolments.userId, userId), eq(enrolments.trainingId, trainingId), ne(enrolments.status, "cancelled")))
    .limit(1);
  return row;
}

/** A published training of the brand (another brand's or an unpublished one reads as absent). */
export async function findPublishedTraining(db: Db, brand: BrandKey, trainingId: number): Promise<TrainingRow | undefined> {
  const [row] = await db
    .select()
    .from(trainings)
    .where(and(eq(trainings.id, trainingId), eq(trainings.brand, brand), eq(trainings.isPublished, true)))
    .limit(1);
  return row;
}

export type SessionWithGroup = {
  id: number;
  name: string;
  trainingId: number;
  startDate: string;
  startTime: string | null;
  endTime: string | null;
  maxParticipants: number;
  currentParticipants: number;
  multiDates: boolean;
  virtualClassUrl: string | null;
  virtualClass: boolean;
  noWaitingList: boolean;
};

const sessionColumns = {
  id: faceToFaceSessions.id,
  name: faceToFaceSessions.name,
  trainingId: faceToFaces.trainingId,
  startDate: faceToFaceSessions.startDate,
  startTime: faceToFaceSessions.startTime,
  endTime: faceToFaceSessions.endTime,
  maxParticipants: faceToFaceSessions.maxParticipants,
  currentParticipants: faceToFaceSessions.currentParticipants,
  multiDates: faceToFaceSessions.multiDates,
  virtualClassUrl: faceToFaceSessions.virtualClassUrl,
  virtualClass: faceToFaces.virtualClass,
  noWaitingList: faceToFaces.noWaitingList,
};

export async function findSession(db: Db | Tx, sessionId: number): Promise<SessionWithGroup | undefined> {
  const [row] = await db
    .select(sessionColumns)
    .from(faceToFaceSessions)
    .innerJoin(faceToFaces, eq(faceToFaces.id, faceToFaceSessions.faceToFaceId))
    .where(eq(faceToFaceSessions.id, sessionId))
    .limit(1);
  return row;
}

export async function listSessionsOfTraining(db: Db, trainingId: number): Promise<SessionWithGroup[]> {
  return db
    .select(sessionColumns)
    .from(faceToFaceSessions)
    .innerJoin(faceToFaces, eq(faceToFaces.id, faceToFaceSessions.faceToFaceId))
    .where(eq(faceToFaces.trainingId, trainingId))
    .orderBy(asc(faceToFaceSessions.startDate), asc(faceToFaceSessions.startTime), asc(faceToFaceSessions.id));
}

export async function listSessionDates(db: Db, sessionIds: number[]) {
  if (sessionIds.length === 0) return [];
  return db.select().from(sessionDates).where(inArray(sessionDates.sessionId, sessionIds)).orderBy(asc(sessionDates.date), asc(sessionDates.startTime));
}

export async function findSessionDate(db: Db, sessionDateId: number) {
  const [row] = await db.select().from(sessionDates).where(eq(sessionDates.id, sessionDateId)).limit(1);
  return row;
}

export async function listDpcProgrammeIds(db: Db, trainingId: number): Promise<number[]> {
  const rows = await db.select({ id: dpcProgrammes.id }).from(dpcProgrammes).where(eq(dpcProgrammes.trainingId, trainingId)).orderBy(asc(dpcProgrammes.id));
  return rows.map((r) => r.id);
}

/** Locks the session row for the rest of the transaction: concurrent bookings of the session queue up here. */
export async function lockSession(tx: Tx, sessionId: number) {
  const [row] = await tx
    .select({ id: faceToFaceSessions.id, maxParticipants: faceToFaceSessions.maxParticipants, currentParticipants: faceToFaceSessions.currentParticipants })
    .from(faceToFaceSessions)
    .where(eq(faceToFaceSessions.id, sessionId))
    .for("update");
  return row;
}

export async function lastWaitingPosition(tx: Tx, sessionId: number): Promise<number> {
  const [row] = await tx
    .select({ last: sql<number>`coalesce(max(${enrolments.waitingListPosition}), 0)::int` })
    .from(enrolments)
    .where(and(eq(enrolments.sessionId, sessionId), eq(enrolments.status, "waiting_list")));
  return Number(row?.last ?? 0);
}

export async function firstInLine(tx: Tx, sessionId: number): Promise<EnrolmentRow | undefined> {
  const [row] = await tx
    .select()
    .from(enrolments)
    .where(and(eq(enrolments.sessionId, sessionId), eq(enrolments.status, "waiting_list")))
    .orderBy(asc(enrolments.waitingListPosition), asc(enrolments.id))
    .limit(1);
  return row;
}

/** Moves everyone behind `position` on the session's waiting list one place up. */
export async function shiftWaitingList(tx: Tx, sessionId: number, position: number): Promise<void> {
  await tx
    .update(enrolments)
    .set({ waitingListPosition: sql`${enrolments.waitingListPosition} - 1` })
    .where(and(eq(enrolments.sessionId, sessionId), eq(enrolments.status, "waiting_list"), gt(enrolments.waitingListPosition, position)));
}

export async function recordJoin(
  db: Db,
  input: { sessionId: number; sessionDateId: number | null; day: string; userId: number; enrolmentId: number; at: Date },
) {
  await db
    .insert(sessionAttendances)
    .values({
      sessionId: input.sessionId,
      sessionDateId: input.sessionDateId,
      day: input.day,
      userId: input.userId,
      enrolmentId: input.enrolmentId,
      joinedAt: input.at,
    })
    .onConflictDoUpdate({
      target: [sessionAttendances.sessionId, sessionAttendances.day, sessionAttendances.userId],
      // The first join of the day is kept: it is the arrival time the trainer sees.
      set: { joinedAt: sql`coalesce(${sessionAttendances.joinedAt}, excluded.joined_at)` },
    });
}

/** Creates the enrolment (in the service's transaction) and returns it. */
export async function insertEnrolment(tx: Db | Tx, values: typeof enrolments.$inferInsert): Promise<EnrolmentRow> {
  const [created] = await tx.insert(enrolments).values(values).returning();
  return created;
}

/** Cancels the enrolment (it leaves the waiting list too). */
export async function cancelEnrolment(tx: Db | Tx, enrolmentId: number): Promise<void> {
  await tx.update(enrolments).set({ status: "cancelled", waitingListPosition: null }).where(eq(enrolments.id, enrolmentId));
}

/** Gives the first in line the freed seat: pending, off the waiting list. */
export async function promoteEnrolment(tx: Db | Tx, enrolmentId: number): Promise<void> {
  await tx.update(enrolments).set({ status: "pending", waitingListPosition: null }).where(eq(enrolments.id, enrolmentId));
}

/** Sets the follow-up file number unless one is set already (`is null`: the first of two racing calls wins). */
export async function setEnrolmentDossierId(db: Db, enrolmentId: number, dossierId: string): Promise<void> {
  await db
    .update(enrolments)
    .set({ dossierId })
    .where(and(eq(enrolments.id, enrolmentId), isNull(enrolments.dossierId)));
}

export async function findEnrolmentById(db: Db, enrolmentId: number): Promise<EnrolmentRow | undefined> {
  const [row] = await db.select().from(enrolments).where(eq(enrolments.id, enrolmentId));
  return row;
}

export async function setEnrolmentLmsActive(db: Db, enrolmentId: number, lmsActive: boolean): Promise<void> {
  await db.update(enrolments).set({ lmsActive }).where(eq(enrolments.id, enrolmentId));
}

/** Every enrolment of the user with its training's kind. */
export async function listUserEnrolmentsWithTraining(db: Db, userId: number) {
  return db
    .select({
      enrolment: enrolments,
      training: { id: trainings.id, name: trainings.name, slug: trainings.slug, type: trainings.type, isVirtual: trainings.isVirtual },
    })
    .from(enrolments)
    .innerJoin(trainings, eq(trainings.id, enrolments.trainingId))
    .where(eq(enrolments.userId, userId));
}

export async function findTrainingKind(db: Db, trainingId: number): Promise<{ isVirtual: boolean; type: string } | undefined> {
  const [training] = await db.select({ isVirtual: trainings.isVirtual, type: trainings.type }).from(trainings).where(eq(trainings.id, trainingId));
  return training;
}

/** The waiting-list entry of the session (locked for the transaction), or undefined. */
export async function findSessionEnrolmentForUpdate(tx: Tx, sessionId: number, enrolmentId: number): Promise<EnrolmentRow | undefined> {
  const [row] = await tx
    .select()
    .from(enrolments)
    .where(and(eq(enrolments.id, enrolmentId), eq(enrolments.sessionId, sessionId)))
    .limit(1)
    .for("update");
  return row;
}

/** Raises the session's seats by one (an administrator's promotion into a full session). */
export async function addSeat(tx: Tx, sessionId: number): Promise<void> {
  await tx
    .update(faceToFaceSessions)
    .set({ maxParticipants: sql`${faceToFaceSessions.maxParticipants} + 1` })
    .where(eq(faceToFaceSessions.id, sessionId));
}

/** What the mail and the notification of a seat change say: the learner, the session and its training. */
export async function findSeatNoticeData(db: Db | Tx, enrolmentId: number) {
  const [row] = await db
    .select({
      userId: users.id,
      email: users.email,
      firstName: users.firstName,
      locale: users.locale,
      accountId: enrolments.accountId,
      trainingId: trainings.id,
      trainingName: trainings.name,
      brand: trainings.brand,
      sessionName: faceToFaceSessions.name,
      startDate: faceToFaceSessions.startDate,
    })
    .from(enrolments)
    .innerJoin(users, eq(users.id, enrolments.userId))
    .innerJoin(trainings, eq(trainings.id, enrolments.trainingId))
    .innerJoin(faceToFaceSessions, eq(faceToFaceSessions.id, enrolments.sessionId))
    .where(eq(enrolments.id, enrolmentId))
    .limit(1);
  return row;
}
