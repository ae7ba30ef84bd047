/** The collective-plan calls (spec 7, Referent) under /back/api/referent/, and the learner's view. ADR 0057. */
import { Hono } from "hono";
import { CreateActivitySchema, CreateTrainingPlanSchema, PlanIdParamsSchema } from "#core/contract/training-plans.ts";
import type { BackEnv } from "../../context.ts";
import { success } from "../../http/envelope.ts";
import { parseBody, parseInput } from "../../http/validate.ts";
import { requireMemberScope, requireReferentScope } from "../funding-requests/referent-scope.ts";
import * as service from "./training-plans.service.ts";

export const trainingPlansRoutes = new Hono<BackEnv>();

trainingPlansRoutes.get("/referent/trainingPlans", async (c) => {
  const scope = await requireReferentScope(c, { write: false });
  return success(c, await service.listTrainingPlans(c.var.deps, scope));
});

trainingPlansRoutes.get("/referent/trainingPlans/options", async (c) => {
  const scope = await requireReferentScope(c, { write: false });
  return success(c, await service.getPlanOptions(c.var.deps, scope));
});

trainingPlansRoutes.get("/referent/getPlanCollectif/:id", async (c) => {
  const scope = await requireReferentScope(c, { write: false });
  const { id } = parseInput(PlanIdParamsSchema, { id: c.req.param("id") }, c.var.t);
  return success(c, await service.getCollectivePlan(c.var.deps, scope, id));
});

trainingPlansRoutes.post("/referent/createTrainingPlan", async (c) => {
  const scope = await requireReferentScope(c, { write: true });
  const input = await parseBody(c, CreateTrainingPlanSchema);
  return success(c, await service.createTrainingPlan(c.var.deps, scope, input), c.var.t("planCreated"), 201);
});

trainingPlansRoutes.post("/referent/createActivity", async (c) => {
  const scope = await requireReferentScope(c, { write: true });
  const input = await parseBody(c, CreateActivitySchema);
  return success(c, await service.createActivity(c.var.deps, scope, input), c.var.t("activityCreated"), 201);
});

trainingPlansRoutes.get("/user/collectivePlan", async (c) => {
  const member = await requireMemberScope(c);
  return success(c, await service.getLearnerCollectivePlan(c.var.deps, member));
});
