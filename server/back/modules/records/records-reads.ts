import type { Db } from "../../../db/client.ts";
import type { SessionState } from "../../context.ts";
import { sessionRead } from "../../http/read-scope.ts";
import { listEnrolments, listHistory, type EnrolmentRow, type HistoryRow } from "./records.repository.ts";

/** Whose records are read, and the session of the request that reads them (null outside a request). */
export type RecordsReader = { userId: number; session: SessionState | null };

/**
 * The learner's enrolments and history. One page render asks for them from several back calls (current trainings,
 * badges, suggestions): through the session's read scope they are read once per web request (ADR 0040), and every
 * time otherwise. The key holds the user, so a read of someone else's records is never mixed with the viewer's.
 */
export function enrolmentsOf(db: Db, reader: RecordsReader): Promise<EnrolmentRow[]> {
  const load = () => listEnrolments(db, reader.userId);
  return reader.session ? sessionRead(reader.session, `enrolments:${reader.userId}`, load) : load();
}

export function historyOf(db: Db, reader: RecordsReader): Promise<HistoryRow[]> {
  const load = () => listHistory(db, reader.userId);
  return reader.session ? sessionRead(reader.session, `history:${reader.userId}`, load) : load();
}
