/** The collective-plan calls (spec 7, Referent) under /back/api/referent/, and the learner's view. ADR 0057. */
import { Hono } from "hono";
import { trainingPlansEndpoints as endpoints } from "#core/contract/endpoints/training-plans.ts";
import type { BackEnv } from "../../context.ts";
import { ok, register } from "../../http/register.ts";
import { fundingScope, requireMemberScope } from "../funding-requests/referent-scope.ts";
import * as service from "./training-plans.service.ts";

export const trainingPlansRoutes = new Hono<BackEnv>();

register(trainingPlansRoutes, endpoints.list, async (c, { ctx, caller }) => ok(await service.listTrainingPlans(ctx, fundingScope(c, caller))));

register(trainingPlansRoutes, endpoints.options, async (c, { ctx, caller }) => ok(await service.getPlanOptions(ctx, fundingScope(c, caller))));

register(trainingPlansRoutes, endpoints.plan, async (c, { ctx, caller, params }) =>
  ok(await service.getCollectivePlan(ctx, fundingScope(c, caller), params.id)),
);

register(trainingPlansRoutes, endpoints.create, async (c, { ctx, caller, body }) =>
  ok(await service.createTrainingPlan(ctx, fundingScope(c, caller), body), c.get("t")("planCreated"), 201),
);

register(trainingPlansRoutes, endpoints.createActivity, async (c, { ctx, caller, body }) =>
  ok(await service.createActivity(ctx, fundingScope(c, caller), body), c.get("t")("activityCreated"), 201),
);

register(trainingPlansRoutes, endpoints.learnerPlan, async (c, { ctx }) => ok(await service.getLearnerCollectivePlan(ctx, await requireMemberScope(c))));
