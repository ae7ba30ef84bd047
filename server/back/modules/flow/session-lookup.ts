import type { Db } from "../../../db/client.ts";
import { toParisDate } from "#core/domain/dates.ts";
import { findNextSessionOfTraining, listSessionIdsOfTraining } from "./flow.repository.ts";

/**
 * The session shown for a live step when the enrolment names none (a webinar is one open session): the training's
 * next session from today (Paris), else its latest one.
 */
export async function sessionOfTraining(db: Db, trainingId: number, now: Date): Promise<number | null> {
  const today = toParisDate(now);
  const next = await findNextSessionOfTraining(db, trainingId, today);
  if (next) return next.id;
  const all = await listSessionIdsOfTraining(db, trainingId);
  return all.at(-1)?.id ?? null;
}
