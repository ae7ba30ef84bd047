import { HISTORY_EXPORT_KEEP_MS } from "../back/modules/referent/history-export.service.ts";
import { deleteAllJobsBefore } from "../back/modules/referent/history-export.repository.ts";
import { sendComplianceReminders, type ReminderDeps } from "../back/modules/compliance/reminders.service.ts";
import type { Db } from "../db/client.ts";
import type { ScheduledJob } from "./scheduler.ts";

const HOUR = 3_600_000;

/** Team history exports nobody asked for again: their files are not kept past a day. */
export function historyExportCleanupJob(db: Db): ScheduledJob {
  return {
    name: "history-export-cleanup",
    everyMs: HOUR,
    run: async (now) => {
      await deleteAllJobsBefore(db, new Date(now.getTime() - HISTORY_EXPORT_KEEP_MS));
    },
  };
}

/** Compliance deadline reminders (ADR 0126): once a day; each reminder is sent once whatever runs it. */
export function complianceRemindersJob(deps: ReminderDeps): ScheduledJob {
  return {
    name: "compliance-reminders",
    everyMs: 24 * HOUR,
    run: async () => {
      await sendComplianceReminders(deps);
    },
  };
}

/** The work the platform does on its own, each job once per period across all instances (ADR 0122). */
export function platformJobs(deps: ReminderDeps): ScheduledJob[] {
  return [historyExportCleanupJob(deps.db), complianceRemindersJob(deps)];
}
