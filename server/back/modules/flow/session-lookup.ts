import { and, asc, eq, gte } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { faceToFaces, faceToFaceSessions } from "../../../db/schema/index.ts";
import { toParisDate } from "#core/domain/dates.ts";

/**
 * The session shown for a live step when the enrolment names none (a webinar is one open session): the training's
 * next session from today (Paris), else its latest one.
 */
export async function sessionOfTraining(db: Db, trainingId: number, now: Date): Promise<number | null> {
  const today = toParisDate(now);
  const [next] = await db
    .select({ id: faceToFaceSessions.id })
    .from(faceToFaceSessions)
    .innerJoin(faceToFaces, eq(faceToFaces.id, faceToFaceSessions.faceToFaceId))
    .where(and(eq(faceToFaces.trainingId, trainingId), gte(faceToFaceSessions.startDate, today)))
    .orderBy(asc(faceToFaceSessions.startDate), asc(faceToFaceSessions.id))
    .limit(1);
  if (next) return next.id;
  const all = await db
    .select({ id: faceToFaceSessions.id })
    .from(faceToFaceSessions)
    .innerJoin(faceToFaces, eq(faceToFaces.id, faceToFaceSessions.faceToFaceId))
    .where(eq(faceToFaces.trainingId, trainingId))
    .orderBy(asc(faceToFaceSessions.startDate), asc(faceToFaceSessions.id));
  return all.at(-1)?.id ?? null;
}
