/** The pharmacy's collective training plans (ADR 0057) and the learner's view of theirs. */
import { endpoint } from "../endpoint.ts";
import { IdParams } from "../fields.ts";
import {
  CollectivePlanSchema,
  CreateActivitySchema,
  CreateTrainingPlanSchema,
  LearnerCollectivePlanSchema,
  TrainingPlanListSchema,
  TrainingPlanOptionsSchema,
  TrainingPlanSummarySchema,
} from "../training-plans.ts";

export const trainingPlansEndpoints = {
  list: endpoint({ method: "GET", path: "/referent/trainingPlans", reply: TrainingPlanListSchema, access: "referent" }),
  options: endpoint({ method: "GET", path: "/referent/trainingPlans/options", reply: TrainingPlanOptionsSchema, access: "referent" }),
  plan: endpoint({ method: "GET", path: "/referent/getPlanCollectif/:id", params: IdParams, reply: CollectivePlanSchema, access: "referent" }),
  create: endpoint({
    method: "POST",
    path: "/referent/createTrainingPlan",
    body: CreateTrainingPlanSchema,
    reply: TrainingPlanSummarySchema,
    access: "referentWrite",
  }),
  /** Adds an activity to a plan: the plan as it now is. */
  createActivity: endpoint({
    method: "POST",
    path: "/referent/createActivity",
    body: CreateActivitySchema,
    reply: CollectivePlanSchema,
    access: "referentWrite",
  }),
  /** The collective plan of the learner's account in use (null without one). */
  learnerPlan: endpoint({ method: "GET", path: "/user/collectivePlan", reply: LearnerCollectivePlanSchema, access: "session" }),
};
