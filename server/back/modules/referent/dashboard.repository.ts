import { and, desc, eq, inArray, ne, sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { attestations, enrolments, fundingRequests, historyEntries, trainings, users } from "../../../db/schema/index.ts";

/** What the dashboard reads of the account's enrolments: every query scoped by accountId. */

/**
 * How an enrolment ended (ADR 0107): the outcome of its history entry (the learner's entry of the training started
 * since the enrolment, newest first), null while under way. `isFinished` (core/domain/team-figures.ts) reads it.
 * Written with its tables named in full: drizzle leaves a column unqualified in a query without a join, where it would
 * name the subquery's own table.
 */
export const enrolmentOutcome = sql<string | null>`(select h.outcome from history_entries h
  where h.user_id = "enrolments"."user_id" and h.training_id = "enrolments"."training_id" and h.start_date >= "enrolments"."created_at"
  order by h.start_date desc limit 1)`;

export async function listAccountEnrolmentsWithTraining(db: Db, accountId: number) {
  return db
    .select({
      userId: enrolments.userId,
      trainingId: enrolments.trainingId,
      trainingName: trainings.name,
      trainingType: trainings.type,
      durationMinutes: trainings.durationMinutes,
      status: enrolments.status,
      progressPercent: enrolments.progressPercent,
      outcome: enrolmentOutcome,
      createdAt: enrolments.createdAt,
      startedAt: enrolments.startedAt,
      finishedAt: enrolments.finishedAt,
    })
    .from(enrolments)
    .innerJoin(trainings, eq(trainings.id, enrolments.trainingId))
    .where(and(eq(enrolments.accountId, accountId), ne(enrolments.status, "cancelled")))
    .orderBy(enrolments.userId, enrolments.createdAt);
}

/**
 * The pre/post scores of the trainings followed for this account (a history entry of another pharmacy's training is
 * left out); the post-test score is the counted attempt's, with the attempts and how the training ended (ADR 0107).
 */
export async function listAccountScores(db: Db, accountId: number, userIds: number[]) {
  if (userIds.length === 0) return [];
  return db
    .selectDistinct({
      id: historyEntries.id,
      userId: historyEntries.userId,
      trainingId: historyEntries.trainingId,
      initialScore: historyEntries.initialScore,
      finalScore: historyEntries.finalScore,
      attempts: historyEntries.attempts,
      outcome: historyEntries.outcome,
    })
    .from(historyEntries)
    .innerJoin(
      enrolments,
      and(eq(enrolments.userId, historyEntries.userId), eq(enrolments.trainingId, historyEntries.trainingId), eq(enrolments.accountId, accountId)),
    )
    .where(inArray(historyEntries.userId, userIds));
}

/** The attestations of the account's enrolments, newest first. */
export async function listAccountAttestations(db: Db, accountId: number) {
  return db
    .select({
      id: attestations.id,
      code: attestations.code,
      kind: attestations.kind,
      userId: attestations.userId,
      trainingId: attestations.trainingId,
      firstName: users.firstName,
      lastName: users.lastName,
      trainingName: trainings.name,
      issuedAt: attestations.issuedAt,
    })
    .from(attestations)
    .innerJoin(enrolments, eq(enrolments.id, attestations.enrolmentId))
    .innerJoin(users, eq(users.id, attestations.userId))
    .innerJoin(trainings, eq(trainings.id, attestations.trainingId))
    .where(eq(enrolments.accountId, accountId))
    .orderBy(desc(attestations.issuedAt), desc(attestations.id));
}

/** The account's funding requests, newest first per learner (the dashboard keeps each learner's latest). */
export async function listAccountFundingRequests(db: Db, accountId: number) {
  return db
    .select({
      id: fundingRequests.id,
      userId: fundingRequests.learnerId,
      state: fundingRequests.state,
      scheme: fundingRequests.scheme,
      updatedAt: fundingRequests.updatedAt,
    })
    .from(fundingRequests)
    .where(eq(fundingRequests.accountId, accountId))
    .orderBy(fundingRequests.learnerId, desc(fundingRequests.createdAt), desc(fundingRequests.id));
}
