import { z } from "zod";
import { Id, IdParam } from "./ids.ts";
import { FormId } from "./fields.ts";
import { ModuleKindSchema, TrainingTypeSchema } from "./common.ts";

/** {questionId: choiceId[]} — a question may be left out or given [] (skipped: notAnswered). */
export const AnswersSchema = z.record(z.string().regex(/^[1-9][0-9]{0,9}$/), z.array(Id).max(50));

export const StepIdSchema = z.string().regex(/^(m|q)[1-9][0-9]{0,9}$/);

export const AdvanceSchema = z.strictObject({ stepId: StepIdSchema, answers: AnswersSchema.optional() });

/** DPC posts its step in `data` (spec: POST body data). */
export const DpcAdvanceSchema = z.strictObject({ data: AdvanceSchema });

/** Video: the step may come from the `step` query instead of the body. */
export const VideoAdvanceSchema = z.strictObject({ stepId: StepIdSchema.optional(), answers: AnswersSchema.optional() });

export const PositionSchema = z.strictObject({
  position: z
    .int()
    .min(0)
    .max(24 * 3600),
});

export const EvaluationQuerySchema = z.strictObject({ trainingId: IdParam });

/**
 * GET /user/evaluationQuiz's query as the URL gives it: the training in `trainingId` (or, as the spec also allows,
 * `id`), read with EvaluationQuerySchema by the handler.
 */
export const EvaluationLookupQuerySchema = z.object({ trainingId: z.string().optional(), id: z.string().optional() });

/** The GET of a flow: the done step to show (`step`) and `retry=1`, the learner asking to try a graded quiz again. */
export const FlowQuerySchema = z.object({ step: z.string().optional(), retry: z.string().optional() });

/** The video flow's POST may name its step in the query instead of the body. */
export const VideoStepQuerySchema = z.object({ step: z.string().optional() });

/** A module's complete GETs: where the player stopped (`position`, seconds), checked by the handler. */
export const ModuleCompleteQuerySchema = z.object({ position: z.string().optional() });

export const EvaluationAnswerSchema = z.strictObject({
  trainingId: Id,
  answers: AnswersSchema,
});

// ------------------------------------------------------------------ responses (the `data` of each reply)

const QuizIdSchema = z.union([z.number(), z.string()]);
const STEP_KINDS = ["preTest", "module", "quiz", "postTest", "evaluation", "attestation"] as const;
const STEP_STATUSES = ["done", "current", "locked", "failed"] as const;
const GRADED_STATUSES = ["open", "passed", "waiting", "retry", "failed"] as const;
const OUTCOMES = ["achieved", "participated", "failed"] as const;

/** A learner's latest attempt at a quiz (core/domain/quiz.ts QuizTracking, as JSON). */
export const QuizTrackingSchema = z.strictObject({
  id: QuizIdSchema.nullable(),
  quizId: QuizIdSchema.optional(),
  answers: z.array(z.strictObject({ questionId: QuizIdSchema, choiceIds: z.array(QuizIdSchema).readonly() })).readonly(),
  startDate: z.string().nullable(),
  score: z.number().nullable(),
  notAnswered: z.boolean(),
});

/**
 * A graded quiz (ADR 0107): its passing score and where the learner stands. `retryAt` is when the next attempt
 * opens while `waiting`; `attemptsLeft` and `maxAttempts` are null when attempts are not limited.
 */
export const GradingSchema = z.strictObject({
  passScore: z.number(),
  status: z.enum(GRADED_STATUSES),
  attemptsUsed: z.number(),
  attemptsLeft: z.number().nullable(),
  maxAttempts: z.number().nullable(),
  retryAt: z.string().nullable(),
});
export type Grading = z.infer<typeof GradingSchema>;

