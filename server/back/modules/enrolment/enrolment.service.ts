import { randomBytes } from "node:crypto";
import { subscriptionEligibility, type EligibilityRefusal } from "#core/domain/eligibility.ts";
import type { BrandKey } from "#core/branding/brands.ts";
import { toParisDate } from "#core/domain/dates.ts";
import { hasFaceToFace, isTrainingType } from "#core/domain/training-types.ts";
import type { Db, Tx } from "../../../db/client.ts";
import type { ServiceContext } from "../../service-context.ts";
import { AppError } from "../../http/app-error.ts";
import type { MessageKey } from "../../i18n/messages.ts";
import { publishPlanUpdate, releaseSeat, tellSeatChanges } from "./seats.service.ts";
import { getUserPayload } from "../user/user.service.ts";
import {
  cancelEnrolment,
  findActiveEnrolment,
  findEnrolmentById,
  insertEnrolment,
  setEnrolmentDossierId,
  setEnrolmentLmsActive,
  findPublishedTraining,
  findSession,
  lastWaitingPosition,
  listDpcProgrammeIds,
  listSessionsOfTraining,
  lockSession,
  shiftWaitingList,
  type EnrolmentRow,
  type SessionWithGroup,
  type TrainingRow,
} from "./enrolment.repository.ts";
import type { EnrolmentPayload } from "#core/contract/enrolment.ts";

export { findActiveEnrolment, type EnrolmentRow } from "./enrolment.repository.ts";

export function toEnrolmentPayload(row: EnrolmentRow): EnrolmentPayload {
  return {
    id: row.id,
    trainingId: row.trainingId,
    status: row.status,
    sessionId: row.sessionId,
    dpcProgrammeId: row.dpcProgrammeId,
    waitingListPosition: row.waitingListPosition,
    dossierId: row.dossierId,
    lmsActive: row.lmsActive,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
  };
}

const REFUSAL_MESSAGES: Record<EligibilityRefusal, MessageKey> = {
  readOnly: "readOnly",
  shopContext: "enrolmentShopContext",
  notInStore: "enrolmentNotInStore",
  contractInvalid: "enrolmentContractInvalid",
  pharmacistsOnly: "enrolmentPharmacistsOnly",
  nonPharmacistsOnly: "enrolmentNonPharmacistsOnly",
  holdersOnly: "enrolmentHoldersOnly",
  nonHoldersOnly: "enrolmentNonHoldersOnly",
};

/** 404 for a training the learner cannot see (unknown, unpublished, other brand). */
export async function requireTraining(ctx: ServiceContext, brand: BrandKey, trainingId: number): Promise<TrainingRow> {
  const training = await findPublishedTraining(ctx.db, brand, trainingId);
  if (!training) throw new AppError("NOT_FOUND", "enrolmentTrainingNotFound");
  return training;
}

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } } | null;
  return e?.code === "23505" || e?.cause?.code === "23505";
}

export type SubscribeInput = {
  userId: number;
  /** The session's account; the enrolment is made for the account in use. */
  accountId: number | null;
  brand: BrandKey;
  trainingId: number;
  sessionId?: number | null;
  dpcProgrammeId?: number | null;
  /** The DPC subscription requires a DPC programme. */
  requireDpc?: boolean;
};

export type SubscribeOutcome = "subscribed" | "booked" | "waiting_list";

/**
 * Subscribes the learner to a training, booking a seat in the session when one is given. Seat booking locks the
 * session row, so concurrent bookings of the last seat queue up and only one gets it; the others go on the waiting
 * list (or are refused with 409 when the session has no waiting list).
 */
export async function subscribeToTraining(ctx: ServiceContext, input: SubscribeInput): Promise<{ outcome: SubscribeOutcome; enrolment: EnrolmentPayload }> {
  const { db } = ctx;
  const now = ctx.now();
  const user = await getUserPayload(ctx, input.userId, input.accountId);
  if (!user.loggedIn) throw new AppError("UNAUTHENTICATED", "unauthenticated");
  const training = await requireTraining(ctx, input.brand, input.trainingId);
  const eligibility = subscriptionEligibility(user, training, now);
  if (!eligibility.allowed) throw new AppError("FORBIDDEN", REFUSAL_MESSAGES[eligibility.reason]);
  if (await findActiveEnrolment(db, input.userId, training.id)) throw new AppError("CONFLICT", "enrolmentAlreadySubscribed");
  const target = await resolveEnrolmentTarget(ctx, training, input);

  const accountId = user.currentAccountId;
  let result: EnrolInTxResult;
  try {
    result = await db.transaction((tx) => enrolInTransaction({ ...ctx, db: tx }, { userId: input.userId, trainingId: training.id, accountId, ...target }));
  } catch (error) {
    // Two simultaneous requests of the same learner: the unique index lets one through.
    if (isUniqueViolation(error)) throw new AppError("CONFLICT", "enrolmentAlreadySubscribed");
    throw error;
  }
  await afterEnrolment(ctx, accountId, { userId: input.userId, trainingId: training.id });
  return { outcome: result.outcome, enrolment: toEnrolmentPayload(result.row) };
}

