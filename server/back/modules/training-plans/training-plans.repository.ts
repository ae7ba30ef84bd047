/** Collective training plans' queries (Drizzle only here), scoped by account. ADR 0057. */
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx, Tx } from "../../../db/client.ts";
import { memberships, trainingPlanActivities, trainingPlanParticipants, trainingPlans, trainings, users } from "../../../db/schema/index.ts";

export type TrainingPlanRow = typeof trainingPlans.$inferSelect;

export async function listPlans(db: DbOrTx, accountId: number) {
  return db
    .select({ plan: trainingPlans, activityCount: sql<number>`(select count(*)::int from training_plan_activities a where a.plan_id = "training_plans"."id")` })
    .from(trainingPlans)
    .where(eq(trainingPlans.accountId, accountId))
    .orderBy(desc(trainingPlans.startDate), desc(trainingPlans.id));
}

export async function findPlan(db: DbOrTx, accountId: number, planId: number): Promise<TrainingPlanRow | undefined> {
  const [row] = await db
    .select()
    .from(trainingPlans)
    .where(and(eq(trainingPlans.accountId, accountId), eq(trainingPlans.id, planId)))
    .limit(1);
  return row;
}

export async function lockPlan(tx: Tx, accountId: number, planId: number): Promise<TrainingPlanRow | undefined> {
  const [row] = await tx
    .select()
    .from(trainingPlans)
    .where(and(eq(trainingPlans.accountId, accountId), eq(trainingPlans.id, planId)))
    .for("update");
  return row;
}

export async function listActivities(db: DbOrTx, planId: number) {
  return db
    .select({ activity: trainingPlanActivities, training: { name: trainings.name, slug: trainings.slug, type: trainings.type } })
    .from(trainingPlanActivities)
    .innerJoin(trainings, eq(trainings.id, trainingPlanActivities.trainingId))
    .where(eq(trainingPlanActivities.planId, planId))
    .orderBy(asc(trainingPlanActivities.startDate), asc(trainingPlanActivities.id));
}

export async function listParticipants(db: DbOrTx, activityIds: number[]) {
  if (activityIds.length === 0) return [];
  return db
    .select({ activityId: trainingPlanParticipants.activityId, userId: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(trainingPlanParticipants)
    .innerJoin(users, eq(users.id, trainingPlanParticipants.userId))
    .where(inArray(trainingPlanParticipants.activityId, activityIds))
    .orderBy(asc(users.lastName), asc(users.firstName));
}

export async function insertPlan(tx: Tx, values: typeof trainingPlans.$inferInsert): Promise<TrainingPlanRow> {
  const [row] = await tx.insert(trainingPlans).values(values).returning();
  return row;
}

export async function touchPlan(tx: Tx, planId: number, now: Date) {
  await tx.update(trainingPlans).set({ updatedAt: now }).where(eq(trainingPlans.id, planId));
}

export async function insertActivity(tx: Tx, values: typeof trainingPlanActivities.$inferInsert, userIds: number[]) {
  const [row] = await tx.insert(trainingPlanActivities).values(values).returning();
  await tx.insert(trainingPlanParticipants).values(userIds.map((userId) => ({ activityId: row.id, userId })));
  return row;
}

export async function findTrainingOfBrand(db: DbOrTx, brand: string, trainingId: number) {
  const [row] = await db
    .select({ id: trainings.id })
    .from(trainings)
    .where(and(eq(trainings.id, trainingId), eq(trainings.brand, brand), eq(trainings.isPublished, true)))
    .limit(1);
  return row;
}

export async function listTrainingsOfBrand(db: DbOrTx, brand: string) {
  return db
    .select({ id: trainings.id, name: trainings.name })
    .from(trainings)
    .where(and(eq(trainings.brand, brand), eq(trainings.isPublished, true)))
    .orderBy(asc(trainings.name))
    .limit(300);
}

export async function listMembers(db: DbOrTx, accountId: number) {
  return db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.accountId, accountId), eq(memberships.isActive, true)))
    .orderBy(asc(users.lastName), asc(users.firstName));
}