export const QuizViewSchema = z.strictObject({
  id: z.number(),
  kind: z.string(),
  title: z.string(),
  /** Client-side flag (ADR 0012): an answered quiz is shown collapsed, its questions revealed on demand. */
  hidden: z.boolean(),
  /** The passing score of a graded quiz; null when the quiz is not graded (never a threshold to show then). */
  passScore: z.number().nullable(),
  questions: z.array(
    z.strictObject({
      id: z.number(),
      kind: z.enum(["single", "multiple"]),
      /** An opinion question (satisfaction): no right answer, never scored. */
      opinion: z.boolean(),
      text: z.string(),
      choices: z.array(z.strictObject({ id: z.number(), text: z.string() })),
    }),
  ),
  tracking: QuizTrackingSchema,
  grading: GradingSchema.nullable(),
  /** The learner's attempts at this quiz in this enrolment, oldest first; `counted` gives the quiz's score. */
  attempts: z.array(
    z.strictObject({ number: z.number(), score: z.number().nullable(), answeredAt: z.string(), passed: z.boolean().nullable(), counted: z.boolean() }),
  ),
  /**
   * What was right or wrong in the shown attempt (never for a pre-test, which the post-test would repeat); the right
   * choices only where the training's rules reveal them. Null for a quiz not answered yet.
   */
  review: z
    .array(z.strictObject({ questionId: z.number(), result: z.enum(["right", "wrong", "opinion"]), correctChoiceIds: z.array(z.number()).nullable() }))
    .nullable(),
});
export type QuizView = z.infer<typeof QuizViewSchema>;

export const SessionViewSchema = z.strictObject({
  id: z.number(),
  name: z.string(),
  virtualClass: z.boolean(),
  address: z.string().nullable(),
  postalCode: z.string().nullable(),
  city: z.string().nullable(),
  dates: z.array(z.strictObject({ date: z.string(), startTime: z.string().nullable(), endTime: z.string().nullable() })),
  join: z.strictObject({ state: z.enum(["early", "open", "closed"]), opensAt: z.string(), closesAt: z.string(), url: z.string().nullable() }),
  started: z.boolean(),
  calendarUrl: z.string(),
});
export type SessionView = z.infer<typeof SessionViewSchema>;

export const StepViewSchema = z.strictObject({
  id: z.string(),
  kind: z.enum(STEP_KINDS),
  title: z.string(),
  status: z.enum(STEP_STATUSES),
  moduleId: z.number().nullable(),
  moduleKind: ModuleKindSchema.nullable(),
  content: z.string().nullable(),
  mediaUrl: z.string().nullable(),
  positionSeconds: z.number(),
  durationMinutes: z.number().nullable(),
  /** A video's length in seconds (null without a file) and its WebVTT captions. */
  videoSeconds: z.number().nullable(),
  captions: z.array(z.strictObject({ src: z.string(), srclang: z.string(), label: z.string() })),
  /** A podcast episode's length in seconds (null without a known length) and its transcript (ADR 0108). */
  audioSeconds: z.number().nullable(),
  transcript: z.strictObject({ url: z.string(), lang: z.string(), text: z.string() }).nullable(),
  quiz: QuizViewSchema.nullable(),
  session: SessionViewSchema.nullable(),
});
export type StepView = z.infer<typeof StepViewSchema>;

/** GET (and POST, DELETE) of every currentFlow endpoint, and the module complete GETs. */
export const FlowViewSchema = z.strictObject({
  training: z.strictObject({ id: z.number(), slug: z.string(), name: z.string(), type: TrainingTypeSchema }),
  enrolment: z.strictObject({
    id: z.number(),
    status: z.string(),
    progressPercent: z.number(),
    startedAt: z.string().nullable(),
    finishedAt: z.string().nullable(),
  }),
  steps: z.array(
    z.strictObject({
      id: z.string(),
      kind: z.enum(STEP_KINDS),
      title: z.string(),
      moduleId: z.number().nullable(),
      moduleKind: ModuleKindSchema.nullable(),
      quizId: z.number().nullable(),
      status: z.enum(STEP_STATUSES),
    }),
  ),
  currentStepId: z.string().nullable(),
  progressPercent: z.number(),
  finished: z.boolean(),
  /** The training ended on a graded quiz failed with no attempt left (ADR 0107): no attestation. */
  failed: z.boolean(),
  /** How the training ended, as recorded in the history; null while under way (or finished before the rules). */
  outcome: z.enum(OUTCOMES).nullable(),
  /** What the training's attestation attests, under its pass rules. */
  attests: z.enum(["achievement", "participation"]),
  /** The current step, or the one asked for with `step`. */
  step: StepViewSchema.nullable(),
});
export type FlowView = z.infer<typeof FlowViewSchema>;

