/**
 * The evidence packs (ADR 0127) and the records a pack gathers. Every read of learners' records is limited to the
 * pack's learners (the enrolments of its scope), so a referent's pack never reads another pharmacy's learners.
 */
import { and, asc, desc, eq, gte, inArray, isNull, lte, ne, or, sql, type SQL } from "drizzle-orm";
import type { Db, DbOrTx } from "../../../db/client.ts";
import {
  attestations,
  enrolments,
  evidencePacks,
  faceToFaceSessions,
  faceToFaces,
  feedbackRequests,
  fundingRequests,
  invoices,
  mailReceipts,
  moduleProgress,
  modules,
  orderLines,
  orders,
  people,
  quizTrackings,
  quizzes,
  reviews,
  sessionAttendances,
  sessionDates,
  trainingPeople,
  trainings,
  users,
} from "../../../db/schema/index.ts";

export type EvidencePackRow = typeof evidencePacks.$inferSelect;
export type EvidencePackView = EvidencePackRow & { trainingName: string; sessionName: string | null };

/** A pack's scope: one session, or one training over a period; `accountId` limits it to a pharmacy's enrolments. */
export type PackScope = {
  trainingId: number;
  sessionId: number | null;
  periodStart: string | null;
  periodEnd: string | null;
  accountId: number | null;
};

// ------------------------------------------------------------------ packs

/**
 * Inserts a running pack; undefined when one of the same scope is already running (the unique partial index
 * evidence_packs_one_running decides, so of ten requests at once exactly one starts).
 */
export async function insertRunningPack(db: Db, values: typeof evidencePacks.$inferInsert): Promise<EvidencePackRow | undefined> {
  const [row] = await db.insert(evidencePacks).values(values).onConflictDoNothing().returning();
  return row;
}

function scopeIs(scope: PackScope): SQL {
  return and(
    eq(evidencePacks.trainingId, scope.trainingId),
    scope.sessionId === null ? isNull(evidencePacks.sessionId) : eq(evidencePacks.sessionId, scope.sessionId),
    scope.periodStart === null ? isNull(evidencePacks.periodStart) : eq(evidencePacks.periodStart, scope.periodStart),
    scope.periodEnd === null ? isNull(evidencePacks.periodEnd) : eq(evidencePacks.periodEnd, scope.periodEnd),
    scope.accountId === null ? isNull(evidencePacks.accountId) : eq(evidencePacks.accountId, scope.accountId),
  )!;
}

export async function findRunningPack(db: DbOrTx, scope: PackScope): Promise<EvidencePackRow | undefined> {
  const [row] = await db
    .select()
    .from(evidencePacks)
    .where(and(scopeIs(scope), eq(evidencePacks.state, "running")))
    .limit(1);
  return row;
}

const viewColumns = {
  pack: evidencePacks,
  trainingName: trainings.name,
  sessionName: faceToFaceSessions.name,
};

function toView(row: { pack: EvidencePackRow; trainingName: string; sessionName: string | null }): EvidencePackView {
  return { ...row.pack, trainingName: row.trainingName, sessionName: row.sessionName };
}

/** One pack; `accountId` null: an administrator's (any pack of theirs, i.e. without account); else that pharmacy's. */
export async function findPack(db: DbOrTx, id: number, accountId: number | null): Promise<EvidencePackView | undefined> {
  const [row] = await db
    .select(viewColumns)
    .from(evidencePacks)
    .innerJoin(trainings, eq(trainings.id, evidencePacks.trainingId))
    .leftJoin(faceToFaceSessions, eq(faceToFaceSessions.id, evidencePacks.sessionId))
    .where(and(eq(evidencePacks.id, id), accountId === null ? isNull(evidencePacks.accountId) : eq(evidencePacks.accountId, accountId)))
    .limit(1);
  return row ? toView(row) : undefined;
}

