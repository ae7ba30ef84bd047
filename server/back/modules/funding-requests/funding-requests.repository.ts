/** Funding requests' queries (Drizzle only here), always scoped by the account in use. ADR 0055-0056. */
import { and, asc, desc, eq, gte, inArray, sql } from "drizzle-orm";
import type { DbOrTx, Tx } from "../../../db/client.ts";
import {
  accounts,
  agreements,
  faceToFaceSessions,
  faceToFaces,
  fundingRequestEvents,
  fundingRequests,
  memberships,
  sessionDates,
  trainings,
  users,
} from "../../../db/schema/index.ts";

export type FundingRequestRow = typeof fundingRequests.$inferSelect;

export async function listActiveMembers(db: DbOrTx, accountId: number) {
  return db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      professionalNumber: users.professionalNumber,
      role: memberships.role,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.accountId, accountId), eq(memberships.isActive, true)))
    .orderBy(asc(users.lastName), asc(users.firstName));
}

export async function findActiveMember(db: DbOrTx, accountId: number, userId: number) {
  const [row] = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.accountId, accountId), eq(memberships.userId, userId), eq(memberships.isActive, true)))
    .limit(1);
  return row;
}

export async function listAgreements(db: DbOrTx) {
  return db.select().from(agreements).orderBy(asc(agreements.organisation), asc(agreements.name));
}

export async function findAgreement(db: DbOrTx, id: number) {
  const [row] = await db.select().from(agreements).where(eq(agreements.id, id)).limit(1);
  return row;
}

const sessionColumns = {
  id: faceToFaceSessions.id,
  name: faceToFaceSessions.name,
  city: faceToFaceSessions.city,
  startDate: faceToFaceSessions.startDate,
  startTime: faceToFaceSessions.startTime,
  endTime: faceToFaceSessions.endTime,
  trainingId: trainings.id,
  trainingName: trainings.name,
  trainingSlug: trainings.slug,
  trainingType: trainings.type,
  trainingBrand: trainings.brand,
  priceHtCents: trainings.priceHtCents,
  currency: trainings.currency,
  durationMinutes: trainings.durationMinutes,
  faceToFaceDurationMinutes: trainings.faceToFaceDurationMinutes,
};

export type SessionRow = Awaited<ReturnType<typeof findSession>> & {};

/** A session with its training (any brand: the service checks it is the account's). */
export async function findSession(db: DbOrTx, sessionId: number) {
  const [row] = await db
    .select(sessionColumns)
    .from(faceToFaceSessions)
    .innerJoin(faceToFaces, eq(faceToFaces.id, faceToFaceSessions.faceToFaceId))
    .innerJoin(trainings, eq(trainings.id, faceToFaces.trainingId))
    .where(eq(faceToFaceSessions.id, sessionId))
    .limit(1);
  return row;
}

/** Sessions of the brand's published trainings from a day on (the creation form), or of one training. */
export async function listSessions(db: DbOrTx, filter: { brand: string; fromDate: string; trainingId?: number }) {
  return db
    .select(sessionColumns)
    .from(faceToFaceSessions)
    .innerJoin(faceToFaces, eq(faceToFaces.id, faceToFaceSessions.faceToFaceId))
    .innerJoin(trainings, eq(trainings.id, faceToFaces.trainingId))
    .where(
      and(
        eq(trainings.brand, filter.brand),
        eq(trainings.isPublished, true),
        gte(faceToFaceSessions.startDate, filter.fromDate),
        filter.trainingId === undefined ? undefined : eq(trainings.id, filter.trainingId),
      ),
    )
    .orderBy(asc(faceToFaceSessions.startDate), asc(trainings.name))
    .limit(200);
}

/** The days of some sessions with their minutes (FUNDAE hours, group end dates). */
export async function listSessionDays(db: DbOrTx, sessionIds: number[]) {
  if (sessionIds.length === 0) return [];
  return db
    .select({
      sessionId: sessionDates.sessionId,
      date: sessionDates.date,
      minutes: sql<number>`(extract(epoch from (${sessionDates.endTime} - ${sessionDates.startTime})) / 60)::int`,
    })
    .from(sessionDates)
    .where(inArray(sessionDates.sessionId, sessionIds))
    .orderBy(asc(sessionDates.date));
}

