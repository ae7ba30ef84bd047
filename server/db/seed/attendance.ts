/**
 * The attendance the trainers marked at the demo's past sessions (issue 33): every booked learner present each day,
 * but the last of each session absent on the last day, so an evidence pack of a past session has marks to show.
 */
import { and, asc, eq, inArray, lt } from "drizzle-orm";
import * as t from "../schema/index.ts";
import type { Clock, SeedDb } from "./util.ts";

export async function seedAttendance(db: SeedDb, clock: Clock): Promise<void> {
  const today = clock.day(0);
  const sessions = await db
    .select({ id: t.faceToFaceSessions.id, startDate: t.faceToFaceSessions.startDate })
    .from(t.faceToFaceSessions)
    .where(lt(t.faceToFaceSessions.startDate, today))
    .orderBy(asc(t.faceToFaceSessions.id));
  for (const session of sessions) {
    const booked = await db
      .select({ id: t.enrolments.id, userId: t.enrolments.userId })
      .from(t.enrolments)
      .where(and(eq(t.enrolments.sessionId, session.id), inArray(t.enrolments.status, ["in_progress", "finished"])))
      .orderBy(asc(t.enrolments.id));
    if (booked.length === 0) continue;
    const dates = await db
      .select({ id: t.sessionDates.id, date: t.sessionDates.date })
      .from(t.sessionDates)
      .where(eq(t.sessionDates.sessionId, session.id))
      .orderBy(asc(t.sessionDates.date));
    const days = dates.length ? dates.map((d) => ({ id: d.id as number | null, date: d.date })) : [{ id: null, date: session.startDate }];
    const rows = days.flatMap((day, dayIndex) =>
      booked.map((enrolment, index) => ({
        sessionId: session.id,
        sessionDateId: day.id,
        day: day.date,
        userId: enrolment.userId,
        enrolmentId: enrolment.id,
        attended: !(index === booked.length - 1 && dayIndex === days.length - 1 && booked.length > 1),
        markedAt: new Date(`${day.date}T17:30:00Z`),
      })),
    );
    await db.insert(t.sessionAttendances).values(rows).onConflictDoNothing();
  }
}