export async function listPacks(
  db: DbOrTx,
  filter: { accountId: number | null; trainingId?: number; sessionId?: number },
  page: { limit: number; offset: number },
): Promise<{ total: number; rows: EvidencePackView[] }> {
  const where = and(
    filter.accountId === null ? isNull(evidencePacks.accountId) : eq(evidencePacks.accountId, filter.accountId),
    filter.trainingId === undefined ? undefined : eq(evidencePacks.trainingId, filter.trainingId),
    filter.sessionId === undefined ? undefined : eq(evidencePacks.sessionId, filter.sessionId),
  );
  const [total, rows] = await Promise.all([
    db.$count(evidencePacks, where),
    db
      .select(viewColumns)
      .from(evidencePacks)
      .innerJoin(trainings, eq(trainings.id, evidencePacks.trainingId))
      .leftJoin(faceToFaceSessions, eq(faceToFaceSessions.id, evidencePacks.sessionId))
      .where(where)
      .orderBy(desc(evidencePacks.createdAt), desc(evidencePacks.id))
      .limit(page.limit)
      .offset(page.offset),
  ]);
  return { total, rows: rows.map(toView) };
}

export async function updatePack(
  db: DbOrTx,
  id: number,
  values: Partial<Pick<EvidencePackRow, "state" | "done" | "total" | "filePath" | "size" | "sha256" | "error" | "updatedAt" | "finishedAt">>,
) {
  await db.update(evidencePacks).set(values).where(eq(evidencePacks.id, id));
}

/** Marks a running pack failed (only while still running: a finished pack is never lost). */
export async function failPack(db: DbOrTx, id: number, at: Date, error: string) {
  await db
    .update(evidencePacks)
    .set({ state: "failed", error, updatedAt: at, finishedAt: at })
    .where(and(eq(evidencePacks.id, id), eq(evidencePacks.state, "running")));
}

// ------------------------------------------------------------------ what a pack is of

export async function findSession(db: DbOrTx, sessionId: number) {
  const [row] = await db
    .select({
      id: faceToFaceSessions.id,
      name: faceToFaceSessions.name,
      startDate: faceToFaceSessions.startDate,
      startTime: faceToFaceSessions.startTime,
      endTime: faceToFaceSessions.endTime,
      address: faceToFaceSessions.address,
      postalCode: faceToFaceSessions.postalCode,
      city: faceToFaceSessions.city,
      trainerId: faceToFaceSessions.trainerId,
      virtualClass: faceToFaces.virtualClass,
      trainingId: faceToFaces.trainingId,
    })
    .from(faceToFaceSessions)
    .innerJoin(faceToFaces, eq(faceToFaces.id, faceToFaceSessions.faceToFaceId))
    .where(eq(faceToFaceSessions.id, sessionId))
    .limit(1);
  return row;
}
export type SessionFacts = NonNullable<Awaited<ReturnType<typeof findSession>>>;

export async function findTraining(db: DbOrTx, trainingId: number) {
  const [row] = await db
    .select({ id: trainings.id, name: trainings.name, type: trainings.type, brand: trainings.brand })
    .from(trainings)
    .where(eq(trainings.id, trainingId))
    .limit(1);
  return row;
}

export async function listSessionDays(db: DbOrTx, sessionId: number) {
  return db
    .select({ id: sessionDates.id, date: sessionDates.date, startTime: sessionDates.startTime, endTime: sessionDates.endTime })
    .from(sessionDates)
    .where(eq(sessionDates.sessionId, sessionId))
    .orderBy(asc(sessionDates.date), asc(sessionDates.startTime));
}

/**
 * The pack's learners: the enrolments (not cancelled) of the session, or of the training active during the period
 * (enrolled by its last day and not finished before its first), those of one pharmacy when `accountId` is set.
 */
export async function listLearners(db: DbOrTx, scope: PackScope) {
  return db
    .select({
      enrolmentId: enrolments.id,
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      status: enrolments.status,
      startedAt: enrolments.startedAt,
      finishedAt: enrolments.finishedAt,
      createdAt: enrolments.createdAt,
    })
    .from(enrolments)
    .innerJoin(users, eq(users.id, enrolments.userId))
    .where(
      and(
        eq(enrolments.trainingId, scope.trainingId),
        ne(enrolments.status, "cancelled"),
        ne(enrolments.status, "waiting_list"),
        scope.sessionId === null ? undefined : eq(enrolments.sessionId, scope.sessionId),
        scope.accountId === null ? undefined : eq(enrolments.accountId, scope.accountId),
        scope.periodEnd === null ? undefined : lte(sql`${enrolments.createdAt}::date`, scope.periodEnd),
        scope.periodStart === null ? undefined : or(isNull(enrolments.finishedAt), gte(sql`${enrolments.finishedAt}::date`, scope.periodStart)),
      ),
    )
    .orderBy(asc(users.lastName), asc(users.firstName), asc(enrolments.id));
}
export type Learner = Awaited<ReturnType<typeof listLearners>>[number];

