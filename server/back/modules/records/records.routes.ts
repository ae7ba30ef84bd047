import { Hono, type Context } from "hono";
import { recordsEndpoints as endpoints } from "#core/contract/endpoints/records.ts";
import type { BackEnv, SessionState } from "../../context.ts";
import { AppError } from "../../http/app-error.ts";
import { ok, register } from "../../http/register.ts";
import { sessionUserPayload } from "../user/user.service.ts";
import { listBadges } from "./badges.ts";
import { sessionPointsAccess } from "./points-access.ts";
import {
  checkFormation,
  getCurrentAverages,
  getCurrentFormations,
  getHistory,
  getHistoryLight,
  getQuestionsAnswers,
  getSuggestions,
  getTracking,
  getTrainingPlan,
  getTrainings,
  getTrainingsList,
  type Viewer,
} from "./records.service.ts";

/**
 * The records endpoints of the learning journey (mounted under /back/api). All need a session and read only the
 * session user's rows; points are left out (null) without points access (ADR 0013).
 */
export const recordsRoutes = new Hono<BackEnv>();

async function viewerOf(c: Context<BackEnv>, session: SessionState): Promise<Viewer> {
  return { userId: session.userId, session, pointsAccess: await sessionPointsAccess(c.get("ctx")), now: c.get("deps").now() };
}

register(recordsRoutes, endpoints.trainings, async (c, { ctx, caller }) => ok(await getTrainings(ctx, await viewerOf(c, caller))));

register(recordsRoutes, endpoints.currentFormations, async (c, { ctx, caller }) => ok(await getCurrentFormations(ctx, await viewerOf(c, caller))));

register(recordsRoutes, endpoints.history, async (c, { ctx, caller }) => ok(await getHistory(ctx, await viewerOf(c, caller))));

register(recordsRoutes, endpoints.historyLight, async (c, { ctx, caller }) => ok(await getHistoryLight(ctx, await viewerOf(c, caller))));

register(recordsRoutes, endpoints.currentAverages, async (c, { ctx, caller }) => ok(await getCurrentAverages(ctx, await viewerOf(c, caller))));

register(recordsRoutes, endpoints.questionsAnswers, async (c, { ctx, caller }) => ok(await getQuestionsAnswers(ctx, await viewerOf(c, caller))));

register(recordsRoutes, endpoints.checkFormation, async (c, { ctx, caller, params }) =>
  ok(await checkFormation(ctx, await viewerOf(c, caller), params.a, params.b)),
);

register(recordsRoutes, endpoints.tracking, async (c, { ctx, caller }) => ok(await getTracking(ctx, await viewerOf(c, caller))));

register(recordsRoutes, endpoints.trainingsList, async (c, { ctx, caller }) => ok(await getTrainingsList(ctx, await viewerOf(c, caller))));

register(recordsRoutes, endpoints.badges, async (c, { ctx, caller }) => ok(await listBadges(ctx, await viewerOf(c, caller), c.get("t"))));

register(recordsRoutes, endpoints.suggestions, async (c, { ctx, caller }) => {
  const viewer = await viewerOf(c, caller);
  const user = await sessionUserPayload(c.get("ctx"));
  if (!user.loggedIn) throw new AppError("UNAUTHENTICATED", "unauthenticated");
  const profile = { brand: user.brand, isPharmacist: user.isPharmacist, isHolder: user.isHolder };
  return ok(await getSuggestions(ctx, viewer, profile));
});

register(recordsRoutes, endpoints.trainingPlan, async (c, { ctx, caller }) => ok(await getTrainingPlan(ctx, await viewerOf(c, caller))));
