import { sql } from "drizzle-orm";
import { check, date, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { accounts, users } from "./accounts.ts";
import { agreements, faceToFaceSessions, trainings } from "./catalogue.ts";

/**
 * Pharmacy management, part B (issue 15): funding requests ("prises en charge", dpec) with their history and one
 * invoice per payer, and collective training plans with their activities. ADRs 0055-0059.
 */

const brandCheck = (column: unknown) => sql`${column} in ('fr','be','es','es-campus')`;

/** A funding request of a pharmacy for one learner, one agreement (funder) and one session (ADR 0055/0056). */
export const fundingRequests = pgTable(
  "funding_requests",
  {
    id: serial("id").primaryKey(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    brand: text("brand").notNull(),
    learnerId: integer("learner_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    agreementId: integer("agreement_id")
      .notNull()
      .references(() => agreements.id, { onDelete: "restrict" }),
    trainingId: integer("training_id")
      .notNull()
      .references(() => trainings.id, { onDelete: "restrict" }),
    sessionId: integer("session_id")
      .notNull()
      .references(() => faceToFaceSessions.id, { onDelete: "restrict" }),
    /** dpc (ANDPC), opco, fifpl, fundae or sector (Belgium): from the agreement's organisation, kept as it was at creation. */
    scheme: text("scheme").notNull(),
    state: text("state").notNull().default("creation"),
    /** Training hours of the session, in minutes (FUNDAE: hours x módulo). */
    minutes: integer("minutes").notNull(),
    /** Price HT of the training for this learner, and the funder's share (the pharmacy pays the rest). */
    totalCents: integer("total_cents").notNull(),
    fundedCents: integer("funded_cents").notNull(),
    currency: text("currency").notNull().default("EUR"),
    createdBy: integer("created_by")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("funding_requests_account_state_idx").on(t.accountId, t.state),
    uniqueIndex("funding_requests_learner_session_unique").on(t.accountId, t.learnerId, t.sessionId),
    check("funding_requests_brand_check", brandCheck(t.brand)),
    check("funding_requests_state_check", sql`${t.state} in ('creation','in_progress','financing','report','reimbursement')`),
    check("funding_requests_scheme_check", sql`${t.scheme} in ('dpc','opco','fifpl','fundae','sector')`),
    check("funding_requests_amounts_check", sql`${t.totalCents} >= 0 and ${t.fundedCents} >= 0 and ${t.fundedCents} <= ${t.totalCents} and ${t.minutes} >= 0`),
  ],
);

/** Every transition of a request (and its creation and session changes): who, when, from, to. */
export const fundingRequestEvents = pgTable(
  "funding_request_events",
  {
    id: serial("id").primaryKey(),
    requestId: integer("request_id")
      .notNull()
      .references(() => fundingRequests.id, { onDelete: "cascade" }),
    /** create, submit, reopen, fund, report, reimburse, session */
    action: text("action").notNull(),
    fromState: text("from_state"),
    toState: text("to_state").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    detail: jsonb("detail"),
    at: timestamp("at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("funding_request_events_request_idx").on(t.requestId, t.at),
    check("funding_request_events_action_check", sql`${t.action} in ('create','submit','reopen','fund','report','reimburse','session')`),
  ],
);

/** A collective training plan of a pharmacy (ADR 0057); dates are Europe/Paris calendar days. */
export const trainingPlans = pgTable(
  "training_plans",
  {
    id: serial("id").primaryKey(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    startDate: date("start_date").notNull(),
    endDate: date("end_date").notNull(),
    createdBy: integer("created_by")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("training_plans_account_idx").on(t.accountId), check("training_plans_dates_check", sql`${t.endDate} >= ${t.startDate}`)],
);

/** A training planned in a collective plan for some of the pharmacy's members. */
export const trainingPlanActivities = pgTable(
  "training_plan_activities",
  {
    id: serial("id").primaryKey(),
    planId: integer("plan_id")
      .notNull()
      .references(() => trainingPlans.id, { onDelete: "cascade" }),
    trainingId: integer("training_id")
      .notNull()
      .references(() => trainings.id, { onDelete: "restrict" }),
    startDate: date("start_date").notNull(),
    finishDate: date("finish_date"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("training_plan_activities_plan_idx").on(t.planId),
    check("training_plan_activities_dates_check", sql`${t.finishDate} is null or ${t.finishDate} >= ${t.startDate}`),
  ],
);

export const trainingPlanParticipants = pgTable(
  "training_plan_participants",
  {
    activityId: integer("activity_id")
      .notNull()
      .references(() => trainingPlanActivities.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.activityId, t.userId] }), index("training_plan_participants_user_idx").on(t.userId)],
);
