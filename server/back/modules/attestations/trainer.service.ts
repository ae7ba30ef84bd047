import { and, asc, eq, gt, inArray, sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import {
  enrolments,
  faceToFaceSessions,
  faceToFaces,
  sessionAttendances,
  sessionDates,
  trainerAccessTokens,
  trainings,
  users,
} from "../../../db/schema/index.ts";
import { toParisDate } from "#core/domain/dates.ts";
import { AppError } from "../../http/app-error.ts";
import { hashToken } from "../auth/tokens.ts";

/** Enrolments that hold a seat on the session (the waiting list and cancelled ones do not). */
const BOOKED = ["pending", "in_progress", "finished"];
const MAX_TOKEN_LENGTH = 200;

/** Stores a trainer access token for a session (only its sha256); the seed and the admin side use it. */
export async function insertTrainerAccessToken(db: Db, input: { rawToken: string; sessionId: number; personId: number | null; expiresAt: Date; now: Date }) {
  await db.insert(trainerAccessTokens).values({
    tokenHash: hashToken(input.rawToken),
    sessionId: input.sessionId,
    personId: input.personId,
    expiresAt: input.expiresAt,
    createdAt: input.now,
  });
}

async function sessionOfToken(db: Db, raw: string, now: Date) {
  if (!raw || raw.length > MAX_TOKEN_LENGTH) throw new AppError("NOT_FOUND", "attestationsTrainerInvalidToken");
  const [row] = await db
    .select({ session: faceToFaceSessions, trainingId: trainings.id, trainingName: trainings.name, trainingType: trainings.type })
    .from(trainerAccessTokens)
    .innerJoin(faceToFaceSessions, eq(faceToFaceSessions.id, trainerAccessTokens.sessionId))
    .innerJoin(faceToFaces, eq(faceToFaces.id, faceToFaceSessions.faceToFaceId))
    .innerJoin(trainings, eq(trainings.id, faceToFaces.trainingId))
    .where(and(eq(trainerAccessTokens.tokenHash, hashToken(raw)), gt(trainerAccessTokens.expiresAt, now)))
    .limit(1);
  if (!row) throw new AppError("NOT_FOUND", "attestationsTrainerInvalidToken");
  return row;
}

/** The session's days: its distinct session dates, or its start date for a single-date session. */
async function sessionDays(db: Db, session: typeof faceToFaceSessions.$inferSelect) {
  const dates = await db
    .select({ id: sessionDates.id, date: sessionDates.date, startTime: sessionDates.startTime, endTime: sessionDates.endTime })
    .from(sessionDates)
    .where(eq(sessionDates.sessionId, session.id))
    .orderBy(asc(sessionDates.date), asc(sessionDates.startTime));
  if (dates.length === 0) return [{ day: session.startDate, sessionDateId: null, startTime: session.startTime, endTime: session.endTime }];
  const days = new Map<string, { day: string; sessionDateId: number | null; startTime: string | null; endTime: string | null }>();
  for (const d of dates) if (!days.has(d.date)) days.set(d.date, { day: d.date, sessionDateId: d.id, startTime: d.startTime, endTime: d.endTime });
  return [...days.values()];
}

async function participantsOf(db: Db, sessionId: number) {
  return db
    .select({ userId: users.id, enrolmentId: enrolments.id, firstName: users.firstName, lastName: users.lastName })
    .from(enrolments)
    .innerJoin(users, eq(users.id, enrolments.userId))
    .where(and(eq(enrolments.sessionId, sessionId), inArray(enrolments.status, BOOKED)))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
}

/** What the trainer page shows: the session, its days, and its participants (names only) with their attendance. */
export async function getTrainerVirtualClass(db: Db, raw: string, now: Date) {
  const { session, trainingName, trainingType } = await sessionOfToken(db, raw, now);
  const [days, participants, marks] = await Promise.all([
    sessionDays(db, session),
    participantsOf(db, session.id),
    db
      .select({ userId: sessionAttendances.userId, day: sessionAttendances.day, attended: sessionAttendances.attended, joinedAt: sessionAttendances.joinedAt })
      .from(sessionAttendances)
      .where(eq(sessionAttendances.sessionId, session.id)),
  ]);
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
export async function markAttendance(db: Db, raw: string, input: { day: string; attendance: { userId: number; attended: boolean }[] }, now: Date) {
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
    await tx
      .insert(sessionAttendances)
      .values(
        input.attendance.map((a) => ({
          sessionId: session.id,
          sessionDateId: day.sessionDateId,
          day: day.day,
          userId: a.userId,
          enrolmentId: participants.get(a.userId)!.enrolmentId,
          attended: a.attended,
          markedAt: now,
        })),
      )
      .onConflictDoUpdate({
        target: [sessionAttendances.sessionId, sessionAttendances.day, sessionAttendances.userId],
        set: { attended: sql`excluded.attended`, markedAt: sql`excluded.marked_at` },
      });
  });
  return { marked: input.attendance.length };
}
