import { Hono } from "hono";
import type { BackEnv } from "../../context.ts";
import { success } from "../../http/envelope.ts";
import { parseBody } from "../../http/validate.ts";
import { AttendanceSchema, FeedbackSchema } from "#core/contract/attestations.ts";
import { getFeedbackRequest, submitFeedback } from "./feedback.service.ts";
import { getTrainerVirtualClass, markAttendance } from "./trainer.service.ts";

/**
 * Feedback and trainer pages' endpoints (mounted under /back/api). No login: the single-use feedback token
 * and the trainer access token are the credentials (only their sha256 is stored). CSRF still applies to POSTs.
 */
export const feedbackTrainerRoutes = new Hono<BackEnv>();

feedbackTrainerRoutes.get("/feedback/:token", async (c) => {
  const { db, now } = c.var.deps;
  return success(c, await getFeedbackRequest(db, c.req.param("token"), now()));
});

feedbackTrainerRoutes.post("/feedback/:token", async (c) => {
  const { db, now } = c.var.deps;
  const token = c.req.param("token");
  await getFeedbackRequest(db, token, now());
  const input = await parseBody(c, FeedbackSchema);
  const result = await submitFeedback(db, token, input, now());
  return success(c, result, c.var.t("attestationsFeedbackSaved"));
});

feedbackTrainerRoutes.get("/trainer/virtualClass/:token", async (c) => {
  const { db, now } = c.var.deps;
  return success(c, await getTrainerVirtualClass(db, c.req.param("token"), now()));
});

feedbackTrainerRoutes.post("/trainer/virtualClass/:token/attendance", async (c) => {
  const { db, now } = c.var.deps;
  const token = c.req.param("token");
  await getTrainerVirtualClass(db, token, now());
  const input = await parseBody(c, AttendanceSchema);
  return success(c, await markAttendance(db, token, input, now()), c.var.t("attestationsTrainerAttendanceSaved"));
});
