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

register(feedbackTrainerRoutes, endpoints.feedbackRequest, async (c, { ctx, params }) => ok(await getFeedbackRequest(ctx, params.token, ctx.now())));

register(feedbackTrainerRoutes, endpoints.submitFeedback, async (c, { ctx, params }) => {
  const { now } = ctx;
  await getFeedbackRequest(ctx, params.token, now());
  const input = await parseBody(c, FeedbackSchema);
  return ok(await submitFeedback(ctx, params.token, input, now()), c.get("t")("attestationsFeedbackSaved"));
});

register(feedbackTrainerRoutes, endpoints.trainerVirtualClass, async (c, { ctx, params }) => ok(await getTrainerVirtualClass(ctx, params.token, ctx.now())));

register(feedbackTrainerRoutes, endpoints.markAttendance, async (c, { ctx, params }) => {
  const { now } = ctx;
  await getTrainerVirtualClass(ctx, params.token, now());
  const input = await parseBody(c, AttendanceSchema);
  return ok(await markAttendance(ctx, params.token, input, now()), c.get("t")("attestationsTrainerAttendanceSaved"));
});