const requestColumns = {
  request: fundingRequests,
  learner: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, professionalNumber: users.professionalNumber },
  agreement: { id: agreements.id, name: agreements.name, number: agreements.number, organisation: agreements.organisation },
  session: { id: faceToFaceSessions.id, name: faceToFaceSessions.name, city: faceToFaceSessions.city, startDate: faceToFaceSessions.startDate },
  training: { id: trainings.id, name: trainings.name, slug: trainings.slug, type: trainings.type },
};

function selectRequests(db: DbOrTx) {
  return db
    .select(requestColumns)
    .from(fundingRequests)
    .innerJoin(users, eq(users.id, fundingRequests.learnerId))
    .innerJoin(agreements, eq(agreements.id, fundingRequests.agreementId))
    .innerJoin(faceToFaceSessions, eq(faceToFaceSessions.id, fundingRequests.sessionId))
    .innerJoin(trainings, eq(trainings.id, fundingRequests.trainingId));
}

export type FundingRequestWithParts = Awaited<ReturnType<typeof listRequests>>[number];

export async function listRequests(db: DbOrTx, accountId: number, filter: { state?: string; scheme?: string } = {}) {
  return selectRequests(db)
    .where(
      and(
        eq(fundingRequests.accountId, accountId),
        filter.state ? eq(fundingRequests.state, filter.state) : undefined,
        filter.scheme ? eq(fundingRequests.scheme, filter.scheme) : undefined,
      ),
    )
    .orderBy(desc(fundingRequests.updatedAt), desc(fundingRequests.id));
}

export async function countByState(db: DbOrTx, accountId: number) {
  return db
    .select({ state: fundingRequests.state, count: sql<number>`count(*)::int` })
    .from(fundingRequests)
    .where(eq(fundingRequests.accountId, accountId))
    .groupBy(fundingRequests.state);
}

export async function findRequest(db: DbOrTx, accountId: number, id: number) {
  const [row] = await selectRequests(db)
    .where(and(eq(fundingRequests.accountId, accountId), eq(fundingRequests.id, id)))
    .limit(1);
  return row;
}

/** Locks the account's request row for a transition (concurrent actions queue up and see the new state). */
export async function lockRequest(tx: Tx, accountId: number, id: number): Promise<FundingRequestRow | undefined> {
  const [row] = await tx
    .select()
    .from(fundingRequests)
    .where(and(eq(fundingRequests.accountId, accountId), eq(fundingRequests.id, id)))
    .for("update");
  return row;
}

export async function insertRequest(tx: Tx, values: typeof fundingRequests.$inferInsert): Promise<FundingRequestRow> {
  const [row] = await tx.insert(fundingRequests).values(values).returning();
  return row;
}

export async function updateRequest(tx: Tx, id: number, values: Partial<typeof fundingRequests.$inferInsert>) {
  await tx.update(fundingRequests).set(values).where(eq(fundingRequests.id, id));
}

export async function insertEvent(tx: Tx, values: typeof fundingRequestEvents.$inferInsert) {
  await tx.insert(fundingRequestEvents).values(values);
}

export async function listEvents(db: DbOrTx, requestId: number) {
  return db
    .select({ event: fundingRequestEvents, firstName: users.firstName, lastName: users.lastName })
    .from(fundingRequestEvents)
    .innerJoin(users, eq(users.id, fundingRequestEvents.userId))
    .where(eq(fundingRequestEvents.requestId, requestId))
    .orderBy(asc(fundingRequestEvents.at), asc(fundingRequestEvents.id));
}

export async function findAccountIdentity(db: DbOrTx, accountId: number) {
  const [row] = await db.select().from(accounts).where(eq(accounts.id, accountId)).limit(1);
  return row;
}