/** Where an enrolment goes: its DPC programme and its session (checked against the training), read before any write. */
export type EnrolmentTarget = { dpcProgrammeId: number | null; session: SessionWithGroup | null };

/**
 * Checks and resolves the DPC programme and the session of an enrolment in `training` (422 for a session or programme
 * of another training or a missing session, 409 for a session already started). Reads only: shared by the learner's
 * own subscription and the referent's attribution (ADR 0070).
 */
export async function resolveEnrolmentTarget(
  ctx: ServiceContext,
  training: TrainingRow,
  input: { sessionId?: number | null; dpcProgrammeId?: number | null; requireDpc?: boolean },
): Promise<EnrolmentTarget> {
  const { db } = ctx;
  let dpcProgrammeId: number | null = null;
  const programmeIds = await listDpcProgrammeIds(db, training.id);
  if (input.dpcProgrammeId != null) {
    if (!programmeIds.includes(input.dpcProgrammeId)) {
      throw new AppError("VALIDATION", "invalidInput", { fields: { dpcProgrammeId: ["enrolmentDpcProgrammeNotOfTraining"] } });
    }
    dpcProgrammeId = input.dpcProgrammeId;
  } else if (input.requireDpc) {
    if (training.type !== "dpc" || programmeIds.length === 0) throw new AppError("VALIDATION", "enrolmentNotDpc");
    dpcProgrammeId = programmeIds[0];
  } else if (training.type === "dpc") {
    dpcProgrammeId = programmeIds[0] ?? null;
  }

  let session: SessionWithGroup | null = null;
  if (input.sessionId != null) {
    session = (await findSession(db, input.sessionId)) ?? null;
    if (!session || session.trainingId !== training.id) {
      throw new AppError("VALIDATION", "enrolmentSessionNotOfTraining", { fields: { sessionId: ["enrolmentSessionNotOfTraining"] } });
    }
    if (session.startDate < toParisDate(ctx.now())) throw new AppError("CONFLICT", "enrolmentSessionPast");
  } else if (await needsSession(db, training)) {
    throw new AppError("VALIDATION", "enrolmentSessionRequired", { fields: { sessionId: ["enrolmentSessionRequired"] } });
  }
  return { dpcProgrammeId, session };
}

export type EnrolInTxInput = EnrolmentTarget & {
  userId: number;
  trainingId: number;
  accountId: number | null;
  fundingId?: number | null;
  /** When the session is full: the waiting list (the learner's own subscription) or a 409 (`false`: attribution). */
  waitingList?: boolean;
};
export type EnrolInTxResult = { outcome: SubscribeOutcome; row: EnrolmentRow };

/**
 * The enrolment's writes, inside the caller's transaction: without a session the learner can start at once; with
 * one, the session row is locked (concurrent bookings queue up here) and a seat booked while one is left, else the
 * learner goes on the waiting list, or 409 (`enrolmentSessionFull`) when the session has none or `waitingList` is
 * false. The unique index on active enrolments makes a second enrolment of the learner fail (23505): the caller maps
 * it. Whoever calls this runs `afterEnrolment` once the transaction has committed.
 */
export async function enrolInTransaction(ctx: ServiceContext & { db: Tx }, input: EnrolInTxInput): Promise<EnrolInTxResult> {
  const tx = ctx.db;
  const now = ctx.now();
  const base = {
    userId: input.userId,
    trainingId: input.trainingId,
    accountId: input.accountId,
    dpcProgrammeId: input.dpcProgrammeId,
    fundingId: input.fundingId ?? null,
    createdAt: now,
  };
  const session = input.session;
  if (!session) {
    // No seat to book: the learner can start at once.
    return { outcome: "subscribed", row: await insertEnrolment(tx, { ...base, status: "in_progress", startedAt: now }) };
  }
  const locked = await lockSession(tx, session.id);
  if (locked && locked.currentParticipants < locked.maxParticipants) {
    return { outcome: "booked", row: await insertEnrolment(tx, { ...base, status: "pending", sessionId: session.id }) };
  }
  if (session.noWaitingList || input.waitingList === false) {
    throw new AppError("CONFLICT", "enrolmentSessionFull", { values: { session: session.name } });
  }
  const position = (await lastWaitingPosition(tx, session.id)) + 1;
  return { outcome: "waiting_list", row: await insertEnrolment(tx, { ...base, status: "waiting_list", sessionId: session.id, waitingListPosition: position }) };
}

