import { and, asc, count, desc, eq, gte, ilike, inArray, lt, ne, or, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.ts";
import { enrolments, faceToFaces, faceToFaceSessions, sessionAttendances, sessionDates, trainings, users } from "../../../db/schema/index.ts";
import type { SessionListQuery } from "#core/contract/admin-sessions.ts";

export type SessionRow = typeof faceToFaceSessions.$inferSelect;

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

const waitingCount = sql<number>`(select count(*)::int from ${enrolments} e where e.session_id = ${faceToFaceSessions.id} and e.status = 'waiting_list')`;
const filling = sql`(${faceToFaceSessions.currentParticipants}::float / ${faceToFaceSessions.maxParticipants})`;

function whereOf(query: SessionListQuery, today: string): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  if (query.q) {
    const like = `%${escapeLike(query.q)}%`;
    parts.push(or(ilike(faceToFaceSessions.name, like), ilike(faceToFaceSessions.city, like), ilike(trainings.name, like)));
  }
  if (query.brand) parts.push(eq(trainings.brand, query.brand));
  if (query.kind) parts.push(eq(faceToFaces.virtualClass, query.kind === "virtualClass"));
  if (query.when === "upcoming") parts.push(gte(faceToFaceSessions.startDate, today));
  if (query.when === "past") parts.push(lt(faceToFaceSessions.startDate, today));
  if (query.from) parts.push(gte(faceToFaceSessions.startDate, query.from));
  if (query.to) parts.push(sql`${faceToFaceSessions.startDate} <= ${query.to}`);
  if (query.training) parts.push(eq(trainings.id, query.training));
  return parts.length ? and(...parts) : undefined;
}

const SORTS = { date: faceToFaceSessions.startDate, name: faceToFaceSessions.name, training: trainings.name, filling } as const;

export async function countSessions(db: DbOrTx, query: SessionListQuery, today: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(faceToFaceSessions)
    .innerJoin(faceToFaces, eq(faceToFaces.id, faceToFaceSessions.faceToFaceId))
    .innerJoin(trainings, eq(trainings.id, faceToFaces.trainingId))
    .where(whereOf(query, today));
  return row?.total ?? 0;
}

export async function listSessions(db: DbOrTx, query: SessionListQuery, today: string, page: { limit: number; offset: number }) {
  const direction = query.dir === "asc" ? asc : desc;
  return db
    .select({
      id: faceToFaceSessions.id,
      name: faceToFaceSessions.name,
      startDate: faceToFaceSessions.startDate,
      startTime: faceToFaceSessions.startTime,
      city: faceToFaceSessions.city,
      virtualClass: faceToFaces.virtualClass,
      maxParticipants: faceToFaceSessions.maxParticipants,
      currentParticipants: faceToFaceSessions.currentParticipants,
      waiting: waitingCount,
      trainingId: trainings.id,
      trainingName: trainings.name,
      brand: trainings.brand,
    })
    .from(faceToFaceSessions)
    .innerJoin(faceToFaces, eq(faceToFaces.id, faceToFaceSessions.faceToFaceId))
    .innerJoin(trainings, eq(trainings.id, faceToFaces.trainingId))
    .where(whereOf(query, today))
    .orderBy(direction(SORTS[query.sort]), direction(faceToFaceSessions.id))
    .limit(page.limit)
    .offset(page.offset);
}

/** The session with its group and training; locked for the transaction when `lock`. */
export async function findSession(db: DbOrTx, id: number, lock = false) {
  const query = db
    .select({
      session: faceToFaceSessions,
      virtualClass: faceToFaces.virtualClass,
      trainingId: trainings.id,
      trainingName: trainings.name,
      brand: trainings.brand,
      slug: trainings.slug,
      type: trainings.type,
    })
    .from(faceToFaceSessions)
    .innerJoin(faceToFaces, eq(faceToFaces.id, faceToFaceSessions.faceToFaceId))
    .innerJoin(trainings, eq(trainings.id, faceToFaces.trainingId))
    .where(eq(faceToFaceSessions.id, id))
    .limit(1);
  const [row] = lock ? await query.for("update", { of: faceToFaceSessions }) : await query;
  return row;
}

