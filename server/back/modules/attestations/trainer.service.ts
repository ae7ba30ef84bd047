import type { Db } from "../../../db/client.ts";
import type { ServiceContext } from "../../service-context.ts";
import { toParisDate } from "#core/domain/dates.ts";
import { AppError } from "../../http/app-error.ts";
import { hashToken } from "../auth/tokens.ts";
import {
  findSessionOfTrainerToken,
  listDatesOfSession,
  listSessionAttendances,
  listSessionParticipants,
  saveTrainerAccessToken,
  upsertAttendances,
  type FaceToFaceSessionRow,
} from "./attestations.repository.ts";

/** Enrolments that hold a seat on the session (the waiting list and cancelled ones do not). */
const BOOKED = ["pending", "in_progress", "finished"];
const MAX_TOKEN_LENGTH = 200;

/** Stores a trainer access token for a session (only its sha256); the seed and the admin side use it. */
export async function insertTrainerAccessToken(
  ctx: ServiceContext,
  input: { rawToken: string; sessionId: number; personId: number | null; expiresAt: Date; now: Date },
) {
  await saveTrainerAccessToken(ctx.db, {
    tokenHash: hashToken(input.rawToken),
    sessionId: input.sessionId,
    personId: input.personId,
    expiresAt: input.expiresAt,
    createdAt: input.now,
  });
}

async function sessionOfToken(db: Db, raw: string, now: Date) {
  if (!raw || raw.length > MAX_TOKEN_LENGTH) throw new AppError("NOT_FOUND", "attestationsTrainerInvalidToken");
  const row = await findSessionOfTrainerToken(db, hashToken(raw), now);
  if (!row) throw new AppError("NOT_FOUND", "attestationsTrainerInvalidToken");
  return row;
}

/** The session's days: its distinct session dates, or its start date for a single-date session. */
async function sessionDays(db: Db, session: FaceToFaceSessionRow) {
  const dates = await listDatesOfSession(db, session.id);
  if (dates.length === 0) return [{ day: session.startDate, sessionDateId: null, startTime: session.startTime, endTime: session.endTime }];
  const days = new Map<string, { day: string; sessionDateId: number | null; startTime: string | null; endTime: string | null }>();
  for (const d of dates) if (!days.has(d.date)) days.set(d.date, { day: d.date, sessionDateId: d.id, startTime: d.startTime, endTime: d.endTime });
  return [...days.values()];
}

function participantsOf(db: Db, sessionId: number) {
  return listSessionParticipants(db, sessionId, BOOKED);
}

/** What the trainer page shows: the session, its days, and its participants (names only) with their attendance. */
export async function getTrainerVirtualClass(ctx: ServiceContext, raw: string, now: Date) {
  const { db } = ctx;
  const { session, trainingName, trainingType } = await sessionOfToken(db, raw, now);
  const [days, participants, marks] = await Promise.all([sessionDays(db, session), participantsOf(db, session.id), listSessionAttendances(db, session.id)]);
  return {
    session: {
      id: session.id,
      name: session.name,
      trainingName,
      trainingType,
      startDate: session.startDate,
      startTime: session.startTime,
      endTime: session.endTime,
      joinUrl: session.virtualClassUrl,
    },
    // A day can be marked from the day itself (Paris calendar), never in advance.
    days: days.map(({ day, startTime, endTime }) => ({ day, startTime, endTime, open: day <= toParisDate(now) })),
    participants: participants.map((p) => ({
      userId: p.userId,
      firstName: p.firstName,
      lastName: p.lastName,
      attendance: Object.fromEntries(
        days.map(({ day }) => {
          const mark = marks.find((m) => m.userId === p.userId && m.day === day);
          return [day, { attended: mark?.attended ?? null, joined: Boolean(mark?.joinedAt) }];
        }),
      ),
    })),
  };
}

/**
 * Marks attendance for one day. Everything is checked before writing (token, day of the session, every
 * participant booked on it); then all marks are written in one transaction.
 */
export async function markAttendance(ctx: ServiceContext, raw: string, input: { day: string; attendance: { userId: number; attended: boolean }[] }, now: Date) {
  const { db } = ctx;
  const { session } = await sessionOfToken(db, raw, now);
  const days = await sessionDays(db, session);
  const day = days.find((d) => d.day === input.day);
  if (!day) throw new AppError("VALIDATION", "attestationsTrainerUnknownDay", { fields: { day: ["attestationsTrainerUnknownDay"] } });
  if (day.day > toParisDate(now)) throw new AppError("VALIDATION", "attestationsTrainerFutureDay", { fields: { day: ["attestationsTrainerFutureDay"] } });
  const participants = new Map((await participantsOf(db, session.id)).map((p) => [p.userId, p]));
  if (input.attendance.some((a) => !participants.has(a.userId))) {
    throw new AppError("VALIDATION", "attestationsTrainerUnknownParticipant", { fields: { attendance: ["attestationsTrainerUnknownParticipant"] } });
  }
  if (input.attendance.length === 0) return { marked: 0 };
  await db.transaction(async (tx) => {
    await upsertAttendances(
      tx,
      input.attendance.map((a) => ({
        sessionId: session.id,
        sessionDateId: day.sessionDateId,
        day: day.day,
        userId: a.userId,
        enrolmentId: participants.get(a.userId)!.enrolmentId,
        attended: a.attended,
        markedAt: now,
      })),
    );
  });
  return { marked: input.attendance.length };
}
