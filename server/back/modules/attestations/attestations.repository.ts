import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import {
  attestations,
  dpcProgrammes,
  enrolments,
  faceToFaceSessions,
  practiceCertificates,
  sessionDates,
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
  return { ...row, programme, session, sessionDays: days.map((d) => d.date) };
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
        .where(inArray(practiceCertificates.enrolmentId, rows.map((r) => r.enrolmentId)))
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