export async function listAttestations(db: DbOrTx, enrolmentIds: number[]) {
  if (enrolmentIds.length === 0) return [];
  return db.select().from(attestations).where(inArray(attestations.enrolmentId, enrolmentIds)).orderBy(asc(attestations.enrolmentId), asc(attestations.kind));
}

export async function listAttendances(db: DbOrTx, sessionId: number, userIds: number[]) {
  if (userIds.length === 0) return [];
  return db
    .select({
      day: sessionAttendances.day,
      userId: sessionAttendances.userId,
      joinedAt: sessionAttendances.joinedAt,
      attended: sessionAttendances.attended,
      markedAt: sessionAttendances.markedAt,
    })
    .from(sessionAttendances)
    .where(and(eq(sessionAttendances.sessionId, sessionId), inArray(sessionAttendances.userId, userIds)))
    .orderBy(asc(sessionAttendances.day), asc(sessionAttendances.userId));
}

export async function listModuleProgress(db: DbOrTx, enrolmentIds: number[]) {
  if (enrolmentIds.length === 0) return [];
  return db
    .select({
      enrolmentId: moduleProgress.enrolmentId,
      title: modules.title,
      position: modules.position,
      status: moduleProgress.status,
      startedAt: moduleProgress.startedAt,
      completedAt: moduleProgress.completedAt,
      updatedAt: moduleProgress.updatedAt,
    })
    .from(moduleProgress)
    .innerJoin(modules, eq(modules.id, moduleProgress.moduleId))
    .where(inArray(moduleProgress.enrolmentId, enrolmentIds))
    .orderBy(asc(moduleProgress.enrolmentId), asc(modules.position));
}

/** The learners' attempts at the training's quizzes (those of its modules too), oldest first. */
export async function listQuizAttempts(db: DbOrTx, trainingId: number, userIds: number[]) {
  if (userIds.length === 0) return [];
  return db
    .select({
      userId: quizTrackings.userId,
      enrolmentId: quizTrackings.enrolmentId,
      title: quizzes.title,
      kind: quizzes.kind,
      startDate: quizTrackings.startDate,
      answeredAt: quizTrackings.answeredAt,
      score: quizTrackings.score,
    })
    .from(quizTrackings)
    .innerJoin(quizzes, eq(quizzes.id, quizTrackings.quizId))
    .leftJoin(modules, eq(modules.id, quizzes.moduleId))
    .where(
      and(
        inArray(quizTrackings.userId, userIds),
        or(eq(quizzes.trainingId, trainingId), sql`${modules.courseId} in (select id from courses where training_id = ${trainingId})`),
      ),
    )
    .orderBy(asc(quizTrackings.userId), asc(quizTrackings.startDate), asc(quizTrackings.id));
}

export async function listFeedback(db: DbOrTx, enrolmentIds: number[]) {
  if (enrolmentIds.length === 0) return [];
  return db
    .select({
      enrolmentId: feedbackRequests.enrolmentId,
      requestedAt: feedbackRequests.createdAt,
      answeredAt: feedbackRequests.usedAt,
      rating: reviews.rating,
      comment: reviews.comment,
    })
    .from(feedbackRequests)
    .leftJoin(reviews, eq(reviews.id, feedbackRequests.reviewId))
    .where(inArray(feedbackRequests.enrolmentId, enrolmentIds))
    .orderBy(asc(feedbackRequests.createdAt));
}

export async function listMailReceipts(db: DbOrTx, trainingId: number, userIds: number[]) {
  if (userIds.length === 0) return [];
  return db
    .select()
    .from(mailReceipts)
    .where(and(eq(mailReceipts.trainingId, trainingId), inArray(mailReceipts.userId, userIds)))
    .orderBy(asc(mailReceipts.sentAt), asc(mailReceipts.id));
}

/** A mail the pack reports (ADR 0127): recorded once the mailer accepted it. */
export async function insertMailReceipt(db: DbOrTx, values: typeof mailReceipts.$inferInsert) {
  await db.insert(mailReceipts).values(values);
}

/**
 * The invoices of the scope: those of paid orders with a line for the training (for the session, when the pack is a
 * session's), of the pharmacy when `accountId` is set, issued in the period when it has one; the funding payers'
 * invoices of the training's funding requests alike; and the credit notes reversing any of them.
 */
