import { relations, sql } from "drizzle-orm";
import { boolean, check, date, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./accounts.ts";
import { faceToFaceSessions, modules, people, reviews, sessionDates, trainings } from "./catalogue.ts";
import { enrolments } from "./learning.ts";

export const MODULE_PROGRESS_STATUSES = ["started", "completed"] as const;
export const ATTESTATION_KINDS = ["training", "dpc"] as const;

/** Where a learner is in one module of an enrolment (the flow engine reads and advances these rows). */
export const moduleProgress = pgTable(
  "module_progress",
  {
    enrolmentId: integer("enrolment_id")
      .notNull()
      .references(() => enrolments.id, { onDelete: "cascade" }),
    moduleId: integer("module_id")
      .notNull()
      .references(() => modules.id, { onDelete: "cascade" }),
    status: text("status").notNull().default("started"),
    /** Playback position for video and podcast modules. */
    positionSeconds: integer("position_seconds").notNull().default(0),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.enrolmentId, t.moduleId] }),
    check("module_progress_status_check", sql`${t.status} in ('started','completed')`),
    check("module_progress_completed_check", sql`(${t.status} = 'completed') = (${t.completedAt} is not null)`),
    check("module_progress_position_check", sql`${t.positionSeconds} >= 0`),
  ],
);

/**
 * An attestation issued for a finished enrolment. `code` is the public verification code printed on the PDF
 * and in its QR code; `signature` is an HMAC of the code and the printed facts, so an altered row or a forged
 * code does not verify. `facts` is the snapshot printed on the PDF (names, dates, duration, DPC numbers...).
 */
export const attestations = pgTable(
  "attestations",
  {
    id: serial("id").primaryKey(),
    code: text("code").notNull(),
    kind: text("kind").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    trainingId: integer("training_id")
      .notNull()
      .references(() => trainings.id, { onDelete: "cascade" }),
    enrolmentId: integer("enrolment_id").references(() => enrolments.id, { onDelete: "set null" }),
    facts: jsonb("facts").$type<Record<string, string | number | null>>().notNull(),
    signature: text("signature").notNull(),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("attestations_code_unique").on(t.code),
    uniqueIndex("attestations_enrolment_kind_unique").on(t.enrolmentId, t.kind),
    index("attestations_user_idx").on(t.userId, t.issuedAt.desc()),
    check("attestations_kind_check", sql`${t.kind} in ('training','dpc')`),
  ],
);

/** The practice certificate a DPC learner uploads (shown as dd/MM/yyyy). */
export const practiceCertificates = pgTable(
  "practice_certificates",
  {
    id: serial("id").primaryKey(),
    enrolmentId: integer("enrolment_id")
      .notNull()
      .references(() => enrolments.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** "/private/practice-certificates/<name>" under DATA_DIR, never served as a static file. */
    filePath: text("file_path").notNull(),
    originalName: text("original_name").notNull(),
    contentType: text("content_type").notNull(),
    uploadedAt: timestamp("uploaded_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("practice_certificates_enrolment_unique").on(t.enrolmentId)],
);

/** A single-use link asking a learner for a rating and comment on a training (`/feedback/{token}`). */
export const feedbackRequests = pgTable(
  "feedback_requests",
  {
    id: serial("id").primaryKey(),
    /** sha256 of the token; the token itself is only in the mail. */
    tokenHash: text("token_hash").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    trainingId: integer("training_id")
      .notNull()
      .references(() => trainings.id, { onDelete: "cascade" }),
    enrolmentId: integer("enrolment_id").references(() => enrolments.id, { onDelete: "set null" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    reviewId: integer("review_id").references(() => reviews.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("feedback_requests_token_unique").on(t.tokenHash), index("feedback_requests_user_idx").on(t.userId)],
);

/** A trainer's access link to a virtual-class session (`/trainer/virtualClass/{token}`). */
export const trainerAccessTokens = pgTable(
  "trainer_access_tokens",
  {
    id: serial("id").primaryKey(),
    tokenHash: text("token_hash").notNull(),
    sessionId: integer("session_id")
      .notNull()
      .references(() => faceToFaceSessions.id, { onDelete: "cascade" }),
    personId: integer("person_id").references(() => people.id, { onDelete: "set null" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("trainer_access_tokens_token_unique").on(t.tokenHash), index("trainer_access_tokens_session_idx").on(t.sessionId)],
);

/**
 * Attendance of a learner at one day of a session: `joinedAt` is recorded when the learner joins a virtual
 * class; `attended` is set by the trainer (null until marked).
 */
export const sessionAttendances = pgTable(
  "session_attendances",
  {
    id: serial("id").primaryKey(),
    sessionId: integer("session_id")
      .notNull()
      .references(() => faceToFaceSessions.id, { onDelete: "cascade" }),
    /** The session day for multi-date sessions; null for a single-date session. */
    sessionDateId: integer("session_date_id").references(() => sessionDates.id, { onDelete: "cascade" }),
    /** The day attended (the session's start date or the session date's date). */
    day: date("day").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    enrolmentId: integer("enrolment_id").references(() => enrolments.id, { onDelete: "set null" }),
    joinedAt: timestamp("joined_at", { withTimezone: true }),
    attended: boolean("attended"),
    markedAt: timestamp("marked_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("session_attendances_session_day_user_unique").on(t.sessionId, t.day, t.userId), index("session_attendances_user_idx").on(t.userId)],
);

/** Badges awarded to a user (codes and award rules: docs/decisions and server/back/modules/records). */
export const userBadges = pgTable(
  "user_badges",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
    awardedAt: timestamp("awarded_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.code] })],
);

export const moduleProgressRelations = relations(moduleProgress, ({ one }) => ({
  enrolment: one(enrolments, { fields: [moduleProgress.enrolmentId], references: [enrolments.id] }),
  module: one(modules, { fields: [moduleProgress.moduleId], references: [modules.id] }),
}));
export const attestationsRelations = relations(attestations, ({ one }) => ({
  user: one(users, { fields: [attestations.userId], references: [users.id] }),
  training: one(trainings, { fields: [attestations.trainingId], references: [trainings.id] }),
  enrolment: one(enrolments, { fields: [attestations.enrolmentId], references: [enrolments.id] }),
}));
export const practiceCertificatesRelations = relations(practiceCertificates, ({ one }) => ({
  enrolment: one(enrolments, { fields: [practiceCertificates.enrolmentId], references: [enrolments.id] }),
}));
export const sessionAttendancesRelations = relations(sessionAttendances, ({ one }) => ({
  session: one(faceToFaceSessions, { fields: [sessionAttendances.sessionId], references: [faceToFaceSessions.id] }),
  user: one(users, { fields: [sessionAttendances.userId], references: [users.id] }),
}));
