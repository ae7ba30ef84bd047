/**
 * Collective training plans (spec 3, 4, 7; ADR 0057): one function per use case. Creating or changing a plan
 * publishes TrainingPlanUpdate on the account channel (referents reload the list, others their current plan).
 */
import type { CollectivePlan, TrainingPlanOptions, TrainingPlanSummary } from "#core/contract/training-plans.ts";
import { collectivePlanPeriod } from "#core/domain/collective-plan.ts";
import { toParisDate } from "#core/domain/dates.ts";
import { activityMonthRange, placeActivitiesOnRows } from "#core/domain/training-plan.ts";
import { accountChannelName } from "../../../realtime/app-channels.ts";
import type { ServiceContext } from "../../service-context.ts";
import { AppError } from "../../http/app-error.ts";
import * as repo from "./training-plans.repository.ts";

type Scope = { userId: number; accountId: number; brand: string };

const day = (value: string | Date) => (typeof value === "string" ? value.slice(0, 10) : toParisDate(value));

function summary(plan: repo.TrainingPlanRow, activityCount: number): TrainingPlanSummary {
  return { Id: plan.id, name: plan.name, startDate: day(plan.startDate), endDate: day(plan.endDate), activityCount, updatedAt: plan.updatedAt.toISOString() };
}

/** Realtime: a broadcast failure never fails the request (the change is saved; pages refresh on next load). */
async function publishPlanUpdate(ctx: ServiceContext, accountId: number, payload: { planId: number; action: "created" | "activityAdded" }) {
  try {
    await ctx.broadcaster.broadcast(accountChannelName(accountId), "TrainingPlanUpdate", payload);
  } catch (error) {
    ctx.logger.warn({ err: error }, "TrainingPlanUpdate broadcast failed");
  }
}

export async function listTrainingPlans(ctx: ServiceContext, scope: Scope): Promise<TrainingPlanSummary[]> {
  const rows = await repo.listPlans(ctx.db, scope.accountId);
  return rows.map((r) => summary(r.plan, r.activityCount));
}

/**
 * The plan with its padded period, activities on rows and the users map. `onlyUserId` keeps that user's activities
 * and lists no other plan (the learner's view); otherwise the account's other plans are in `historyPlans`.
 */
async function planPayload(ctx: ServiceContext, accountId: number, plan: repo.TrainingPlanRow, onlyUserId?: number): Promise<CollectivePlan> {
  const [rows, others] = await Promise.all([
    repo.listActivities(ctx.db, plan.id),
    onlyUserId === undefined ? repo.listPlans(ctx.db, accountId) : Promise.resolve([]),
  ]);
  const participants = await repo.listParticipants(
    ctx.db,
    rows.map((r) => r.activity.id),
  );
  const usersOf = (activityId: number) => participants.filter((p) => p.activityId === activityId).map((p) => p.userId);
  const activities = rows
    .filter((r) => onlyUserId === undefined || usersOf(r.activity.id).includes(onlyUserId))
    .map((r) => {
      const startDate = day(r.activity.startDate);
      const finishDate = r.activity.finishDate ? day(r.activity.finishDate) : null;
      return {
        id: r.activity.id,
        trainingId: r.activity.trainingId,
        name: r.training.name,
        slug: r.training.slug,
        type: r.training.type,
        status: "planned",
        startDate,
        finishDate,
        ...activityMonthRange(startDate, finishDate),
        userIds: usersOf(r.activity.id),
      };
    });
  const shownIds = new Set(activities.map((a) => a.id));
  const users: CollectivePlan["users"] = {};
  for (const p of participants) {
    if (!shownIds.has(p.activityId) || (onlyUserId !== undefined && p.userId !== onlyUserId)) continue;
    const entry = (users[String(p.userId)] ??= { name: `${p.firstName} ${p.lastName}`, activityIds: [] });
    entry.activityIds.push(p.activityId);
  }
  const startDate = day(plan.startDate);
  const endDate = day(plan.endDate);
  return {
    Id: plan.id,
    name: plan.name,
    startDate,
    endDate,
    period: collectivePlanPeriod({ startDate, endDate }, activities),
    activities: placeActivitiesOnRows(activities),
    users,
    historyPlans: others.filter((o) => o.plan.id !== plan.id).map((o) => ({ Id: o.plan.id, name: o.plan.name })),
  };
}

