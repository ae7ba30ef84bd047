/**
 * The step flow of a training (ADR 0012): the ordered steps a learner goes through, and where the learner is.
 * Pure: the caller loads the training's courses, modules and quizzes and the ids of the completed steps.
 *
 * Order: pre-tests, then every other module in course and module order, then post-tests, then evaluation
 * quizzes, then the attestation (the final step, done when every other step is done).
 */
import { moduleKindOf, TRAINING_TYPES, type ModuleKind, type TrainingType } from "./training-types.ts";

export const QUIZ_KINDS = ["pre_test", "post_test", "evaluation", "standalone"] as const;
export type QuizKind = (typeof QUIZ_KINDS)[number];

export type FlowQuizInput = { id: number; kind: QuizKind; position: number };
export type FlowModuleInput = { id: number; position: number; type: number; title: string; quiz: FlowQuizInput | null };
export type FlowCourseInput = { id: number; position: number; modules: readonly FlowModuleInput[] };

export type FlowInput = {
  trainingType: string;
  courses: readonly FlowCourseInput[];
  /** Quizzes attached to the training rather than to a module (e.g. the evaluation of a live training). */
  trainingQuizzes: readonly (FlowQuizInput & { title: string })[];
};

export type StepKind = "preTest" | "module" | "quiz" | "postTest" | "evaluation" | "attestation";
/** failed: a graded quiz failed with no attempt left, which ended the training (ADR 0107). */
export type StepStatus = "done" | "current" | "locked" | "failed";

export type FlowStep = {
  /** `m{moduleId}` for a module, `q{quizId}` for a training-level quiz, `attestation` for the last step. */
  id: string;
  kind: StepKind;
  title: string;
  moduleId: number | null;
  moduleKind: ModuleKind | null;
  quizId: number | null;
  quizKind: QuizKind | null;
};

export const ATTESTATION_STEP_ID = "attestation";

export class UnsupportedFlowTypeError extends Error {
  constructor(readonly trainingType: string) {
    super(`No step flow for training type ${trainingType}`);
    this.name = "UnsupportedFlowTypeError";
  }
}

export function isFlowTrainingType(type: string): type is TrainingType {
  return (TRAINING_TYPES as readonly string[]).includes(type);
}

/**
 * The spec's per-type currentFlow endpoints (`/api/user/{family}/currentFlow/{id}`) and the effective training
 * types each one serves; `course` (api/course/currentFlow) serves every type. Any other family is not implemented.
 */
export const FLOW_FAMILIES: Readonly<Record<string, readonly TrainingType[]>> = {
  course: TRAINING_TYPES,
  formation: ["formation"],
  dpc: ["dpc"],
  faceToFaceOnly: ["faceToFaceOnly", "virtualClass"],
  mixt: ["mixt"],
  video: ["video"],
  quiz: ["quiz"],
};

/** Whether a currentFlow family exists (else not implemented) and serves a training of that effective type. */
export function flowFamilyServes(family: string, type: TrainingType): boolean {
  const types = Object.hasOwn(FLOW_FAMILIES, family) ? FLOW_FAMILIES[family] : null;
  if (!types) throw new UnsupportedFlowTypeError(family);
  return types.includes(type);
}

const byPosition = <T extends { position: number }>(a: T, b: T) => a.position - b.position;

function quizStepKind(kind: QuizKind): StepKind {
  if (kind === "pre_test") return "preTest";
  if (kind === "post_test") return "postTest";
  if (kind === "evaluation") return "evaluation";
  return "quiz";
}

