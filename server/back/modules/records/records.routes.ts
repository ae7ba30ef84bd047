import { Hono, type Context } from "hono";
import { z } from "zod";
import type { BackEnv } from "../../context.ts";
import { AppError } from "../../http/app-error.ts";
import { IdParam } from "#core/contract/ids.ts";
import { success } from "../../http/envelope.ts";
import { requireSession } from "../../http/guards.ts";
import { parseInput } from "../../http/validate.ts";
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

async function viewerOf(c: Context<BackEnv>): Promise<Viewer> {
  const session = requireSession(c);
  const { db, now } = c.var.deps;
  return { userId: session.userId, session, pointsAccess: await sessionPointsAccess(db, session), now: now() };
}

recordsRoutes.get("/user/trainings", async (c) => success(c, await getTrainings(c.var.deps.db, await viewerOf(c))));

recordsRoutes.get("/user/currentFormations", async (c) => success(c, await getCurrentFormations(c.var.deps.db, await viewerOf(c))));

recordsRoutes.get("/user/history", async (c) => success(c, await getHistory(c.var.deps.db, await viewerOf(c))));

recordsRoutes.get("/user/history/light", async (c) => success(c, await getHistoryLight(c.var.deps.db, await viewerOf(c))));

recordsRoutes.get("/user/getCurrentAverages", async (c) => success(c, await getCurrentAverages(c.var.deps.db, await viewerOf(c))));

recordsRoutes.get("/user/getQuestionsAnswers", async (c) => success(c, await getQuestionsAnswers(c.var.deps.db, await viewerOf(c))));

const TrainingIdsSchema = z.strictObject({
  a: IdParam,
  b: IdParam,
});

recordsRoutes.get("/user/checkFormation/:a/:b", async (c) => {
  const viewer = await viewerOf(c);
  const { a, b } = parseInput(TrainingIdsSchema, { a: c.req.param("a"), b: c.req.param("b") }, c.var.t);
  return success(c, await checkFormation(c.var.deps.db, viewer, a, b));
});

recordsRoutes.get("/user/tracking", async (c) => success(c, await getTracking(c.var.deps.db, await viewerOf(c))));

recordsRoutes.get("/user/trainingsList", async (c) => success(c, await getTrainingsList(c.var.deps.db, await viewerOf(c))));

recordsRoutes.get("/user/getBadges", async (c) => success(c, await listBadges(c.var.deps, await viewerOf(c), c.var.t)));

recordsRoutes.get("/user/getPersonalizedSuggestions", async (c) => {
  const viewer = await viewerOf(c);
  const session = requireSession(c);
  const user = await sessionUserPayload(c.var.deps.db, session);
  if (!user.loggedIn) throw new AppError("UNAUTHENTICATED", "unauthenticated");
  const profile = { brand: user.brand, isPharmacist: user.isPharmacist, isHolder: user.isHolder };
  return success(c, await getSuggestions(c.var.deps.db, viewer, profile));
});

recordsRoutes.get("/user/trainingPlan", async (c) => success(c, await getTrainingPlan(c.var.deps.db, await viewerOf(c))));
