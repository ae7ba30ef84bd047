/**
 * Pass rules of a training (ADR 0107): which quizzes are graded, what a failed attempt leads to (a retry, how many
 * and after what wait, or the end), which attempt counts, and which attestation each outcome gives. Pure: the flow
 * loads the training's rules, its quizzes and the learner's attempts, and asks these functions.
 */
import type { FlowStep, QuizKind } from "./flow-steps.ts";

/** What the training's attestation attests: a pass (a graded certification) or that the programme was followed. */
export const ATTESTS = ["achievement", "participation"] as const;
export type Attests = (typeof ATTESTS)[number];

export const COUNTED_ATTEMPTS = ["best", "last"] as const;
export type CountedAttempt = (typeof COUNTED_ATTEMPTS)[number];

export type PassRules = {
  attests: Attests;
  /** Attempts allowed at a graded quiz: 1 means no retry (a failure ends the training), null means no limit. */
  maxAttempts: number | null;
  /** Minutes to wait after a failed attempt before the next one. */
  retryWaitMinutes: number;
  /** Which attempt gives the quiz's score (the history's final score, the knowledge gain). */
  countedAttempt: CountedAttempt;
  /** Whether a failed learner is shown the right answers, or only which questions were wrong. */
  revealAnswers: boolean;
};

/** The rules of a training the administrator has not set: retries without limit or wait, the best attempt counts. */
export const DEFAULT_PASS_RULES: Readonly<PassRules> = Object.freeze({
  attests: "achievement",
  maxAttempts: null,
  retryWaitMinutes: 0,
  countedAttempt: "best",
  revealAnswers: false,
});

/**
 * The rules of a training without rules of its own: a DPC programme attests participation (ANDPC: the programme
 * followed, with the knowledge gain), every other training attests achievement.
 */
export function defaultPassRules(effectiveType: string): PassRules {
  return { ...DEFAULT_PASS_RULES, attests: effectiveType === "dpc" ? "participation" : "achievement" };
}

/** The rules as stored (pass_rules row), checked by the database's constraints. */
export type StoredPassRules = { attests: string; maxAttempts: number | null; retryWaitMinutes: number; countedAttempt: string; revealAnswers: boolean };

/** A training's rules: its stored ones, or the defaults of its effective type when it has none. */
export function passRulesFrom(stored: StoredPassRules | undefined, effectiveType: string): PassRules {
  if (!stored) return defaultPassRules(effectiveType);
  return {
    attests: stored.attests === "participation" ? "participation" : "achievement",
    maxAttempts: stored.maxAttempts,
    retryWaitMinutes: stored.retryWaitMinutes,
    countedAttempt: stored.countedAttempt === "last" ? "last" : "best",
    revealAnswers: stored.revealAnswers,
  };
}

/** Quiz kinds that may carry a passing score: the post-test and the stand-alone quiz. */
export const GRADABLE_QUIZ_KINDS: readonly QuizKind[] = ["post_test", "standalone"];

export function mayHavePassScore(kind: string): boolean {
  return (GRADABLE_QUIZ_KINDS as readonly string[]).includes(kind);
}

export type GradedQuiz = { kind: string; passScore: number | null };

/**
 * A quiz step is graded (it must be passed to go on) when it is a post-test or a stand-alone quiz with a passing
 * score, in a training that attests achievement. A pre-test measures, an evaluation asks opinions: never graded.
 * A participation training (a DPC programme) records every score but never holds the learner back.
 */
export function isGraded(quiz: GradedQuiz, rules: Pick<PassRules, "attests">): quiz is { kind: string; passScore: number } {
  return rules.attests === "achievement" && quiz.passScore !== null && mayHavePassScore(quiz.kind);
}

/** A score reaches the passing score (a quiz without scored questions has no score: it cannot pass a grade). */
export function isPassing(score: number | null, passScore: number): boolean {
  return score !== null && score >= passScore;
}

export type QuizAttempt = { id: number; score: number | null; answeredAt: Date };

const byTime = (a: QuizAttempt, b: QuizAttempt) => a.answeredAt.getTime() - b.answeredAt.getTime() || a.id - b.id;

/** The attempt that counts: the last one, or the best one (the earliest of equal best scores); null without any. */
export function countedAttemptOf(attempts: readonly QuizAttempt[], counted: CountedAttempt): QuizAttempt | null {
  const ordered = [...attempts].sort(byTime);
  if (ordered.length === 0) return null;
  if (counted === "last") return ordered.at(-1)!;
  return ordered.reduce((best, attempt) => ((attempt.score ?? -1) > (best.score ?? -1) ? attempt : best));
}

export type GradedStatus = "open" | "passed" | "waiting" | "retry" | "failed";

export type GradedState = {
  /** open: not tried yet; passed; waiting: failed, next attempt at retryAt; retry: failed, may try again now; failed: no attempt left. */
  status: GradedStatus;
  attemptsUsed: number;
  /** null when attempts are not limited. */
  attemptsLeft: number | null;
  retryAt: Date | null;
  counted: QuizAttempt | null;
};