export async function listInvoices(db: DbOrTx, scope: PackScope) {
  const period = (column: SQL | typeof invoices.issuedAt) =>
    scope.periodStart === null || scope.periodEnd === null
      ? undefined
      : and(gte(sql`${column}::date`, scope.periodStart), lte(sql`${column}::date`, scope.periodEnd));
  const orderIds = db
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
    .where(
      and(
        eq(orderLines.trainingId, scope.trainingId),
        scope.sessionId === null ? undefined : eq(orderLines.sessionId, scope.sessionId),
        scope.accountId === null ? undefined : eq(orders.accountId, scope.accountId),
      ),
    );
  const requestIds = db
    .select({ id: fundingRequests.id })
    .from(fundingRequests)
    .where(
      and(
        eq(fundingRequests.trainingId, scope.trainingId),
        scope.sessionId === null ? undefined : eq(fundingRequests.sessionId, scope.sessionId),
        scope.accountId === null ? undefined : eq(fundingRequests.accountId, scope.accountId),
      ),
    );
  const issued = await db
    .select()
    .from(invoices)
    .where(and(or(inArray(invoices.orderId, orderIds), inArray(invoices.fundingRequestId, requestIds)), period(invoices.issuedAt)))
    .orderBy(asc(invoices.issuedAt), asc(invoices.id));
  if (issued.length === 0) return [];
  const credits = await db
    .select()
    .from(invoices)
    .where(
      inArray(
        invoices.creditedInvoiceId,
        issued.map((row) => row.id),
      ),
    )
    .orderBy(asc(invoices.issuedAt), asc(invoices.id));
  return [...issued, ...credits];
}

/** The trainers: the training's (in their order) and the session's own, once each. */
export async function listTrainers(db: DbOrTx, trainingId: number, sessionTrainerId: number | null) {
  const rows = await db
    .select({ id: people.id, name: people.name, title: people.title, bio: people.bio })
    .from(people)
    .leftJoin(trainingPeople, and(eq(trainingPeople.personId, people.id), eq(trainingPeople.trainingId, trainingId), eq(trainingPeople.role, "trainer")))
    .where(or(sql`${trainingPeople.personId} is not null`, sessionTrainerId === null ? sql`false` : eq(people.id, sessionTrainerId)))
    .orderBy(asc(trainingPeople.position), asc(people.name));
  return rows.filter((row, index) => rows.findIndex((other) => other.id === row.id) === index);
}

// ------------------------------------------------------------------ a referent's choices

/** The sessions the pharmacy's learners are (or were) booked on. */
export async function listAccountSessions(db: DbOrTx, accountId: number) {
  return db
    .selectDistinct({
      id: faceToFaceSessions.id,
      name: faceToFaceSessions.name,
      startDate: faceToFaceSessions.startDate,
      trainingId: trainings.id,
      trainingName: trainings.name,
    })
    .from(enrolments)
    .innerJoin(faceToFaceSessions, eq(faceToFaceSessions.id, enrolments.sessionId))
    .innerJoin(trainings, eq(trainings.id, enrolments.trainingId))
    .where(and(eq(enrolments.accountId, accountId), ne(enrolments.status, "cancelled")))
    .orderBy(desc(faceToFaceSessions.startDate), asc(faceToFaceSessions.id))
    .limit(200);
}

/** The trainings without a session the pharmacy's learners followed (e-learning). */
export async function listAccountElearningTrainings(db: DbOrTx, accountId: number) {
  return db
    .selectDistinct({ id: trainings.id, name: trainings.name })
    .from(enrolments)
    .innerJoin(trainings, eq(trainings.id, enrolments.trainingId))
    .where(and(eq(enrolments.accountId, accountId), isNull(enrolments.sessionId), ne(enrolments.status, "cancelled")))
    .orderBy(asc(trainings.name), asc(trainings.id))
    .limit(200);
}

/** Whether the pharmacy enrolled anyone on the session, or on the training (any session or none). */
export async function accountHasEnrolment(db: DbOrTx, accountId: number, where: { trainingId: number; sessionId: number | null }): Promise<boolean> {
  const count = await db.$count(
    enrolments,
    and(
      eq(enrolments.accountId, accountId),
      eq(enrolments.trainingId, where.trainingId),
      ne(enrolments.status, "cancelled"),
      where.sessionId === null ? undefined : eq(enrolments.sessionId, where.sessionId),
    ),
  );
  return count > 0;
}
