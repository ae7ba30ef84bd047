import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, numeric, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { accounts, users } from "./accounts.ts";
import { faceToFaceSessions, trainings } from "./catalogue.ts";

export const DECLARED_ACTION_STATES = ["declared", "confirmed", "rejected"] as const;

/**
 * An action a professional followed elsewhere and declares for the compliance tracker (issue 33), with its proof in
 * the file store (a private file). It counts only once a referent of one of the professional's pharmacies has
 * confirmed it.
 */
export const declaredActions = pgTable(
  "declared_actions",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    organisation: text("organisation").notNull(),
    startDate: date("start_date").notNull(),
    endDate: date("end_date").notNull(),
    hours: numeric("hours", { precision: 6, scale: 2, mode: "number" }).notNull(),
    elearning: boolean("elearning").notNull().default(false),
    dpcActionTypes: text("dpc_action_types")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    priorityOrientation: boolean("priority_orientation").notNull().default(false),
    certificationAxes: integer("certification_axes")
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    belgianCategory: text("belgian_category"),
    rcfCredits: numeric("rcf_credits", { precision: 5, scale: 2, mode: "number" }),
    /** The proof's path in the file store (area "private"). */
    proofPath: text("proof_path").notNull(),
    proofName: text("proof_name").notNull(),
    state: text("state").notNull().default("declared"),
    /** The referent who confirmed or rejected it (null once that user is deleted), when, and why for a rejection. */
    reviewedBy: integer("reviewed_by").references(() => users.id, { onDelete: "set null" }),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
    reviewNote: text("review_note"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("declared_actions_user_idx").on(t.userId, t.endDate.desc()),
    check("declared_actions_state_check", sql`${t.state} in ('declared','confirmed','rejected')`),
    check("declared_actions_dates_check", sql`${t.endDate} >= ${t.startDate}`),
    check("declared_actions_hours_check", sql`${t.hours} > 0 and ${t.hours} <= 1000`),
    check("declared_actions_dpc_action_types_check", sql`${t.dpcActionTypes} <@ array['training','practice_analysis','risk_management']::text[]`),
    check("declared_actions_certification_axes_check", sql`${t.certificationAxes} <@ array[1,2,3,4]::integer[]`),
    check(
      "declared_actions_belgian_category_check",
      sql`${t.belgianCategory} is null or ${t.belgianCategory} in ('pharmaceutical_sciences','pharmaceutical_care','health_society')`,
    ),
    check("declared_actions_rcf_credits_check", sql`${t.rcfCredits} is null or ${t.rcfCredits} >= 0`),
  ],
);

/**
 * A deadline reminder sent (issue 33): the key is the professional, the obligation, its deadline and the notice (90
 * or 30 days), so inserting it is what claims the right to send it: once, whichever instance's job gets there first.
 */
export const complianceReminders = pgTable(
  "compliance_reminders",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    obligation: text("obligation").notNull(),
    deadline: date("deadline").notNull(),
    daysBefore: integer("days_before").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.obligation, t.deadline, t.daysBefore] }), check("compliance_reminders_days_check", sql`${t.daysBefore} > 0`)],
);

export const EVIDENCE_PACK_STATES = ["running", "done", "failed"] as const;

/**
 * An audit evidence pack (issue 33): the ZIP of one face-to-face or virtual session (`session_id`), or of an e-learning
 * training over a period (`period_start`..`period_end`), built in the background (done of total steps) and kept in
 * the file store (area "private") with the day it was built. `account_id` set: a referent's pack, limited to that
 * pharmacy's learners; null: an administrator's, every learner. One pack of a given scope runs at a time.
 */
export const evidencePacks = pgTable(
  "evidence_packs",
  {
    id: serial("id").primaryKey(),
    trainingId: integer("training_id")
      .notNull()
      .references(() => trainings.id, { onDelete: "cascade" }),
    sessionId: integer("session_id").references(() => faceToFaceSessions.id, { onDelete: "cascade" }),
    periodStart: date("period_start"),
    periodEnd: date("period_end"),
    accountId: integer("account_id").references(() => accounts.id, { onDelete: "cascade" }),
    requestedBy: integer("requested_by").references(() => users.id, { onDelete: "set null" }),
    state: text("state").notNull().default("running"),
    done: integer("done").notNull().default(0),
    total: integer("total").notNull().default(0),
    filename: text("filename").notNull(),
    /** The ZIP's path in the file store once done, its size and SHA-256. */
    filePath: text("file_path"),
    size: integer("size"),
    sha256: text("sha256"),
    error: text("error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    index("evidence_packs_training_idx").on(t.trainingId, t.createdAt.desc()),
    index("evidence_packs_account_idx").on(t.accountId, t.createdAt.desc()),
    uniqueIndex("evidence_packs_one_running")
      .on(
        t.trainingId,
        sql`coalesce(${t.sessionId}, 0)`,
        sql`coalesce(${t.periodStart}, '0001-01-01'::date)`,
        sql`coalesce(${t.periodEnd}, '0001-01-01'::date)`,
        sql`coalesce(${t.accountId}, 0)`,
      )
      .where(sql`${t.state} = 'running'`),
    check("evidence_packs_state_check", sql`${t.state} in ('running','done','failed')`),
    check("evidence_packs_progress_check", sql`${t.done} >= 0 and ${t.total} >= 0 and ${t.done} <= ${t.total}`),
    check(
      "evidence_packs_scope_check",
      sql`(${t.sessionId} is not null and ${t.periodStart} is null and ${t.periodEnd} is null) or (${t.sessionId} is null and ${t.periodStart} is not null and ${t.periodEnd} is not null and ${t.periodEnd} >= ${t.periodStart})`,
    ),
  ],
);
