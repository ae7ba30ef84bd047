/**
 * The feedback and trainer pages (no login): the single-use feedback token and the trainer's access token in the
 * path are the credentials. Their POSTs check the token (404) before judging the body (422).
 */
import { z } from "zod";
import { AttendanceSavedSchema, FeedbackRequestSchema, FeedbackSavedSchema, TrainerVirtualClassSchema } from "../attestations.ts";
import { endpoint } from "../endpoint.ts";

const TokenParams = z.strictObject({ token: z.string() });

export const feedbackTrainerEndpoints = {
  feedbackRequest: endpoint({ method: "GET", path: "/feedback/:token", params: TokenParams, reply: FeedbackRequestSchema, access: "public" }),
  /** The body: FeedbackSchema. */
  submitFeedback: endpoint({ method: "POST", path: "/feedback/:token", params: TokenParams, body: "inHandler", reply: FeedbackSavedSchema, access: "public" }),
  trainerVirtualClass: endpoint({
    method: "GET",
    path: "/trainer/virtualClass/:token",
    params: TokenParams,
    reply: TrainerVirtualClassSchema,
    access: "public",
  }),
  /** The body: AttendanceSchema. */
  markAttendance: endpoint({
    method: "POST",
    path: "/trainer/virtualClass/:token/attendance",
    params: TokenParams,
    body: "inHandler",
    reply: AttendanceSavedSchema,
    access: "public",
  }),
};