export async function findFaceToFace(db: DbOrTx, id: number) {
  const [row] = await db.select().from(faceToFaces).where(eq(faceToFaces.id, id)).limit(1);
  return row;
}

export async function insertSession(db: DbOrTx, values: typeof faceToFaceSessions.$inferInsert): Promise<SessionRow> {
  const [row] = await db.insert(faceToFaceSessions).values(values).returning();
  return row;
}

export async function updateSession(db: DbOrTx, id: number, values: Partial<typeof faceToFaceSessions.$inferInsert>): Promise<SessionRow> {
  const [row] = await db.update(faceToFaceSessions).set(values).where(eq(faceToFaceSessions.id, id)).returning();
  return row;
}

export async function deleteSession(db: DbOrTx, id: number): Promise<void> {
  await db.delete(faceToFaceSessions).where(eq(faceToFaceSessions.id, id));
}

export async function listDates(db: DbOrTx, sessionId: number) {
  return db.select().from(sessionDates).where(eq(sessionDates.sessionId, sessionId)).orderBy(asc(sessionDates.date), asc(sessionDates.startTime));
}

export async function insertDate(db: DbOrTx, values: { sessionId: number; date: string; startTime: string; endTime: string }) {
  const [row] = await db.insert(sessionDates).values(values).onConflictDoNothing().returning();
  return row;
}

/** The session's enrolments that are not cancelled, with the learner. */
export async function listSessionPeople(db: DbOrTx, sessionId: number) {
  return db
    .select({
      enrolmentId: enrolments.id,
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      status: enrolments.status,
      waitingListPosition: enrolments.waitingListPosition,
      locale: users.locale,
    })
    .from(enrolments)
    .innerJoin(users, eq(users.id, enrolments.userId))
    .where(and(eq(enrolments.sessionId, sessionId), ne(enrolments.status, "cancelled")))
    .orderBy(asc(enrolments.waitingListPosition), asc(users.lastName), asc(users.firstName), asc(enrolments.id));
}

export async function findEnrolmentForUpdate(db: DbOrTx, enrolmentId: number) {
  const [row] = await db.select().from(enrolments).where(eq(enrolments.id, enrolmentId)).limit(1).for("update");
  return row;
}

export async function moveEnrolment(db: DbOrTx, enrolmentId: number, toSessionId: number) {
  await db.update(enrolments).set({ sessionId: toSessionId }).where(eq(enrolments.id, enrolmentId));
}

/** Other sessions of the same training (moving targets), with their free seats. */
export async function listSiblingSessions(db: DbOrTx, trainingId: number, exceptId: number) {
  return db
    .select({
      id: faceToFaceSessions.id,
      name: faceToFaceSessions.name,
      startDate: faceToFaceSessions.startDate,
      max: faceToFaceSessions.maxParticipants,
      current: faceToFaceSessions.currentParticipants,
    })
    .from(faceToFaceSessions)
    .innerJoin(faceToFaces, eq(faceToFaces.id, faceToFaceSessions.faceToFaceId))
    .where(and(eq(faceToFaces.trainingId, trainingId), ne(faceToFaceSessions.id, exceptId)))
    .orderBy(asc(faceToFaceSessions.startDate), asc(faceToFaceSessions.id));
}

export async function hasAttendance(db: DbOrTx, sessionId: number): Promise<boolean> {
  const [row] = await db.select({ id: sessionAttendances.id }).from(sessionAttendances).where(eq(sessionAttendances.sessionId, sessionId)).limit(1);
  return Boolean(row);
}

/** Cancels the session's active and waiting enrolments; returns them. */
export async function cancelSessionEnrolments(db: DbOrTx, sessionId: number) {
  return db
    .update(enrolments)
    .set({ status: "cancelled", waitingListPosition: null })
    .where(and(eq(enrolments.sessionId, sessionId), inArray(enrolments.status, ["pending", "waiting_list", "in_progress"])))
    .returning({ id: enrolments.id, userId: enrolments.userId, status: enrolments.status });
}
