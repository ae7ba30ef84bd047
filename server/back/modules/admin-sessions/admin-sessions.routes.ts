import { Hono } from "hono";
import { adminSessionsEndpoints as endpoints } from "#core/contract/endpoints/admin-sessions.ts";
import type { BackEnv } from "../../context.ts";
import { formatCalendarDay } from "#core/domain/format.ts";
import { ok, register } from "../../http/register.ts";
import { attendanceSheetPlace, attendanceSheetTexts, renderAttendanceSheet } from "../../../pdf/attendance-sheet.ts";
import * as sessions from "./admin-sessions.service.ts";

/** The sessions tool's API (ADR 0063); the admin guard of app.ts has already run for every path here. */
export const adminSessionsRoutes = new Hono<BackEnv>();

register(adminSessionsRoutes, endpoints.list, async (_c, { ctx, query }) => ok(await sessions.listSessions(ctx, query)));

register(adminSessionsRoutes, endpoints.session, async (_c, { ctx, params }) => ok(await sessions.getSession(ctx, params.id)));

register(adminSessionsRoutes, endpoints.create, async (c, { ctx, caller, body }) =>
  ok(await sessions.createSession(ctx, caller.userId, body), c.get("t")("adminSaved"), 201),
);

register(adminSessionsRoutes, endpoints.update, async (c, { ctx, caller, params: { id }, body }) => {
  await sessions.updateSession(ctx, caller.userId, id, body);
  return ok({ id }, c.get("t")("adminSaved"));
});

register(adminSessionsRoutes, endpoints.addDate, async (c, { ctx, caller, params: { id }, body }) => {
  await sessions.addSessionDate(ctx, caller.userId, id, body);
  return ok({ id }, c.get("t")("adminSaved"));
});

register(adminSessionsRoutes, endpoints.moveLearner, async (c, { ctx, caller, params: { id }, body }) => {
  await sessions.moveLearner(ctx, caller.userId, id, body);
  return ok({ id }, c.get("t")("adminLearnerMoved"));
});

/** Gives a seat to one learner of the waiting list (ADR 0085); a full session needs `addSeat`. */
register(adminSessionsRoutes, endpoints.promoteWaiting, async (c, { ctx, caller, params, body }) =>
  ok(await sessions.promoteWaitingLearner(ctx, caller.userId, params.id, body), c.get("t")("adminWaitingPromoted")),
);

/** Takes a learner off the waiting list (an explicit `confirm: true` is required). */
register(adminSessionsRoutes, endpoints.removeWaiting, async (c, { ctx, caller, params, body }) =>
  ok(await sessions.removeWaitingLearner(ctx, caller.userId, params.id, body), c.get("t")("adminWaitingRemoved")),
);

/** Cancels the session (an explicit `confirm: true` is required): bookings cancelled, learners notified. */
register(adminSessionsRoutes, endpoints.cancel, async (c, { ctx, caller, params }) => {
  const result = await sessions.cancelSession(ctx, caller.userId, params.id);
  const message =
    result.notified === 0
      ? c.get("t")("adminSessionCancelledNobody")
      : c.get("t")("adminSessionCancelled", { count: result.notified, names: result.learners.join(", ") });
  return ok(result, message);
});

register(adminSessionsRoutes, endpoints.attendanceSheet, async (c, { ctx, params: { id, day } }) => {
  const { session, date } = await sessions.attendanceSheet(ctx, id, day);
  const t = c.get("t");
  const locale = c.get("locale");
  const bytes = await renderAttendanceSheet({
    texts: attendanceSheetTexts(t),
    trainingName: session.training.name,
    sessionName: session.name,
    dayLabel: `${formatCalendarDay(date.date, locale, "full")} ${date.startTime ? `${date.startTime}-${date.endTime}` : ""}`.trim(),
    place: attendanceSheetPlace(session, t),
    learners: session.participants.map((p) => ({ name: `${p.lastName.toUpperCase()} ${p.firstName}`, email: p.email })),
  });
  return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
    "content-type": "application/pdf",
    "content-disposition": `attachment; filename="attendance-${id}-${day}.pdf"`,
    "content-length": String(bytes.byteLength),
  });
});