/** The ordered steps of a training; throws UnsupportedFlowTypeError for a type outside the ten. */
export function buildFlowSteps(input: FlowInput): FlowStep[] {
  if (!isFlowTrainingType(input.trainingType)) throw new UnsupportedFlowTypeError(input.trainingType);
  const pre: FlowStep[] = [];
  const middle: FlowStep[] = [];
  const post: FlowStep[] = [];
  const evaluation: FlowStep[] = [];
  const bucket = (kind: QuizKind | null) => (kind === "pre_test" ? pre : kind === "post_test" ? post : kind === "evaluation" ? evaluation : middle);
  for (const course of [...input.courses].sort(byPosition)) {
    for (const module of [...course.modules].sort(byPosition)) {
      const moduleKind = moduleKindOf(module.type);
      if (!moduleKind) continue;
      const quiz = moduleKind === "quiz" ? module.quiz : null;
      // A quiz module without a quiz has nothing to answer: it is not a step.
      if (moduleKind === "quiz" && !quiz) continue;
      bucket(quiz?.kind ?? null).push({
        id: `m${module.id}`,
        kind: quiz ? quizStepKind(quiz.kind) : "module",
        title: module.title,
        moduleId: module.id,
        moduleKind,
        quizId: quiz?.id ?? null,
        quizKind: quiz?.kind ?? null,
      });
    }
  }
  for (const quiz of [...input.trainingQuizzes].sort(byPosition)) {
    const step: FlowStep = {
      id: `q${quiz.id}`,
      kind: quizStepKind(quiz.kind),
      title: quiz.title,
      moduleId: null,
      moduleKind: null,
      quizId: quiz.id,
      quizKind: quiz.kind,
    };
    // Training-level quizzes come after the module ones of the same group, standalone ones after the modules.
    bucket(quiz.kind).push(step);
  }
  const attestation: FlowStep = {
    id: ATTESTATION_STEP_ID,
    kind: "attestation",
    title: "",
    moduleId: null,
    moduleKind: null,
    quizId: null,
    quizKind: null,
  };
  return [...pre, ...middle, ...post, ...evaluation, attestation];
}

export type FlowState = {
  steps: (FlowStep & { status: StepStatus })[];
  /**
   * The first step not done; the attestation once every other step is done; the failed step when the training
   * ended on a failure; null for a training without steps.
   */
  currentStepId: string | null;
  progressPercent: number;
  /** Every step before the attestation is done (the training is finished). */
  finished: boolean;
  /** The training ended on a graded quiz failed for good: nothing can be done any more, no attestation. */
  failed: boolean;
};

/**
 * Where the learner is, from the ids of the completed steps (unknown ids are ignored) and the graded step failed for
 * good, if any (core/domain/pass-rules.ts stepsDone): when it is the first step not done, the flow ends there.
 */
export function flowState(steps: readonly FlowStep[], completedIds: Iterable<string>, failedStepId: string | null = null): FlowState {
  const completed = new Set(completedIds);
  const learning = steps.filter((s) => s.kind !== "attestation");
  const doneCount = learning.filter((s) => completed.has(s.id)).length;
  const finished = learning.length > 0 && doneCount === learning.length;
  // Steps are done in order, so a gap (a later step recorded without an earlier one) stops the flow at the gap.
  const firstOpen = learning.find((s) => !completed.has(s.id));
  const currentStepId = firstOpen?.id ?? (finished ? ATTESTATION_STEP_ID : null);
  const failed = failedStepId !== null && firstOpen?.id === failedStepId;
  let reachedCurrent = false;
  const withStatus = steps.map((step) => {
    let status: StepStatus;
    if (step.kind === "attestation") status = finished ? "done" : "locked";
    else if (reachedCurrent) status = "locked";
    else if (step.id === currentStepId) {
      status = failed ? "failed" : "current";
      reachedCurrent = true;
    } else status = "done";
    return { ...step, status };
  });
  const doneInOrder = withStatus.filter((s) => s.kind !== "attestation" && s.status === "done").length;
  const progressPercent = learning.length === 0 ? 0 : Math.round((doneInOrder / learning.length) * 100);
  return { steps: withStatus, currentStepId, progressPercent, finished, failed };
}

/** A step the learner may open: done, current, or the attestation once finished. */
export function isStepReachable(state: FlowState, stepId: string): boolean {
  const step = state.steps.find((s) => s.id === stepId);
  return step !== undefined && step.status !== "locked";
}

export type AdvanceCheck = "ok" | "unknown" | "done" | "ahead" | "ended";

/**
 * Only the current step can be advanced: a done one is "done", a later one "ahead" (no skipping); nothing once the
 * training ended on a failure ("ended").
 */
export function checkAdvance(state: FlowState, stepId: string): AdvanceCheck {
  const step = state.steps.find((s) => s.id === stepId);
  if (!step) return "unknown";
  if (state.failed) return "ended";
  if (step.kind === "attestation") return state.finished ? "done" : "ahead";
  if (step.status === "done") return "done";
  if (step.status === "locked") return "ahead";
  return "ok";
}