/** After an enrolment's transaction has committed: the account's open pages refetch the training plan. */
export async function afterEnrolment(ctx: ServiceContext, accountId: number | null, payload: { userId: number; trainingId: number }): Promise<void> {
  await publishPlanUpdate(ctx, accountId, payload);
}

export { isUniqueViolation };

/** Face-to-face, mixed and virtual-class trainings (and DPC ones with sessions) are booked on a session. */
async function needsSession(db: Db, training: TrainingRow): Promise<boolean> {
  if (training.sessionsOnDemand) return false;
  if (!isTrainingType(training.type)) return false;
  if (!hasFaceToFace(training.type) && training.type !== "dpc") return false;
  const sessions = await listSessionsOfTraining(db, training.id);
  return sessions.length > 0;
}

export type UnsubscribeInput = { userId: number; accountId: number | null; brand: BrandKey; trainingId: number };

/**
 * Cancels the learner's enrolment. A freed seat goes, in the same transaction, to the first learner on the waiting
 * list (told by notification and mail after commit, ADR 0085); otherwise the session counts one participant less.
 */
export async function unsubscribeFromTraining(ctx: ServiceContext, input: UnsubscribeInput): Promise<{ promotedUserId: number | null }> {
  const { db } = ctx;
  const training = await requireTraining(ctx, input.brand, input.trainingId);
  const current = await findActiveEnrolment(db, input.userId, training.id);
  if (!current) throw new AppError("NOT_FOUND", "enrolmentNotSubscribed");
  if (current.status === "finished") throw new AppError("CONFLICT", "enrolmentFinishedCannotLeave");

  const promoted = await db.transaction(async (tx) => {
    if (current.sessionId !== null) await lockSession(tx, current.sessionId);
    // Re-read under the lock: a concurrent cancel or promotion may have changed the row.
    const mine = await findActiveEnrolment(tx, input.userId, training.id);
    if (!mine || mine.id !== current.id) throw new AppError("NOT_FOUND", "enrolmentNotSubscribed");
    await cancelEnrolment(tx, mine.id);
    if (mine.sessionId === null) return [];
    if (mine.status === "waiting_list") {
      await shiftWaitingList(tx, mine.sessionId, mine.waitingListPosition ?? 0);
      return [];
    }
    // The freed seat goes to the first in line (ADR 0085).
    return releaseSeat({ ...ctx, db: tx }, mine.sessionId);
  });

  await publishPlanUpdate(ctx, current.accountId, { userId: input.userId, trainingId: training.id });
  await tellSeatChanges(ctx, promoted);
  return { promotedUserId: promoted[0]?.userId ?? null };
}

/** The user's own active enrolment, or 404. */
export async function requireOwnEnrolment(ctx: ServiceContext, brand: BrandKey, userId: number, trainingId: number): Promise<EnrolmentRow> {
  const training = await requireTraining(ctx, brand, trainingId);
  const row = await findActiveEnrolment(ctx.db, userId, training.id);
  if (!row) throw new AppError("NOT_FOUND", "enrolmentNotSubscribed");
  return row;
}

/** Creates the follow-up file number once (idempotent): later calls return the same number. */
export async function createFollowUp(ctx: ServiceContext, brand: BrandKey, userId: number, trainingId: number): Promise<EnrolmentPayload> {
  const { db } = ctx;
  const row = await requireOwnEnrolment(ctx, brand, userId, trainingId);
  if (row.dossierId) return toEnrolmentPayload(row);
  const dossierId = `SUIVI-${row.id}-${randomBytes(4).toString("hex").toUpperCase()}`;
  // The `is null` guard keeps the first number if two calls race.
  await setEnrolmentDossierId(db, row.id, dossierId);
  const updated = await findEnrolmentById(db, row.id);
  return toEnrolmentPayload(updated!);
}

/**
 * Turns the learner's access to the e-learning player on or off. When turned on, a fresh one-time password is
 * returned for the external SCORM player's own login screen (ADR 0011); it is not stored by the platform.
 */
export async function setLmsActive(ctx: ServiceContext, brand: BrandKey, userId: number, trainingId: number, status: boolean) {
  const row = await requireOwnEnrolment(ctx, brand, userId, trainingId);
  await setEnrolmentLmsActive(ctx.db, row.id, status);
  return { lmsActive: status, password: status ? randomBytes(9).toString("base64url") : null };
}