export async function getCollectivePlan(ctx: ServiceContext, scope: Scope, planId: number): Promise<CollectivePlan> {
  const plan = await repo.findPlan(ctx.db, scope.accountId, planId);
  if (!plan) throw new AppError("NOT_FOUND", "planNotFound");
  return planPayload(ctx, scope.accountId, plan);
}

export async function getPlanOptions(ctx: ServiceContext, scope: Scope): Promise<TrainingPlanOptions> {
  const [trainings, members] = await Promise.all([repo.listTrainingsOfBrand(ctx.db, scope.brand), repo.listMembers(ctx.db, scope.accountId)]);
  return { trainings, members: members.map((m) => ({ id: m.id, name: `${m.firstName} ${m.lastName}` })) };
}

export async function createTrainingPlan(
  ctx: ServiceContext,
  scope: Scope,
  input: { name: string; startDate: string; endDate: string },
): Promise<TrainingPlanSummary> {
  const now = ctx.now();
  const plan = await ctx.db.transaction((tx) =>
    repo.insertPlan(tx, {
      accountId: scope.accountId,
      name: input.name,
      startDate: input.startDate,
      endDate: input.endDate,
      createdBy: scope.userId,
      createdAt: now,
      updatedAt: now,
    }),
  );
  await publishPlanUpdate(ctx, scope.accountId, { planId: plan.id, action: "created" });
  return summary(plan, 0);
}

export async function createActivity(
  ctx: ServiceContext,
  scope: Scope,
  input: { planId: number; trainingId: number; startDate: string; finishDate?: string; userIds: number[] },
): Promise<CollectivePlan> {
  const training = await repo.findTrainingOfBrand(ctx.db, scope.brand, input.trainingId);
  const members = new Set((await repo.listMembers(ctx.db, scope.accountId)).map((m) => m.id));
  const userIds = [...new Set(input.userIds)];
  const strangers = userIds.filter((id) => !members.has(id));
  const fields: Record<string, string[]> = {};
  if (!training) fields.trainingId = ["planTrainingNotFound"];
  if (strangers.length > 0) fields.userIds = ["planMemberNotFound"];
  const now = ctx.now();
  const plan = await ctx.db.transaction(async (tx) => {
    const locked = await repo.lockPlan(tx, scope.accountId, input.planId);
    if (!locked) throw new AppError("NOT_FOUND", "planNotFound");
    if (Object.keys(fields).length > 0) throw new AppError("VALIDATION", "invalidInput", { fields });
    await repo.insertActivity(
      tx,
      { planId: locked.id, trainingId: input.trainingId, startDate: input.startDate, finishDate: input.finishDate ?? null, createdAt: now },
      userIds,
    );
    await repo.touchPlan(tx, locked.id, now);
    return locked;
  });
  await publishPlanUpdate(ctx, scope.accountId, { planId: plan.id, action: "activityAdded" });
  return planPayload(ctx, scope.accountId, plan);
}

/**
 * The learner's view (GET /user/collectivePlan): the account's current plan (the one whose dates cover today, else
 * the latest), with only the learner's own activities; null without an account or plan.
 */
export async function getLearnerCollectivePlan(ctx: ServiceContext, member: { userId: number; accountId: number | null }): Promise<CollectivePlan | null> {
  if (member.accountId === null) return null;
  const rows = await repo.listPlans(ctx.db, member.accountId);
  if (rows.length === 0) return null;
  const today = toParisDate(ctx.now());
  const current = rows.find((r) => day(r.plan.startDate) <= today && today <= day(r.plan.endDate)) ?? rows[0];
  return planPayload(ctx, member.accountId, current.plan, member.userId);
}
