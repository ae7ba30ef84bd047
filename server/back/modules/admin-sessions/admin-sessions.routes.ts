import { Hono, type Context } from "hono";
import { z } from "zod";
import type { BackEnv } from "../../context.ts";
import { ConfirmInputSchema } from "#core/contract/admin-catalog.ts";
import { MoveLearnerInputSchema, NewSessionInputSchema, PromoteWaitingInputSchema, RemoveWaitingInputSchema, SessionDateInputSchema, SessionInputSchema, SessionListQuerySchema } from "#core/contract/admin-sessions.ts";
import { IdParam } from "#core/contract/ids.ts";
import { formatCalendarDay } from "#core/domain/format.ts";
import { success } from "../../http/envelope.ts";
import { requireAdmin } from "../../http/guards.ts";
import { parseBody, parseInput } from "../../http/validate.ts";
import { renderAttendanceSheet } from "../../../pdf/attendance-sheet.ts";
import * as sessions from "./admin-sessions.service.ts";

/** The sessions tool's API (ADR 0063); the admin guard of app.ts has already run for every path here. */
export const adminSessionsRoutes = new Hono<BackEnv>();

const idOf = (c: Context<BackEnv>) => parseInput(z.object({ id: IdParam }), { id: c.req.param("id") }, c.var.t).id;
const ctxOf = (c: Context<BackEnv>) => ({ db: c.var.deps.db, now: c.var.deps.now, broadcaster: c.var.deps.broadcaster, mailer: c.var.deps.mailer, logger: c.var.logger });

adminSessionsRoutes.get("/admin/sessions", async (c) => {
  return success(c, await sessions.listSessions(c.var.deps.db, SessionListQuerySchema.parse(c.req.query()), c.var.deps.now()));
});

adminSessionsRoutes.get("/admin/sessions/:id", async (c) => {
  return success(c, await sessions.getSession(c.var.deps.db, idOf(c)));
});

adminSessionsRoutes.post("/admin/sessions", async (c) => {
  const session = await requireAdmin(c);
  const input = await parseBody(c, NewSessionInputSchema);
  return success(c, await sessions.createSession(ctxOf(c), session.userId, input), c.var.t("adminSaved"), 201);
});

adminSessionsRoutes.post("/admin/sessions/:id", async (c) => {
  const session = await requireAdmin(c);
  const id = idOf(c);
  const input = await parseBody(c, SessionInputSchema);
  await sessions.updateSession(ctxOf(c), session.userId, id, input);
  return success(c, { id }, c.var.t("adminSaved"));
});

adminSessionsRoutes.post("/admin/sessions/:id/dates", async (c) => {
  const session = await requireAdmin(c);
  const id = idOf(c);
  const input = await parseBody(c, SessionDateInputSchema);
  await sessions.addSessionDate(ctxOf(c), session.userId, id, input);
  return success(c, { id }, c.var.t("adminSaved"));
});

adminSessionsRoutes.post("/admin/sessions/:id/move", async (c) => {
  const session = await requireAdmin(c);
  const id = idOf(c);
  const input = await parseBody(c, MoveLearnerInputSchema);
  await sessions.moveLearner(ctxOf(c), session.userId, id, input);
  return success(c, { id }, c.var.t("adminLearnerMoved"));
});

/** Gives a seat to one learner of the waiting list (ADR 0085); a full session needs `addSeat`. */
adminSessionsRoutes.post("/admin/sessions/:id/waiting-list/promote", async (c) => {
  const session = await requireAdmin(c);
  const id = idOf(c);
  const input = await parseBody(c, PromoteWaitingInputSchema);
  return success(c, await sessions.promoteWaitingLearner(ctxOf(c), session.userId, id, input), c.var.t("adminWaitingPromoted"));
});

/** Takes a learner off the waiting list (an explicit `confirm: true` is required). */
adminSessionsRoutes.post("/admin/sessions/:id/waiting-list/remove", async (c) => {
  const session = await requireAdmin(c);
  const id = idOf(c);
  const input = await parseBody(c, RemoveWaitingInputSchema);
  return success(c, await sessions.removeWaitingLearner(ctxOf(c), session.userId, id, input), c.var.t("adminWaitingRemoved"));
});

/** Cancels the session (an explicit `confirm: true` is required): bookings cancelled, learners notified. */
adminSessionsRoutes.post("/admin/sessions/:id/cancel", async (c) => {
  const session = await requireAdmin(c);
  const id = idOf(c);
  await parseBody(c, ConfirmInputSchema);
  const result = await sessions.cancelSession(ctxOf(c), session.userId, id);
  const message = result.notified === 0 ? c.var.t("adminSessionCancelledNobody") : c.var.t("adminSessionCancelled", { count: result.notified, names: result.learners.join(", ") });
  return success(c, result, message);
});

const DaySchema = z.object({ id: IdParam, day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: "invalidType" }) });

/** The attendance sheet of one day of the session, as a PDF. */
adminSessionsRoutes.get("/admin/sessions/:id/attendance/:day", async (c) => {
  const { id, day } = parseInput(DaySchema, { id: c.req.param("id"), day: c.req.param("day") }, c.var.t);
  const { session, date } = await sessions.attendanceSheet(c.var.deps.db, id, day);
  const t = c.var.t;
  const locale = c.var.locale;
  const place = session.virtualClass ? t("adminSheetVirtual") : [session.address, session.postalCode, session.city].filter(Boolean).join(", ");
  const bytes = await renderAttendanceSheet({
    texts: {
      title: t("adminSheetTitle"),
      training: t("adminSheetTraining"),
      session: t("adminSheetSession"),
      day: t("adminSheetDay"),
      place: t("adminSheetPlace"),
      learner: t("adminSheetLearner"),
      morning: t("adminSheetMorning"),
      afternoon: t("adminSheetAfternoon"),
      trainer: t("adminSheetTrainer"),
      none: t("adminSheetNone"),
      page: t("adminSheetPage"),
    },
    trainingName: session.training.name,
    sessionName: session.name,
    dayLabel: `${formatCalendarDay(date.date, locale, "full")} ${date.startTime ? `${date.startTime}-${date.endTime}` : ""}`.trim(),
    place: place || "-",
    learners: session.participants.map((p) => ({ name: `${p.lastName.toUpperCase()} ${p.firstName}`, email: p.email })),
  });
  return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
    "content-type": "application/pdf",
    "content-disposition": `attachment; filename="attendance-${id}-${day}.pdf"`,
    "content-length": String(bytes.byteLength),
  });
});
