import { z } from "zod";

// ------------------------------------------------------------------ responses (the `data` of each reply)

/** The User training of spec section 3, plus the summary fields the pages show. */
export const UserTrainingSchema = z.strictObject({
  enrolmentId: z.number(),
  status: z.string(),
  progressPercent: z.number(),
  startedAt: z.string().nullable(),
  course: z.strictObject({ id: z.number(), type: z.string(), points: z.number().nullable(), name: z.string(), slug: z.string() }),
  sessions: z.array(z.strictObject({ startDate: z.string() })),
  mfo_tracking: z.strictObject({ dossierId: z.string().nullable() }),
  dossier_resource: z.strictObject({ id: z.number(), type: z.enum(["dpcProgramme", "training"]) }),
});
export type UserTraining = z.infer<typeof UserTrainingSchema>;

/** GET /user/trainings. */
export const TrainingsSchema = z.strictObject({ upcoming: z.array(UserTrainingSchema), current: z.array(UserTrainingSchema) });
export type TrainingsPayload = z.infer<typeof TrainingsSchema>;

/** GET /user/currentFormations. */
export const CurrentFormationsSchema = TrainingsSchema.extend({ currentTraining: UserTrainingSchema.nullable() });
export type CurrentFormations = z.infer<typeof CurrentFormationsSchema>;

export const HistoryEntrySchema = z.strictObject({
  id: z.number(),
  startDate: z.string(),
  endDate: z.string().nullable(),
  courseId: z.number(),
  course: z.strictObject({ name: z.string(), slug: z.string(), type: z.string() }),
  formations: z.array(z.strictObject({ initialScore: z.number().nullable(), finalScore: z.number().nullable() })),
  /** Points rule of spec section 3 (none for a failed training); null without points access. */
  points: z.number().nullable(),
  /**
   * How the training ended (ADR 0107): achieved, participated, or failed (no attestation, the history says why);
   * null while under way or for an entry older than the pass rules. `attempts` at the final assessment and its
   * `passScore` then.
   */
  outcome: z.enum(["achieved", "participated", "failed"]).nullable(),
  attempts: z.number().nullable(),
  passScore: z.number().nullable(),
});
export type HistoryEntry = z.infer<typeof HistoryEntrySchema>;

/** GET /user/history. */
export const HistorySchema = z.strictObject({
  entries: z.array(HistoryEntrySchema),
  totals: z.strictObject({ entries: z.number(), finished: z.number(), points: z.number().nullable() }),
  pointsAccess: z.boolean(),
});
export type HistoryPayload = z.infer<typeof HistorySchema>;

/** GET /user/history/light. */
export const HistoryLightSchema = z.array(
  z.strictObject({ id: z.number(), courseId: z.number(), startDate: z.string(), endDate: z.string().nullable(), points: z.number().nullable() }),
);

/** GET /user/getCurrentAverages: percents, one decimal, null without scores. */
export const AveragesSchema = z.strictObject({
  initialScore: z.number().nullable(),
  finalScore: z.number().nullable(),
  progress: z.number().nullable(),
  counts: z.strictObject({ initialScore: z.number(), finalScore: z.number(), progress: z.number() }),
});
export type Averages = z.infer<typeof AveragesSchema>;

/** GET /user/getQuestionsAnswers. */
export const QuestionsAnswersSchema = z.array(
  z.strictObject({
    id: z.number(),
    date: z.string().nullable(),
    quizId: z.number(),
    quiz: z.strictObject({ kind: z.string(), title: z.string() }),
    training: z.strictObject({ id: z.number(), name: z.string(), slug: z.string(), type: z.string() }).nullable(),
    score: z.number().nullable(),
    questions: z.array(
      z.strictObject({
        id: z.number(),
        text: z.string(),
        choices: z.array(z.strictObject({ id: z.number(), text: z.string(), correct: z.boolean(), chosen: z.boolean() })),
        answeredChoiceIds: z.array(z.number()),
        correctChoiceIds: z.array(z.number()),
        /** Null for an opinion question: never right or wrong (ADR 0107). */
        isCorrect: z.boolean().nullable(),
      }),
    ),
  }),
);

const TrainingStateSchema = z.strictObject({
  trainingId: z.number(),
  enrolled: z.boolean(),
  status: z.string().nullable(),
  finished: z.boolean(),
  finishedAt: z.string().nullable(),
});

/** GET /user/checkFormation/:a/:b. */
export const CheckFormationSchema = z.strictObject({ a: TrainingStateSchema, b: TrainingStateSchema, prerequisiteMet: z.boolean(), inOrder: z.boolean() });

/** GET /user/tracking. */
export const TrackingSchema = z.array(
  z.strictObject({
    enrolmentId: z.number(),
    trainingId: z.number(),
    name: z.string(),
    slug: z.string(),
    type: z.string(),
    status: z.string(),
    progressPercent: z.number(),
    modules: z.strictObject({ completed: z.number(), total: z.number() }),
    quizzes: z.array(z.strictObject({ quizId: z.number(), kind: z.string(), title: z.string(), score: z.number().nullable(), date: z.string().nullable() })),
  }),
);

/** GET /user/trainingsList. */
export const TrainingsListSchema = z.array(
  z.strictObject({ id: z.number(), enrolmentId: z.number().nullable(), name: z.string(), slug: z.string(), type: z.string(), status: z.string() }),
);

export const BadgeSchema = z.strictObject({
  code: z.string(),
  label: z.string(),
  description: z.string(),
  earned: z.boolean(),
  awardedAt: z.string().nullable(),
});
export type Badge = z.infer<typeof BadgeSchema>;
/** GET /user/getBadges. */
export const BadgesSchema = z.array(BadgeSchema);

export const SuggestionSchema = z.strictObject({
  id: z.number(),
  name: z.string(),
  slug: z.string(),
  type: z.string(),
  illustration: z.string().nullable(),
  durationMinutes: z.number(),
  isNew: z.boolean(),
  tags: z.array(z.string()),
  sharedTags: z.array(z.string()),
});
export type Suggestion = z.infer<typeof SuggestionSchema>;
/** GET /user/getPersonalizedSuggestions. */
export const SuggestionsSchema = z.array(SuggestionSchema);

export const PlanActivitySchema = z.strictObject({
  id: z.number(),
  trainingId: z.number(),
  name: z.string(),
  slug: z.string(),
  type: z.string(),
  status: z.string(),
  startDate: z.string(),
  finishDate: z.string().nullable(),
  fromDate: z.string(),
  toDate: z.string(),
});
export type PlanActivityPayload = z.infer<typeof PlanActivitySchema>;

/** GET /user/trainingPlan: the learner's personal plan (ADR 0013). */
export const TrainingPlanSchema = z.strictObject({
  Id: z.null(),
  startDate: z.string(),
  endDate: z.string(),
  monthCount: z.number(),
  activities: z.array(PlanActivitySchema.extend({ row: z.number() })),
  users: z.strictObject({}),
  historyPlans: z.array(z.never()),
});
export type TrainingPlan = z.infer<typeof TrainingPlanSchema>;
