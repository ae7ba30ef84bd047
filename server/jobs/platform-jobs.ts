import { HISTORY_EXPORT_KEEP_MS } from "../back/modules/referent/history-export.service.ts";
import { deleteAllJobsBefore } from "../back/modules/referent/history-export.repository.ts";
import type { Db } from "../db/client.ts";
import type { ScheduledJob } from "./scheduler.ts";

const HOUR = 3_600_000;

/** The work the platform does on its own, each job once per period across all instances (ADR 0122). */
export function platformJobs(db: Db): ScheduledJob[] {
  return [
    {
      // Team history exports nobody asked for again: their files are not kept past a day.
      name: "history-export-cleanup",
      everyMs: HOUR,
      run: async (now) => {
        await deleteAllJobsBefore(db, new Date(now.getTime() - HISTORY_EXPORT_KEEP_MS));
      },
    },
  ];
}
