import { relations, sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, numeric, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { accounts, users } from "./accounts.ts";
import {
  associatedTrainings,
  courses,
  dpcProgrammes,
  faceToFaceSessions,
  faceToFaces,
  fundings,
  modules,
  objectives,
  reviews,
  trainingFundings,
  trainingPeople,
  trainingTags,
  trainings,
} from "./catalogue.ts";

export const ENROLMENT_STATUSES = ["pending", "waiting_list", "in_progress", "finished", "cancelled"] as const;
export const QUIZ_KINDS = ["pre_test", "post_test", "evaluation", "standalone"] as const;
export const QUESTION_KINDS = ["single", "multiple"] as const;

/** A user's registration to a training (and, for face-to-face ones, to a session). */
export const enrolments = pgTable(
  "enrolments",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    trainingId: integer("training_id")
      .notNull()
      .references(() => trainings.id, { onDelete: "cascade" }),
    /** The pharmacy the enrolment is made for (null for personal/shop enrolments). */
    accountId: integer("account_id").references(() => accounts.id, { onDelete: "set null" }),
    status: text("status").notNull().default("pending"),
    sessionId: integer("session_id").references(() => faceToFaceSessions.id, { onDelete: "set null" }),
    dpcProgrammeId: integer("dpc_programme_id").references(() => dpcProgrammes.id, { onDelete: "set null" }),
    fundingId: integer("funding_id").references(() => fundings.id, { onDelete: "set null" }),
    /** 1-based rank on the session's waiting list; null when not waiting. */
    waitingListPosition: integer("waiting_list_position"),
    progressPercent: integer("progress_percent").notNull().default(0),
    /** Follow-up file number (mfo_tracking.dossierId), created by formation/createSuivi. */
    dossierId: text("dossier_id"),
    /** Whether the learner's access on the e-learning player is active (setActiveOnLmsAndGetPassword). */
    lmsActive: boolean("lms_active").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp("started_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    index("enrolments_user_status_idx").on(t.userId, t.status),
    index("enrolments_training_idx").on(t.trainingId),
    index("enrolments_session_idx").on(t.sessionId),
    index("enrolments_account_idx").on(t.accountId),
    uniqueIndex("enrolments_user_training_active_unique")
      .on(t.userId, t.trainingId)
      .where(sql`status <> 'cancelled'`),
    check("enrolments_status_check", sql`${t.status} in ('pending','waiting_list','in_progress','finished','cancelled')`),
    check("enrolments_waiting_list_check", sql`(${t.status} = 'waiting_list') = (${t.waitingListPosition} is not null)`),
    check("enrolments_waiting_position_check", sql`${t.waitingListPosition} is null or ${t.waitingListPosition} >= 1`),
    check("enrolments_progress_check", sql`${t.progressPercent} between 0 and 100`),
  ],
);

export const quizzes = pgTable(
  "quizzes",
  {
    id: serial("id").primaryKey(),
    trainingId: integer("training_id").references(() => trainings.id, { onDelete: "cascade" }),
    moduleId: integer("module_id").references(() => modules.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    title: text("title").notNull(),
    /** Score (percent) needed to pass; null when the quiz is not graded. */
    passScore: integer("pass_score"),
    position: integer("position").notNull().default(0),
  },
  (t) => [
    index("quizzes_training_idx").on(t.trainingId),
    index("quizzes_module_idx").on(t.moduleId),
    check("quizzes_kind_check", sql`${t.kind} in ('pre_test','post_test','evaluation','standalone')`),
    check("quizzes_pass_score_check", sql`${t.passScore} is null or ${t.passScore} between 0 and 100`),
    // ADR 0107: only a post-test or a stand-alone quiz is graded; a pre-test measures, an evaluation asks opinions.
    check("quizzes_pass_score_kind_check", sql`${t.passScore} is null or ${t.kind} in ('post_test','standalone')`),
  ],
);

/**
 * A training's pass rules, set by the administrator (ADR 0107; core/domain/pass-rules.ts). A training without a row
 * follows the default rules of its type (defaultPassRules).
 */
export const passRules = pgTable(
  "pass_rules",
  {
    trainingId: integer("training_id")
      .primaryKey()
      .references(() => trainings.id, { onDelete: "cascade" }),
    /** What the attestation attests: 'achievement' (a pass of the graded quizzes) or 'participation'. */
    attests: text("attests").notNull(),
    /** Attempts allowed at a graded quiz: 1 = no retry, null = no limit. */
    maxAttempts: integer("max_attempts"),
    retryWaitMinutes: integer("retry_wait_minutes").notNull().default(0),
    /** 'best' or 'last': the attempt that gives the quiz's score. */
    countedAttempt: text("counted_attempt").notNull().default("best"),
    /** Whether a failed learner sees the right answers (otherwise only which questions were wrong). */
    revealAnswers: boolean("reveal_answers").notNull().default(false),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("pass_rules_attests_check", sql`${t.attests} in ('achievement','participation')`),
    check("pass_rules_max_attempts_check", sql`${t.maxAttempts} is null or ${t.maxAttempts} between 1 and 20`),
    check("pass_rules_wait_check", sql`${t.retryWaitMinutes} between 0 and 43200`),
    check("pass_rules_counted_check", sql`${t.countedAttempt} in ('best','last')`),
  ],
);

export const quizQuestions = pgTable(
  "quiz_questions",
  {
    id: serial("id").primaryKey(),
    quizId: integer("quiz_id")
      .notNull()
      .references(() => quizzes.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    kind: text("kind").notNull().default("single"),
    text: text("text").notNull(),
    explanation: text("explanation"),
  },
  (t) => [
    uniqueIndex("quiz_questions_quiz_position_unique").on(t.quizId, t.position),
    check("quiz_questions_kind_check", sql`${t.kind} in ('single','multiple')`),
  ],
);

export const quizChoices = pgTable(
  "quiz_choices",
  {
    id: serial("id").primaryKey(),
    questionId: integer("question_id")
      .notNull()
      .references(() => quizQuestions.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    text: text("text").notNull(),
    correct: boolean("correct").notNull().default(false),
  },
  (t) => [uniqueIndex("quiz_choices_question_position_unique").on(t.questionId, t.position)],
);

/** One attempt of a user at a quiz. answers: { [questionId]: choiceId[] }. */
export const quizTrackings = pgTable(
  "quiz_trackings",
  {
    id: serial("id").primaryKey(),
    quizId: integer("quiz_id")
      .notNull()
      .references(() => quizzes.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    enrolmentId: integer("enrolment_id").references(() => enrolments.id, { onDelete: "set null" }),
    answers: jsonb("answers").$type<Record<string, number[]>>().notNull().default({}),
    startDate: timestamp("start_date", { withTimezone: true }),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
    /** Percent 0..100; null until answered. */
    score: integer("score"),
    notAnswered: boolean("not_answered").notNull().default(false),
  },
  (t) => [
    index("quiz_trackings_user_quiz_idx").on(t.userId, t.quizId),
    check("quiz_trackings_score_check", sql`${t.score} is null or ${t.score} between 0 and 100`),
  ],
);

export const notifications = pgTable(
  "notifications",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    body: text("body").notNull().default(""),
    link: text("link"),
    /** Null means unread. */
    readedDate: timestamp("readed_date", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("notifications_user_created_idx").on(t.userId, t.createdAt.desc())],
);

export const bookmarks = pgTable(
  "bookmarks",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    trainingId: integer("training_id")
      .notNull()
      .references(() => trainings.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.trainingId] }), index("bookmarks_training_idx").on(t.trainingId)],
);

/**
 * A completed (or ongoing) training in the user's history. Scores are percents, possibly fractional;
 * points shown = round(initialScore) + round(finalScore) + (points ?? training points).
 */
export const historyEntries = pgTable(
  "history_entries",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    trainingId: integer("training_id")
      .notNull()
      .references(() => trainings.id, { onDelete: "cascade" }),
    startDate: timestamp("start_date", { withTimezone: true }).notNull(),
    endDate: timestamp("end_date", { withTimezone: true }),
    initialScore: numeric("initial_score", { precision: 5, scale: 2, mode: "number" }),
    finalScore: numeric("final_score", { precision: 5, scale: 2, mode: "number" }),
    points: integer("points"),
    /**
     * How the training ended (ADR 0107): 'achieved', 'participated' or 'failed' (a graded quiz failed with no attempt
     * left: no attestation, no points); null while under way, and for entries older than the pass rules.
     */
    outcome: text("outcome"),
    /** Attempts at the final assessment (post-test or stand-alone quiz), and its passing score then. */
    attempts: integer("attempts"),
    passScore: integer("pass_score"),
  },
  (t) => [
    index("history_entries_user_start_idx").on(t.userId, t.startDate.desc()),
    check("history_entries_dates_check", sql`${t.endDate} is null or ${t.endDate} >= ${t.startDate}`),
    check("history_entries_initial_check", sql`${t.initialScore} is null or ${t.initialScore} between 0 and 100`),
    check("history_entries_final_check", sql`${t.finalScore} is null or ${t.finalScore} between 0 and 100`),
    check("history_entries_outcome_check", sql`${t.outcome} is null or ${t.outcome} in ('achieved','participated','failed')`),
    check("history_entries_attempts_check", sql`${t.attempts} is null or ${t.attempts} >= 0`),
    check("history_entries_pass_score_check", sql`${t.passScore} is null or ${t.passScore} between 0 and 100`),
  ],
);

// Relations (for db.query.*). trainings and modules are declared here (not in catalogue.ts) so that each
// table has a single relations() covering both its catalogue and learning sides.
export const trainingsRelations = relations(trainings, ({ many }) => ({
  tags: many(trainingTags),
  courses: many(courses),
  objectivesList: many(objectives),
  faceToFaces: many(faceToFaces),
  dpcProgrammes: many(dpcProgrammes),
  fundings: many(trainingFundings),
  people: many(trainingPeople),
  reviews: many(reviews),
  associations: many(associatedTrainings, { relationName: "training" }),
  enrolments: many(enrolments),
  quizzes: many(quizzes),
}));
export const modulesRelations = relations(modules, ({ one, many }) => ({
  course: one(courses, { fields: [modules.courseId], references: [courses.id] }),
  quizzes: many(quizzes),
}));
export const enrolmentsRelations = relations(enrolments, ({ one, many }) => ({
  user: one(users, { fields: [enrolments.userId], references: [users.id] }),
  training: one(trainings, { fields: [enrolments.trainingId], references: [trainings.id] }),
  account: one(accounts, { fields: [enrolments.accountId], references: [accounts.id] }),
  session: one(faceToFaceSessions, { fields: [enrolments.sessionId], references: [faceToFaceSessions.id] }),
  dpcProgramme: one(dpcProgrammes, { fields: [enrolments.dpcProgrammeId], references: [dpcProgrammes.id] }),
  funding: one(fundings, { fields: [enrolments.fundingId], references: [fundings.id] }),
  quizTrackings: many(quizTrackings),
}));
export const passRulesRelations = relations(passRules, ({ one }) => ({
  training: one(trainings, { fields: [passRules.trainingId], references: [trainings.id] }),
}));
export const quizzesRelations = relations(quizzes, ({ one, many }) => ({
  training: one(trainings, { fields: [quizzes.trainingId], references: [trainings.id] }),
  module: one(modules, { fields: [quizzes.moduleId], references: [modules.id] }),
  questions: many(quizQuestions),
  trackings: many(quizTrackings),
}));
export const quizQuestionsRelations = relations(quizQuestions, ({ one, many }) => ({
  quiz: one(quizzes, { fields: [quizQuestions.quizId], references: [quizzes.id] }),
  choices: many(quizChoices),
}));
export const quizChoicesRelations = relations(quizChoices, ({ one }) => ({
  question: one(quizQuestions, { fields: [quizChoices.questionId], references: [quizQuestions.id] }),
}));
export const quizTrackingsRelations = relations(quizTrackings, ({ one }) => ({
  quiz: one(quizzes, { fields: [quizTrackings.quizId], references: [quizzes.id] }),
  user: one(users, { fields: [quizTrackings.userId], references: [users.id] }),
  enrolment: one(enrolments, { fields: [quizTrackings.enrolmentId], references: [enrolments.id] }),
}));
export const notificationsRelations = relations(notifications, ({ one }) => ({
  user: one(users, { fields: [notifications.userId], references: [users.id] }),
}));
export const bookmarksRelations = relations(bookmarks, ({ one }) => ({
  user: one(users, { fields: [bookmarks.userId], references: [users.id] }),
  training: one(trainings, { fields: [bookmarks.trainingId], references: [trainings.id] }),
}));
export const historyEntriesRelations = relations(historyEntries, ({ one }) => ({
  user: one(users, { fields: [historyEntries.userId], references: [users.id] }),
  training: one(trainings, { fields: [historyEntries.trainingId], references: [trainings.id] }),
}));