/**
 * Where a learner stands at a graded quiz, from their attempts in this enrolment. A passing attempt closes the
 * quiz (no attempt after it); otherwise the learner may try again after the wait while attempts are left.
 */
export function gradedState(input: { passScore: number; rules: PassRules; attempts: readonly QuizAttempt[]; now: Date }): GradedState {
  const { passScore, rules, now } = input;
  const attempts = [...input.attempts].sort(byTime);
  const attemptsUsed = attempts.length;
  const attemptsLeft = rules.maxAttempts === null ? null : Math.max(0, rules.maxAttempts - attemptsUsed);
  const passing = attempts.find((a) => isPassing(a.score, passScore));
  const counted = passing ?? countedAttemptOf(attempts, rules.countedAttempt);
  const base = { attemptsUsed, attemptsLeft, counted };
  if (attemptsUsed === 0) return { ...base, status: "open", retryAt: null };
  if (passing) return { ...base, status: "passed", retryAt: null };
  if (attemptsLeft === 0) return { ...base, status: "failed", retryAt: null };
  const retryAt = new Date(attempts.at(-1)!.answeredAt.getTime() + rules.retryWaitMinutes * 60_000);
  if (retryAt > now) return { ...base, status: "waiting", retryAt };
  return { ...base, status: "retry", retryAt: null };
}

/** Why an attempt at a quiz step is refused before anything is written, or null when it may be answered. */
export function attemptRefusal(state: GradedState): "waiting" | "noAttemptLeft" | "passed" | null {
  if (state.status === "waiting") return "waiting";
  if (state.status === "failed") return "noAttemptLeft";
  if (state.status === "passed") return "passed";
  return null;
}

export type StepRecords = {
  /** Modules whose progress is completed. */
  completedModuleIds: ReadonlySet<number>;
  /** The answered attempts of this enrolment, by quiz. */
  attemptsByQuiz: ReadonlyMap<number, readonly QuizAttempt[]>;
};

export type StepsDone = {
  doneIds: string[];
  /** The graded step the learner failed for good (no attempt left), which ends the training; null otherwise. */
  failedStepId: string | null;
};

/**
 * Which steps are done under the pass rules. A module is done when its progress is completed; an ungraded quiz once
 * answered; a graded quiz once passed. A graded quiz without any attempt left is the failed step. `closed`: the
 * enrolment is finished with a pass or a participation, its records stand as they were written (older records
 * predate the rules), so an answered quiz counts as done.
 */
export function stepsDone(input: {
  steps: readonly FlowStep[];
  records: StepRecords;
  quizzes: ReadonlyMap<number, GradedQuiz>;
  rules: PassRules;
  now: Date;
  closed: boolean;
}): StepsDone {
  const { steps, records, quizzes, rules, now, closed } = input;
  const doneIds: string[] = [];
  let failedStepId: string | null = null;
  for (const step of steps) {
    if (step.kind === "attestation") continue;
    const moduleDone = step.moduleId !== null && records.completedModuleIds.has(step.moduleId);
    if (step.quizId === null) {
      if (moduleDone) doneIds.push(step.id);
      continue;
    }
    const attempts = records.attemptsByQuiz.get(step.quizId) ?? [];
    const quiz = quizzes.get(step.quizId);
    if (closed || !quiz || !isGraded(quiz, rules)) {
      if (attempts.length > 0 || moduleDone) doneIds.push(step.id);
      continue;
    }
    const state = gradedState({ passScore: quiz.passScore, rules, attempts, now });
    if (state.status === "passed") doneIds.push(step.id);
    else if (state.status === "failed" && failedStepId === null) failedStepId = step.id;
  }
  return { doneIds, failedStepId };
}

/** How a training ended: a pass of its graded quizzes, a participation (nothing graded), or a failure. */
export const OUTCOMES = ["achieved", "participated", "failed"] as const;
export type Outcome = (typeof OUTCOMES)[number];

/** A stored outcome (history_entries.outcome), or null when there is none. */
export function outcomeFrom(value: string | null | undefined): Outcome | null {
  return (OUTCOMES as readonly string[]).includes(value ?? "") ? (value as Outcome) : null;
}

/**
 * The outcome of a training followed to its end (failed: a graded quiz without any attempt left). A training that
 * attests achievement but grades nothing gives a participation: there was nothing to pass.
 */
export function trainingOutcome(input: { rules: Pick<PassRules, "attests">; gradedSteps: number; failed: boolean }): Outcome {
  if (input.failed) return "failed";
  return input.rules.attests === "achievement" && input.gradedSteps > 0 ? "achieved" : "participated";
}

/**
 * The attestation an outcome gives (ADR 0107): of achievement for a pass, of participation for a programme followed
 * (with the knowledge gain when both tests were taken), none for a failure. Null outcome: an attestation issued
 * before the rules, kept as it was.
 */
export function attestationAttests(outcome: Outcome | null): Attests | null {
  if (outcome === "achieved") return "achievement";
  if (outcome === "participated") return "participation";
  return null;
}

/** Points follow the attestation: a failed training earns none. */
export function earnsPoints(outcome: Outcome | null): boolean {
  return outcome !== "failed";
}
