import type { Tx } from "../../../db/client.ts";
import { AppError } from "../../http/app-error.ts";
import { serverLocale } from "../../../i18n/i18n.ts";
import { translator, type ServerLocale } from "../../i18n/messages.ts";
import { ADMIN_PAGE_SIZE, paging } from "#core/contract/admin-list.ts";
import type { AdminSession, SessionInput, SessionList, SessionListQuery } from "#core/contract/admin-sessions.ts";
import { toParisDate } from "#core/domain/dates.ts";
import { formatCalendarDay } from "#core/domain/format.ts";
import { BRANDS, isBrandKey } from "#core/branding/brands.ts";
import { sessionCancelledMail } from "../../../mail/session-templates.ts";
import { recordAdminChange } from "../audit/audit.service.ts";
import { fillFreedSeats, promoteWaiting, releaseSeat, removeWaiting, tellSeatChanges, type SeatChange } from "../enrolment/seats.service.ts";
import { notifyUser } from "../notifications/notifications.service.ts";
import * as repo from "./admin-sessions.repository.ts";
import type { ServiceContext } from "../../service-context.ts";

/**
 * The sessions tool's use cases (ADR 0063): each change and its audit row in one transaction, seats counted in
 * the session row locked for the change. A seat that frees up (a learner moved out, seats raised) goes to the
 * waiting list in the same transaction (ADR 0085). Learners are told (a notification delivered live, and a mail for
 * seats and cancellations) after the change is committed.
 */
const hhmm = (value: string | null) => (value ? value.slice(0, 5) : null);

export async function listSessions(ctx: ServiceContext, query: SessionListQuery): Promise<SessionList> {
  const today = toParisDate(ctx.now());
  const [total, rows] = await Promise.all([
    repo.countSessions(ctx.db, query, today),
    repo.listSessions(ctx.db, query, today, { limit: ADMIN_PAGE_SIZE, offset: (query.page - 1) * ADMIN_PAGE_SIZE }),
  ]);
  return {
    items: rows.map((r) => ({ ...r, startDate: String(r.startDate), startTime: hhmm(r.startTime), waiting: Number(r.waiting) })),
    paging: paging(total, query.page),
  };
}

async function requireSession(db: Parameters<typeof repo.findSession>[0], id: number, lock = false) {
  const row = await repo.findSession(db, id, lock);
  if (!row) throw new AppError("NOT_FOUND", "adminSessionNotFound");
  return row;
}

export async function getSession(ctx: ServiceContext, id: number): Promise<AdminSession> {
  const row = await requireSession(ctx.db, id);
  const [dates, people, siblings, attended] = await Promise.all([
    repo.listDates(ctx.db, id),
    repo.listSessionPeople(ctx.db, id),
    repo.listSiblingSessions(ctx.db, row.trainingId, id),
    repo.hasAttendance(ctx.db, id),
  ]);
  const s = row.session;
  const person = ({ locale: _locale, ...p }: (typeof people)[number]) => p;
  return {
    id: s.id,
    faceToFaceId: s.faceToFaceId,
    name: s.name,
    startDate: String(s.startDate),
    startTime: hhmm(s.startTime),
    endTime: hhmm(s.endTime),
    city: s.city,
    postalCode: s.postalCode,
    address: s.address,
    virtualClass: row.virtualClass,
    virtualClassUrl: s.virtualClassUrl,
    maxParticipants: s.maxParticipants,
    currentParticipants: s.currentParticipants,
    training: { id: row.trainingId, name: row.trainingName, brand: row.brand, slug: row.slug, type: row.type },
    dates: dates.map((d) => ({ id: d.id, date: String(d.date), startTime: hhmm(d.startTime)!, endTime: hhmm(d.endTime)! })),
    participants: people.filter((p) => p.status !== "waiting_list").map(person),
    waitingList: people.filter((p) => p.status === "waiting_list").map(person),
    otherSessions: siblings.map((o) => ({ id: o.id, name: o.name, startDate: String(o.startDate), seatsLeft: Math.max(0, o.max - o.current) })),
    hasAttendance: attended,
  };
}

function columnsOf(input: SessionInput) {
  return {
    name: input.name,
    startDate: input.startDate,
    startTime: input.startTime,
    endTime: input.endTime,
    maxParticipants: input.maxParticipants,
    city: input.city ?? null,
    marketingCity: input.city ?? null,
    postalCode: input.postalCode ?? null,
    address: input.address ?? null,
    virtualClassUrl: input.virtualClassUrl ?? null,
  };
}

