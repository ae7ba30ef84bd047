import { Hono } from "hono";
import { AttendanceSchema, FeedbackSchema } from "#core/contract/attestations.ts";
import { feedbackTrainerEndpoints as endpoints } from "#core/contract/endpoints/feedback-trainer.ts";
import type { BackEnv } from "../../context.ts";
import { ok, register } from "../../http/register.ts";
import { parseBody } from "../../http/validate.ts";
import { getFeedbackRequest, submitFeedback } from "./feedback.service.ts";
import { getTrainerVirtualClass, markAttendance } from "./trainer.service.ts";

/**
 * Feedback and trainer pages' endpoints (mounted under /back/api). No login: the single-use feedback token
 * and the trainer access token are the credentials (only their sha256 is stored). CSRF still applies to POSTs.
 */
export const feedbackTrainerRoutes = new Hono<BackEnv>();

register(feedbackTrainerRoutes, endpoints.feedbackRequest, async (c, { params }) =>
  ok(await getFeedbackRequest(c.var.deps.db, params.token, c.var.deps.now())),
);

register(feedbackTrainerRoutes, endpoints.submitFeedback, async (c, { params }) => {
  const { db, now } = c.var.deps;
  await getFeedbackRequest(db, params.token, now());
  const input = await parseBody(c, FeedbackSchema);
  return ok(await submitFeedback(db, params.token, input, now()), c.var.t("attestationsFeedbackSaved"));
});

register(feedbackTrainerRoutes, endpoints.trainerVirtualClass, async (c, { params }) =>
  ok(await getTrainerVirtualClass(c.var.deps.db, params.token, c.var.deps.now())),
);

register(feedbackTrainerRoutes, endpoints.markAttendance, async (c, { params }) => {
  const { db, now } = c.var.deps;
  await getTrainerVirtualClass(db, params.token, now());
  const input = await parseBody(c, AttendanceSchema);
  return ok(await markAttendance(db, params.token, input, now()), c.var.t("attestationsTrainerAttendanceSaved"));
});
