/** The back office's sessions tool (ADR 0063, waiting lists ADR 0085). Administrators only. */
import { z } from "zod";
import { ConfirmInputSchema } from "../admin-catalog.ts";
import {
  AdminSessionSchema,
  MoveLearnerInputSchema,
  NewSessionInputSchema,
  PromoteWaitingInputSchema,
  RemoveWaitingInputSchema,
  SessionCancelReplySchema,
  SessionDateInputSchema,
  SessionInputSchema,
  SessionListQuerySchema,
  SessionListSchema,
  WaitingChangeReplySchema,
} from "../admin-sessions.ts";
import { endpoint } from "../endpoint.ts";
import { IdParams } from "../fields.ts";
import { IdParam } from "../ids.ts";

/** The session changed. */
const SessionIdSchema = z.strictObject({ id: z.number() });

export const adminSessionsEndpoints = {
  list: endpoint({ method: "GET", path: "/admin/sessions", query: SessionListQuerySchema, reply: SessionListSchema, access: "admin" }),
  session: endpoint({ method: "GET", path: "/admin/sessions/:id", params: IdParams, reply: AdminSessionSchema, access: "admin" }),
  create: endpoint({ method: "POST", path: "/admin/sessions", body: NewSessionInputSchema, reply: SessionIdSchema, access: "admin" }),
  update: endpoint({ method: "POST", path: "/admin/sessions/:id", params: IdParams, body: SessionInputSchema, reply: SessionIdSchema, access: "admin" }),
  addDate: endpoint({
    method: "POST",
    path: "/admin/sessions/:id/dates",
    params: IdParams,
    body: SessionDateInputSchema,
    reply: SessionIdSchema,
    access: "admin",
  }),
  moveLearner: endpoint({
    method: "POST",
    path: "/admin/sessions/:id/move",
    params: IdParams,
    body: MoveLearnerInputSchema,
    reply: SessionIdSchema,
    access: "admin",
  }),
  /** Gives a seat to one learner of the waiting list; a full session needs `addSeat`. */
  promoteWaiting: endpoint({
    method: "POST",
    path: "/admin/sessions/:id/waiting-list/promote",
    params: IdParams,
    body: PromoteWaitingInputSchema,
    reply: WaitingChangeReplySchema,
    access: "admin",
  }),
  /** Takes a learner off the waiting list (an explicit `confirm: true` is required). */
  removeWaiting: endpoint({
    method: "POST",
    path: "/admin/sessions/:id/waiting-list/remove",
    params: IdParams,
    body: RemoveWaitingInputSchema,
    reply: WaitingChangeReplySchema,
    access: "admin",
  }),
  /** Cancels the session (an explicit `confirm: true`): bookings cancelled, learners notified (their names). */
  cancel: endpoint({
    method: "POST",
    path: "/admin/sessions/:id/cancel",
    params: IdParams,
    body: ConfirmInputSchema,
    reply: SessionCancelReplySchema,
    access: "admin",
  }),
  /** The attendance sheet of one day of the session, as a PDF. */
  attendanceSheet: endpoint({
    method: "GET",
    path: "/admin/sessions/:id/attendance/:day",
    params: z.object({ id: IdParam, day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: "invalidType" }) }),
    reply: "file",
    access: "admin",
  }),
};