/** A new session of a session group, with its first day. */
export async function createSession(ctx: ServiceContext, actorId: number, input: SessionInput & { faceToFaceId: number }): Promise<{ id: number }> {
  return ctx.db.transaction(async (tx) => {
    const group = await repo.findFaceToFace(tx, input.faceToFaceId);
    if (!group) throw new AppError("NOT_FOUND", "adminFaceToFaceNotFound", { fields: { faceToFaceId: ["adminFaceToFaceNotFound"] } });
    const row = await repo.insertSession(tx, { faceToFaceId: group.id, ...columnsOf(input), createdAt: ctx.now() });
    await repo.insertDate(tx, { sessionId: row.id, date: input.startDate, startTime: input.startTime, endTime: input.endTime });
    await recordAdminChange({ ...ctx, db: tx }, { actorId, action: "session.create", entityType: "session", entityId: row.id, before: null, after: row });
    return { id: row.id };
  });
}

/** Changes a session; the seats never go below the learners already booked. */
export async function updateSession(ctx: ServiceContext, actorId: number, id: number, input: SessionInput): Promise<void> {
  const promoted = await ctx.db.transaction(async (tx) => {
    const { session: before } = await requireSession(tx, id, true);
    if (input.maxParticipants < before.currentParticipants) {
      throw new AppError("CONFLICT", "adminSessionSeatsBelowParticipants", {
        values: { count: before.currentParticipants },
        fields: { maxParticipants: ["adminSessionSeatsBelowParticipants"] },
      });
    }
    await repo.updateSession(tx, id, columnsOf(input));
    // Seats raised: the waiting list moves up at once.
    const changes = await fillFreedSeats({ ...ctx, db: tx }, id);
    const after = (await requireSession(tx, id)).session;
    await recordAdminChange(
      { ...ctx, db: tx },
      {
        actorId,
        action: "session.update",
        entityType: "session",
        entityId: id,
        before,
        after: changes.length ? { ...after, promotedEnrolments: changes.map((c) => c.enrolmentId) } : after,
      },
    );
    return changes;
  });
  await tellSeatChanges(ctx, promoted);
}

export async function addSessionDate(
  ctx: ServiceContext,
  actorId: number,
  id: number,
  input: { date: string; startTime: string; endTime: string },
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await requireSession(tx, id, true);
    const row = await repo.insertDate(tx, { sessionId: id, ...input });
    await repo.updateSession(tx, id, { multiDates: true });
    if (row) await recordAdminChange({ ...ctx, db: tx }, { actorId, action: "session.addDate", entityType: "session", entityId: id, before: null, after: row });
  });
}

function tFor(locale: string) {
  const serverLoc = serverLocale(locale) as ServerLocale;
  return { t: translator(serverLoc), locale: serverLoc };
}

/**
 * Moves a learner (a booked seat) to another session of the same training: both sessions locked in id order,
 * the target must have a free seat (409 otherwise). The learner is told.
 */
export async function moveLearner(ctx: ServiceContext, actorId: number, fromId: number, input: { enrolmentId: number; toSessionId: number }): Promise<void> {
  if (input.toSessionId === fromId) throw new AppError("VALIDATION", "adminSessionSame", { fields: { toSessionId: ["adminSessionSame"] } });
  const moved = await ctx.db.transaction(async (tx) => {
    const [first, second] = [fromId, input.toSessionId].sort((a, b) => a - b);
    const rows = { [first]: await requireSession(tx, first, true), [second]: await requireSession(tx, second, true) };
    const from = rows[fromId];
    const to = rows[input.toSessionId];
    if (to.trainingId !== from.trainingId)
      throw new AppError("CONFLICT", "adminSessionOtherTraining", { fields: { toSessionId: ["adminSessionOtherTraining"] } });
    const enrolment = await repo.findEnrolmentForUpdate(tx, input.enrolmentId);
    if (!enrolment || enrolment.sessionId !== fromId || enrolment.status === "cancelled" || enrolment.status === "waiting_list") {
      throw new AppError("NOT_FOUND", "adminEnrolmentNotInSession", { fields: { enrolmentId: ["adminEnrolmentNotInSession"] } });
    }
    if (to.session.currentParticipants >= to.session.maxParticipants)
      throw new AppError("CONFLICT", "adminSessionFull", { values: { name: to.session.name }, fields: { toSessionId: ["adminSessionFull"] } });
    // The database counts the seat in the target and frees the one left behind (ADR 0111).
    await repo.moveEnrolment(tx, enrolment.id, to.session.id);
    // The seat left behind goes to the first of the waiting list (ADR 0085).
    const promoted = await releaseSeat({ ...ctx, db: tx }, from.session.id);
    await recordAdminChange(
      { ...ctx, db: tx },
      {
        actorId,
        action: "session.moveLearner",
        entityType: "enrolment",
        entityId: enrolment.id,
        before: { sessionId: fromId, userId: enrolment.userId },
        after: { sessionId: to.session.id, userId: enrolment.userId, promotedEnrolments: promoted.map((c) => c.enrolmentId) },
      },
    );
    return { userId: enrolment.userId, to, promoted };
  });
  const people = await repo.listSessionPeople(ctx.db, moved.to.session.id);
  const { t, locale } = tFor(people.find((p) => p.userId === moved.userId)?.locale ?? "fr-FR");
  await notifyUser(ctx, {
    userId: moved.userId,
    title: t("adminLearnerMovedTitle"),
    body: t("adminLearnerMovedBody", {
      name: moved.to.session.name,
      date: formatCalendarDay(String(moved.to.session.startDate), locale),
      training: moved.to.trainingName,
    }),
  });
  await tellSeatChanges(ctx, moved.promoted);
}

