import { HISTORY_EXPORT_KEEP_MS } from "../back/modules/referent/history-export.service.ts";
import { deleteAllJobsBefore } from "../back/modules/referent/history-export.repository.ts";
import { BRANDS } from "#core/branding/brands.ts";
import type { BackDeps } from "../back/context.ts";
import { publicOrigin } from "../back/http/request-host.ts";
import { remindProfessionals } from "../back/modules/compliance/reminders.service.ts";
import { serviceContext } from "../back/service-context.ts";
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

export type JobDeps = Pick<BackDeps, "db" | "env" | "now" | "broadcaster" | "mailer" | "logger" | "files" | "brandHosts" | "publicPort">;

/** The day's compliance reminders, professionals taken `batchSize` at a time; how many this run sent. */
export function sendComplianceReminders(deps: JobDeps, batchSize?: number): Promise<number> {
  // Each professional's notice is written with their own brand and language (remindProfessionals); this context only
  // carries the database, the clock and the outlets.
  const ctx = serviceContext(deps, { brand: BRANDS.fr, locale: "fr-FR" });
  return remindProfessionals(ctx, (brand) => publicOrigin(deps, brand) ?? "", batchSize);
}

/** Compliance deadline reminders (ADR 0126): once a day; each reminder is sent once whatever runs it. */
export function complianceRemindersJob(deps: JobDeps): ScheduledJob {
  return {
    name: "compliance-reminders",
    everyMs: 24 * HOUR,
    run: async () => {
      await sendComplianceReminders(deps);
    },
  };
}

/** The work the platform does on its own, each job once per period across all instances (ADR 0122). */
export function platformJobs(deps: JobDeps): ScheduledJob[] {
  return [historyExportCleanupJob(deps.db), complianceRemindersJob(deps)];
}