/** The score of an answer; for a graded quiz, whether it passed and what comes next (`status`, as in GradingSchema). */
export const QuizResultSchema = z.strictObject({
  quizId: z.number(),
  score: z.number().nullable(),
  notAnswered: z.boolean(),
  passed: z.boolean().nullable(),
  passScore: z.number().nullable(),
  status: z.enum(GRADED_STATUSES).nullable(),
  attemptsLeft: z.number().nullable(),
  retryAt: z.string().nullable(),
});
export type QuizResultView = z.infer<typeof QuizResultSchema>;

/** POST /course/currentFlow/:id (and the other advancing POSTs): the flow, and the score of a quiz step. */
export const AdvancedFlowSchema = FlowViewSchema.extend({ result: QuizResultSchema.nullable() });

/** POST /user/video/module/currentFlow/:id: the position saved. */
export const PositionSavedSchema = z.strictObject({ moduleId: z.number(), positionSeconds: z.number() });

/** GET /user/pdf/module/link/:id. */
export const ModuleLinkSchema = z.strictObject({ moduleId: z.number(), url: z.string(), title: z.string() });

/** GET /user/evaluationQuiz. */
export const EvaluationQuizSchema = z.strictObject({
  training: FlowViewSchema.shape.training,
  stepId: z.string(),
  status: z.enum(STEP_STATUSES),
  quiz: QuizViewSchema,
});
export type EvaluationQuiz = z.infer<typeof EvaluationQuizSchema>;

/** POST /user/evaluationQuiz/answer. */
export const EvaluationAnsweredSchema = z.strictObject({ result: QuizResultSchema.nullable(), finished: z.boolean(), quiz: QuizViewSchema });
/**
 * The learning page's forms, by their `intent`. Quiz answers come as `q-{questionId}` inputs (radio or
 * checkboxes) and one hidden `question` per question shown: a question left blank is sent as skipped. A choice
 * that is not a number is passed on as is, for the API to refuse it with its own message.
 */
function collectAnswers(question: string | string[] | undefined, inputs: Record<string, string | string[]>) {
  const answers: Record<string, (number | string)[]> = {};
  for (const [name, value] of Object.entries(inputs)) {
    const match = /^q-(\d{1,10})$/.exec(name);
    if (!match) continue;
    for (const choice of Array.isArray(value) ? value : [value]) {
      (answers[match[1]!] ??= []).push(/^[1-9][0-9]{0,9}$/.test(choice) ? Number(choice) : choice);
    }
  }
  for (const id of question === undefined ? [] : Array.isArray(question) ? question : [question]) {
    if (/^\d{1,10}$/.test(id)) answers[id] ??= [];
  }
  return answers;
}

const QuestionList = z.union([z.string().max(20), z.array(z.string().max(20)).max(200)]).optional();
const QuizInput = z.union([z.string().max(20), z.array(z.string().max(20)).max(50)]);

/** A step of the flow as the page names it (a module, a quiz, or the attestation). */
const PageStepId = z.string().regex(/^(m|q)[1-9][0-9]{0,9}$|^attestation$/);

export const LearnFormSchemas = {
  advance: z.object({ stepId: PageStepId }),
  quiz: z
    .object({ stepId: PageStepId, question: QuestionList })
    .catchall(QuizInput)
    .transform(({ stepId, question, ...inputs }) => ({
      stepId: stepId as string,
      answers: collectAnswers(question, inputs as Record<string, string | string[]>),
    })),
  moduleComplete: z.object({
    moduleId: FormId,
    position: z
      .string()
      .regex(/^(\d{1,6}(\.\d{1,6})?)?$/)
      .optional(),
  }),
  pdfOpen: z.object({ moduleId: FormId }),
  join: z.object({ sessionId: FormId }),
};

/** The final evaluation's quiz form: only answers. */
export const EvaluationFormSchema = z
  .object({ question: QuestionList })
  .catchall(QuizInput)
  .transform(({ question, ...inputs }) => ({ answers: collectAnswers(question, inputs as Record<string, string | string[]>) }));