/** Who was changed and whether anything changed (a repeated call changes nothing). */
export type WaitingChange = { id: number; changed: boolean };

async function changeWaiting(
  ctx: ServiceContext,
  actorId: number,
  id: number,
  action: "session.promoteWaiting" | "session.removeWaiting",
  change: (txCtx: ServiceContext & { db: Tx }) => ReturnType<typeof promoteWaiting>,
): Promise<WaitingChange> {
  const outcome = await ctx.db.transaction(async (tx) => {
    await requireSession(tx, id, true);
    const result = await change({ ...ctx, db: tx });
    if (result.changed && result.change) {
      await recordAdminChange(
        { ...ctx, db: tx },
        {
          actorId,
          action,
          entityType: "enrolment",
          entityId: result.change.enrolmentId,
          before: { sessionId: id, userId: result.change.userId, ...result.before },
          after: { sessionId: id, userId: result.change.userId, ...result.after },
        },
      );
    }
    return result;
  });
  const changes: SeatChange[] = outcome.change ? [outcome.change] : [];
  await tellSeatChanges(ctx, changes);
  return { id, changed: outcome.changed };
}

/** An administrator gives a seat to one learner of the waiting list (ADR 0085). */
export function promoteWaitingLearner(
  ctx: ServiceContext,
  actorId: number,
  id: number,
  input: { enrolmentId: number; addSeat: boolean },
): Promise<WaitingChange> {
  return changeWaiting(ctx, actorId, id, "session.promoteWaiting", (txCtx) => promoteWaiting(txCtx, id, input.enrolmentId, { addSeat: input.addSeat }));
}

/** An administrator takes a learner off the waiting list (confirmed by the route). */
export function removeWaitingLearner(ctx: ServiceContext, actorId: number, id: number, input: { enrolmentId: number }): Promise<WaitingChange> {
  return changeWaiting(ctx, actorId, id, "session.removeWaiting", (txCtx) => removeWaiting(txCtx, id, input.enrolmentId));
}

/**
 * Cancels a session: its bookings and waiting list are cancelled, the session removed (its row and days, kept in the
 * audit log with the learners), and every learner notified. Refused once attendance is recorded.
 */
export async function cancelSession(ctx: ServiceContext, actorId: number, id: number): Promise<{ notified: number; learners: string[] }> {
  const result = await ctx.db.transaction(async (tx) => {
    const row = await requireSession(tx, id, true);
    if (await repo.hasAttendance(tx, id)) throw new AppError("CONFLICT", "adminSessionHasAttendance");
    const people = await repo.listSessionPeople(tx, id);
    const dates = await repo.listDates(tx, id);
    const cancelled = await repo.cancelSessionEnrolments(tx, id);
    await repo.deleteSession(tx, id);
    await recordAdminChange(
      { ...ctx, db: tx },
      {
        actorId,
        action: "session.cancel",
        entityType: "session",
        entityId: id,
        before: { ...row.session, dates, learners: people.map(({ locale: _l, ...p }) => p) },
        after: { cancelledEnrolments: cancelled.map((e) => e.id) },
      },
    );
    return { row, people };
  });
  const brand = isBrandKey(result.row.brand) ? BRANDS[result.row.brand] : BRANDS.fr;
  for (const person of result.people) {
    const { t, locale } = tFor(person.locale);
    const date = formatCalendarDay(String(result.row.session.startDate), locale);
    await notifyUser(ctx, {
      userId: person.userId,
      title: t("adminSessionCancelledTitle", { name: result.row.session.name }),
      body: t("adminSessionCancelledBody", { date, training: result.row.trainingName }),
    });
    try {
      await ctx.mailer.send({
        to: person.email,
        ...sessionCancelledMail({ brand, locale, firstName: person.firstName, session: result.row.session.name, training: result.row.trainingName, date }),
      });
    } catch (error) {
      // The session is cancelled either way; the notification above already told the learner.
      ctx.logger.error({ err: error, userId: person.userId }, "session cancellation mail failed");
    }
  }
  return { notified: result.people.length, learners: result.people.map((p) => `${p.firstName} ${p.lastName}`) };
}

/** What the attendance sheet of one day prints. */
export async function attendanceSheet(ctx: ServiceContext, id: number, day: string) {
  const session = await getSession(ctx, id);
  const days = session.dates.length ? session.dates : [{ id: 0, date: session.startDate, startTime: session.startTime ?? "", endTime: session.endTime ?? "" }];
  const date = days.find((d) => d.date === day);
  if (!date) throw new AppError("NOT_FOUND", "adminSessionDateNotFound");
  return { session, date };
}
