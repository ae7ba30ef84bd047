/**
 * The sessions a learner sees and joins: a DPC training's sessions with their seats, the learner's booked
 * virtual-class days with their join windows, and joining one (which records the arrival). Booking and cancelling
 * are enrolment.service.ts's.
 */
import type { BrandKey } from "#core/branding/brands.ts";
import type { SessionSeatsPayload } from "#core/contract/enrolment.ts";
import { toParisDate } from "#core/domain/dates.ts";
import { joinState, joinWindow, type JoinWindow } from "#core/domain/seats-join-window.ts";
import { seatsAvailable } from "#core/domain/sessions.ts";
import type { Db } from "../../../db/client.ts";
import { AppError } from "../../http/app-error.ts";
import type { ServiceContext } from "../../service-context.ts";
import type { ServerLocale } from "../../i18n/messages.ts";
import {
  findActiveEnrolment,
  findSession,
  findSessionDate,
  findTrainingKind,
  listSessionDates,
  listSessionsOfTraining,
  listUserEnrolmentsWithTraining,
  recordJoin,
  type SessionWithGroup,
} from "./enrolment.repository.ts";
import { requireTraining } from "./enrolment.service.ts";

const hhmm = (time: string | null): string | null => (time ? time.slice(0, 5) : null);

/** The sessions of a DPC training with their seats (public, brand-scoped). */
export async function listDpcSessions(ctx: ServiceContext, brand: BrandKey, trainingId: number): Promise<SessionSeatsPayload[]> {
  const { db } = ctx;
  const training = await requireTraining(ctx, brand, trainingId);
  if (training.type !== "dpc") throw new AppError("NOT_FOUND", "enrolmentNotDpc");
  const sessions = await listSessionsOfTraining(db, training.id);
  const dates = await listSessionDates(
    db,
    sessions.map((s) => s.id),
  );
  return sessions.map((s) => ({
    id: s.id,
    name: s.name,
    startDate: s.startDate,
    startTime: hhmm(s.startTime),
    endTime: hhmm(s.endTime),
    maxParticipants: s.maxParticipants,
    currentParticipants: s.currentParticipants,
    seatsAvailable: seatsAvailable(s),
    isFull: seatsAvailable(s) === 0,
    noWaitingList: s.noWaitingList,
    virtualClass: s.virtualClass,
    sessionDates: dates.filter((d) => d.sessionId === s.id).map((d) => ({ id: d.id, date: d.date, startTime: hhmm(d.startTime)!, endTime: hhmm(d.endTime)! })),
  }));
}

type SessionDay = { sessionDateId: number | null; day: string; startTime: string | null; endTime: string | null };

async function sessionDays(db: Db, session: SessionWithGroup): Promise<SessionDay[]> {
  const dates = await listSessionDates(db, [session.id]);
  if (dates.length === 0) return [{ sessionDateId: null, day: session.startDate, startTime: session.startTime, endTime: session.endTime }];
  return dates.map((d) => ({ sessionDateId: d.id, day: d.date, startTime: d.startTime, endTime: d.endTime }));
}

const isVirtual = (session: SessionWithGroup, training: { isVirtual: boolean; type: string }) =>
  session.virtualClass || training.isVirtual || training.type === "virtualClass";

/** The learner's booked virtual-class days that have not ended yet, with their join windows. */
export async function listVirtualSessions(ctx: ServiceContext, userId: number, now: Date) {
  const { db } = ctx;
  const rows = await listUserEnrolmentsWithTraining(db, userId);
  const result = [];
  for (const { enrolment, training } of rows) {
    if (enrolment.sessionId === null || !["pending", "in_progress"].includes(enrolment.status)) continue;
    const session = await findSession(db, enrolment.sessionId);
    if (!session || !isVirtual(session, training)) continue;
    for (const day of await sessionDays(db, session)) {
      const window = joinWindow(day);
      const state = joinState(window, now);
      if (state === "closed") continue;
      result.push({
        sessionId: session.id,
        sessionDateId: day.sessionDateId,
        sessionName: session.name,
        training: { id: training.id, name: training.name, slug: training.slug, type: training.type },
        day: day.day,
        startTime: hhmm(day.startTime),
        endTime: hhmm(day.endTime),
        opensAt: window.opensAt.toISOString(),
        closesAt: window.closesAt.toISOString(),
        joinable: state === "open",
      });
    }
  }
  return result.sort((a, b) => a.opensAt.localeCompare(b.opensAt));
}

function formatParis(date: Date, locale: ServerLocale): string {
  return new Intl.DateTimeFormat(locale, { timeZone: "Europe/Paris", dateStyle: "short", timeStyle: "short" }).format(date);
}

/**
 * The join URL of a virtual-class day the learner has a seat in, only inside its join window; records the arrival.
 * With a session id alone, the day is today's (or the next one) for a multi-date session.
 */
export async function joinVirtualClass(
  ctx: ServiceContext,
  input: { userId: number; sessionId?: number; sessionDateId?: number; locale: ServerLocale; now: Date },
): Promise<{ url: string; opensAt: string; closesAt: string }> {
  const { db } = ctx;
  let sessionId = input.sessionId;
  let dateRow: Awaited<ReturnType<typeof findSessionDate>> | undefined;
  if (input.sessionDateId !== undefined) {
    dateRow = await findSessionDate(db, input.sessionDateId);
    if (!dateRow) throw new AppError("NOT_FOUND", "enrolmentSessionNotFound");
    sessionId = dateRow.sessionId;
  }
  const session = sessionId === undefined ? undefined : await findSession(db, sessionId);
  if (!session) throw new AppError("NOT_FOUND", "enrolmentSessionNotFound");
  const enrolment = await findActiveEnrolment(db, input.userId, session.trainingId);
  if (!enrolment || enrolment.sessionId !== session.id || enrolment.status === "waiting_list") {
    throw new AppError("NOT_FOUND", "enrolmentSessionNotFound");
  }
  const training = await findTrainingKind(db, session.trainingId);
  if (!isVirtual(session, training!) || !session.virtualClassUrl) throw new AppError("CONFLICT", "enrolmentNotVirtualClass");

  const today = toParisDate(input.now);
  const days = await sessionDays(db, session);
  const day = dateRow
    ? days.find((d) => d.sessionDateId === dateRow.id)!
    : (days.find((d) => d.day === today) ?? days.find((d) => d.day > today) ?? days[days.length - 1]);
  const window: JoinWindow = joinWindow(day);
  const state = joinState(window, input.now);
  if (state === "early") {
    throw new AppError("CONFLICT", "enrolmentJoinNotYetOpen", {
      values: { opensAt: formatParis(window.opensAt, input.locale) },
      data: { opensAt: window.opensAt.toISOString(), closesAt: window.closesAt.toISOString() },
    });
  }
  if (state === "closed") throw new AppError("CONFLICT", "enrolmentJoinClosed");
  await recordJoin(db, {
    sessionId: session.id,
    sessionDateId: day.sessionDateId,
    day: day.day,
    userId: input.userId,
    enrolmentId: enrolment.id,
    at: input.now,
  });
  return { url: session.virtualClassUrl, opensAt: window.opensAt.toISOString(), closesAt: window.closesAt.toISOString() };
}
