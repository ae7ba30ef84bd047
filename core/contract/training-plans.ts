/**
 * Collective training plans (spec 3, 7: trainingPlans, getPlanCollectif/{id}, createTrainingPlan, createActivity;
 * ADR 0057). Dates are Europe/Paris calendar days: a 'yyyy-mm-dd' day, or an instant with its offset that the
 * server turns into its Paris day.
 */
import { z } from "zod";
import { parisDay } from "#core/domain/collective-plan.ts";
import { Id, IdParam } from "./ids.ts";

/** A plan date: 'yyyy-mm-dd' or an ISO instant with offset, read as its Europe/Paris day. */
export const ParisDaySchema = z
  .string()
  .trim()
  .min(1, { message: "required" })
  .max(40)
  .transform((value, ctx) => {
    const day = parisDay(value);
    if (day === null) {
      ctx.addIssue({ code: "custom", message: "invalidDate" });
      return z.NEVER;
    }
    return day;
  });

/** POST createTrainingPlan */
export const CreateTrainingPlanSchema = z
  .strictObject({ name: z.string().trim().min(1).max(120), startDate: ParisDaySchema, endDate: ParisDaySchema })
  .refine((v) => v.endDate >= v.startDate, { message: "endBeforeStart", path: ["endDate"] });

/** POST createActivity: a training for some members of the pharmacy, from a day to a day (or one day). */
export const CreateActivitySchema = z
  .strictObject({
    planId: Id,
    trainingId: Id,
    startDate: ParisDaySchema,
    finishDate: ParisDaySchema.optional(),
    userIds: z.array(Id).min(1).max(50),
  })
  .refine((v) => !v.finishDate || v.finishDate >= v.startDate, { message: "endBeforeStart", path: ["finishDate"] });

// ------------------------------------------------------------------ replies

export const TrainingPlanSummarySchema = z.strictObject({
  Id: z.number(),
  name: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  activityCount: z.number(),
  updatedAt: z.string(),
});
export type TrainingPlanSummary = z.infer<typeof TrainingPlanSummarySchema>;

/** GET trainingPlans */
export const TrainingPlanListSchema = z.array(TrainingPlanSummarySchema);

export const CollectiveActivitySchema = z.strictObject({
  id: z.number(),
  trainingId: z.number(),
  name: z.string(),
  slug: z.string(),
  type: z.string(),
  status: z.string(),
  startDate: z.string(),
  finishDate: z.string().nullable(),
  fromDate: z.string(),
  toDate: z.string(),
  row: z.number(),
  userIds: z.array(z.number()),
});

/** GET getPlanCollectif/{id}: the plan, its padded period, activities on rows, users -> their activities. */
export const CollectivePlanSchema = z.strictObject({
  Id: z.number(),
  name: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  period: z.strictObject({ startDate: z.string(), endDate: z.string(), monthCount: z.number() }),
  activities: z.array(CollectiveActivitySchema),
  users: z.record(z.string(), z.strictObject({ name: z.string(), activityIds: z.array(z.number()) })),
  historyPlans: z.array(z.strictObject({ Id: z.number(), name: z.string() })),
});
export type CollectivePlan = z.infer<typeof CollectivePlanSchema>;

/** GET trainingPlans/options: what the activity form offers. */
export const TrainingPlanOptionsSchema = z.strictObject({
  trainings: z.array(z.strictObject({ id: z.number(), name: z.string() })),
  members: z.array(z.strictObject({ id: z.number(), name: z.string() })),
});
export type TrainingPlanOptions = z.infer<typeof TrainingPlanOptionsSchema>;

/** GET /user/collectivePlan: the learner's view of the pharmacy's current plan (their activities), or null. */
export const LearnerCollectivePlanSchema = CollectivePlanSchema.nullable();

/** The activity form: one training, its dates and the members (checkboxes). */
export const ActivityFormSchema = z
  .object({
    trainingId: IdParam,
    startDate: ParisDaySchema,
    // An empty date field is no finish date (a one-day activity).
    finishDate: z.preprocess((v) => (v === "" ? undefined : v), ParisDaySchema.optional()),
    // One checked box arrives as a single value, none as nothing: always a list.
    userIds: z.preprocess(
      (v) => (v === undefined || v === "" ? [] : Array.isArray(v) ? v : [v]),
      z.array(IdParam).min(1, { message: "chooseAtLeastOne" }).max(50),
    ),
  })
  .refine((v) => !v.finishDate || v.finishDate >= v.startDate, { message: "endBeforeStart", path: ["finishDate"] });
