import { pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The last start of each scheduled job (server/jobs/scheduler.ts, ADR 0122): an instance runs a job only after
 * moving its row forward by one atomic statement, so one run per period happens whatever the number of instances.
 */
export const scheduledJobs = pgTable("scheduled_jobs", {
  name: text("name").primaryKey(),
  lastStartedAt: timestamp("last_started_at", { withTimezone: true }).notNull(),
});
