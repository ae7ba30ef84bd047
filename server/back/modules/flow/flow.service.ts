import fs from "node:fs";
import path from "node:path";
import type { Db, DbOrTx } from "../../../db/client.ts";
import {
  buildFlowSteps,
  checkAdvance,
  flowFamilyServes,
  flowState,
  isStepReachable,
  UnsupportedFlowTypeError,
  type FlowState,
  type FlowStep,
} from "#core/domain/flow-steps.ts";
import { seededShuffle } from "#core/domain/shuffle.ts";
import {
  attemptRefusal,
  gradedState,
  isGraded,
  isPassing,
  outcomeFrom,
  passRulesFrom,
  stepsDone,
  trainingOutcome,
  type GradedState,
  type Outcome,
  type PassRules,
  type StepRecords,
} from "#core/domain/pass-rules.ts";
import { answerIsRight, answersToList, checkQuizAnswers, EMPTY_QUIZ_TRACKING, isOpinionQuestion, scoreQuiz, type QuizAnswers, type QuizTracking } from "#core/domain/quiz.ts";
import { joinState, joinWindow, zonedTimeToInstant } from "#core/domain/seats-join-window.ts";
import { effectiveTrainingType, type TrainingType } from "#core/domain/training-types.ts";
import type { BackDeps } from "../../context.ts";
import { AppError, type FieldErrors } from "../../http/app-error.ts";
import { sanitizeContentHtml } from "../content/sanitize.ts";
import { findActiveEnrolment, type EnrolmentRow } from "../enrolment/enrolment.service.ts";
import {
  attemptNumber,
  completeModuleProgress,
  deleteModuleProgress,
  detachQuizTrackings,
  insertHistoryEntry,
  insertQuizTracking,
  lockEnrolment,
  saveModulePosition,
  startModuleProgress,
  updateEnrolmentProgress,
  updateHistoryEntry,
  findFlowTraining,
  findHistoryEntry,
  findModuleProgress,
  findModuleWithTraining,
  findPassRules,
  listQuizAttempts,
  loadFlowStructure,
  loadQuizQuestions,
  loadSession,
  loadStepRecords,
  type FlowTraining,
  type QuizQuestionRow,
  type QuizTrackingRow,
} from "./flow.repository.ts";
import { sessionOfTraining } from "./session-lookup.ts";
import { checkWatched, podcastSeconds, podcastTranscript, videoCaptions, videoSeconds } from "./video-media.ts";
import type { FlowView, Grading, QuizResultView, QuizView, SessionView, StepView } from "#core/contract/flow.ts";

export const PUBLIC_DIR = path.resolve(import.meta.dirname, "../../../../public");

type Deps = Pick<BackDeps, "db" | "now" | "logger">;

export type LoadedFlow = {
  training: FlowTraining;
  type: TrainingType;
  enrolment: EnrolmentRow;
  structure: Awaited<ReturnType<typeof loadFlowStructure>>;
  steps: FlowStep[];
  rules: PassRules;
  /** How the training ended, as the history recorded it (null while under way, or finished before the rules). */
  outcome: Outcome | null;
  state: FlowState;
};

/** The training's pass rules (ADR 0107): its own, or the defaults of its effective type. */
async function rulesOf(db: Db, trainingId: number, type: TrainingType): Promise<PassRules> {
  return passRulesFrom(await findPassRules(db, trainingId), type);
}

/**
 * The flow's state from the step records under the pass rules (the seed, which writes step records, uses it too). A
 * finished enrolment that did not fail keeps its records as they were written (it may predate the rules); any other
 * is read under the rules, so a graded quiz is done only once passed, and one failed with no attempt left ends the
 * flow.
 */
export function stateOf(flow: Pick<LoadedFlow, "steps" | "structure" | "rules" | "enrolment" | "outcome">, records: StepRecords, now: Date): FlowState {
  const closed = flow.enrolment.status === "finished" && flow.outcome !== "failed";
  const { doneIds, failedStepId } = stepsDone({ steps: flow.steps, records, quizzes: flow.structure.quizzes, rules: flow.rules, now, closed });
  return flowState(flow.steps, doneIds, failedStepId);
}

/** The learner's flow in a training, after the access checks (404 unknown training, 403 not enrolled). */
export async function loadFlow(db: Db, userId: number, trainingId: number, now: Date, family = "course"): Promise<LoadedFlow> {
  const training = await findFlowTraining(db, trainingId);
  if (!training) throw new AppError("NOT_FOUND", "flowTrainingNotFound");
  const type = effectiveTrainingType({ type: training.type as TrainingType, isVirtual: training.isVirtual, hasDpcData: training.hasDpcData });
  let serves: boolean;
  try {
    serves = flowFamilyServes(family, type);
  } catch (error) {
    if (error instanceof UnsupportedFlowTypeError) throw new AppError("NOT_IMPLEMENTED", "flowTypeNotImplemented", { values: { type: family } });
    throw error;
  }
  if (!serves) throw new AppError("NOT_FOUND", "flowWrongType", { values: { type: family } });
  const enrolment = await findActiveEnrolment(db, userId, trainingId);
  if (!enrolment) throw new AppError("FORBIDDEN", "flowNotEnrolled", { data: { trainingId, slug: training.slug, type } });
  if (enrolment.status === "waiting_list") throw new AppError("FORBIDDEN", "flowWaitingList", { data: { trainingId, slug: training.slug, type } });
  const structure = await loadFlowStructure(db, trainingId, type);
  const steps = buildFlowSteps(structure.input);
  const [rules, records, history] = await Promise.all([
    rulesOf(db, trainingId, type),
    loadStepRecords(db, enrolment.id),
    findHistoryEntry(db, userId, trainingId, enrolment.createdAt),
  ]);
  const outcome = outcomeFrom(history?.outcome);
  const flow = { training, type, enrolment, structure, steps, rules, outcome };
  return { ...flow, state: stateOf(flow, records, now) };
}

// ---------------------------------------------------------------------------------------------------------------
// What the learning view needs to render a step





export function trackingView(row: QuizTrackingRow | undefined, questions: readonly { id: number }[]): QuizTracking {
  if (!row) return { ...EMPTY_QUIZ_TRACKING, answers: [] };
  return {
    id: row.id,
    quizId: row.quizId,
    answers: answersToList(questions, row.answers),
    startDate: row.startDate?.toISOString() ?? null,
    score: row.score,
    notAnswered: row.notAnswered,
  };
}

function gradingView(state: GradedState, passScore: number, rules: PassRules): Grading {
  return {
    passScore,
    status: state.status,
    attemptsUsed: state.attemptsUsed,
    attemptsLeft: state.attemptsLeft,
    maxAttempts: rules.maxAttempts,
    retryAt: state.retryAt?.toISOString() ?? null,
  };
}

type ShownQuiz = { id: number; kind: string; title: string; passScore: number | null };

/**
 * A quiz as the learner sees it in this enrolment: the latest attempt (or an open form), the attempts kept, what
 * was right or wrong, and for a graded quiz where the learner stands (ADR 0107). `retry`: the learner asked to try
 * again and may: the quiz is shown open, in the order of the attempt to come.
 */
export async function quizView(db: Db, flow: Pick<LoadedFlow, "enrolment" | "rules">, quiz: ShownQuiz, now: Date, options: { retry?: boolean } = {}): Promise<QuizView> {
  const enrolmentId = flow.enrolment.id;
  const [questions, attempts] = await Promise.all([loadQuizQuestions(db, quiz.id), listQuizAttempts(db, enrolmentId, quiz.id)]);
  const graded = isGraded(quiz, flow.rules);
  const state = graded ? gradedState({ passScore: quiz.passScore, rules: flow.rules, attempts: attempts.map(attemptOf), now }) : null;
  const retrying = options.retry === true && state?.status === "retry";
  const tracking = retrying ? undefined : attempts.at(-1);
  // The answered attempt is shown in its own order; an open quiz in the order of the attempt to come.
  const attempt = await attemptNumber(db, enrolmentId, quiz.id, tracking?.id ?? null);
  const countedId = state?.counted?.id ?? null;
  return {
    id: quiz.id,
    kind: quiz.kind,
    title: quiz.title,
    hidden: tracking !== undefined,
    passScore: graded ? quiz.passScore : null,
    // Never the correct flags: the learner answers first.
    questions: questions.map((q) => ({
      id: q.id,
      kind: q.kind,
      opinion: isOpinionQuestion(q),
      text: q.text,
      // An opinion question's choices are a scale: kept in their order.
      choices: (isOpinionQuestion(q) ? q.choices : seededShuffle(q.choices, `${attempt.seed}:${q.id}`)).map(({ id, text }) => ({ id, text })),
    })),
    tracking: trackingView(tracking, questions),
    grading: state && graded ? gradingView(state, quiz.passScore, flow.rules) : null,
    attempts: attempts.map((a, index) => ({
      number: index + 1,
      score: a.score,
      answeredAt: a.answeredAt!.toISOString(),
      passed: graded ? isPassing(a.score, quiz.passScore!) : null,
      counted: graded ? a.id === countedId : index === attempts.length - 1,
    })),
    review: tracking && quiz.kind !== "pre_test" ? reviewOf(questions, tracking.answers, flow.rules.revealAnswers) : null,
  };
}

const attemptOf = (row: QuizTrackingRow) => ({ id: row.id, score: row.score, answeredAt: row.answeredAt! });

/** Each question of an answered attempt: right, wrong, or an opinion (never scored); the right choices if revealed. */
function reviewOf(questions: QuizQuestionRow[], answers: Record<string, number[]>, reveal: boolean): NonNullable<QuizView["review"]> {
  return questions.map((q) => {
    const right = answerIsRight(q, answers[String(q.id)] ?? []);
    return {
      questionId: q.id,
      result: right === null ? "opinion" : right ? "right" : "wrong",
      correctChoiceIds: reveal && right !== null ? q.choices.filter((c) => c.correct).map((c) => c.id) : null,
    };
  });
}

/** A media file under public/ exists (paths are relative to the site root, never outside public/). */
export function publicFile(mediaPath: string | null): string | null {
  if (!mediaPath || !mediaPath.startsWith("/media/")) return null;
  const file = path.resolve(PUBLIC_DIR, `.${mediaPath}`);
  if (!file.startsWith(`${PUBLIC_DIR}${path.sep}`)) return null;
  return fs.existsSync(file) ? file : null;
}

function sessionDays(session: NonNullable<Awaited<ReturnType<typeof loadSession>>>) {
  const s = session.session;
  return session.dates.length
    ? session.dates.map((d) => ({ date: d.date, startTime: d.startTime, endTime: d.endTime }))
    : [{ date: s.startDate, startTime: s.startTime, endTime: s.endTime }];
}

export function sessionView(session: NonNullable<Awaited<ReturnType<typeof loadSession>>>, now: Date): SessionView {
  const days = sessionDays(session);
  // The join window of the day under way, else the next one, else the last one.
  const windows = days.map((d) => joinWindow({ day: d.date, startTime: d.startTime, endTime: d.endTime }));
  const window = windows.find((w) => w.closesAt >= now) ?? windows[windows.length - 1]!;
  const state = joinState(window, now);
  const first = days[0]!;
  const s = session.session;
  return {
    id: s.id,
    name: s.name,
    virtualClass: session.faceToFace.virtualClass,
    address: s.address,
    postalCode: s.postalCode,
    city: s.city,
    dates: days.map((d) => ({ date: d.date, startTime: d.startTime?.slice(0, 5) ?? null, endTime: d.endTime?.slice(0, 5) ?? null })),
    join: { state, opensAt: window.opensAt.toISOString(), closesAt: window.closesAt.toISOString(), url: state === "open" ? s.virtualClassUrl : null },
    started: now >= zonedTimeToInstant(first.date, first.startTime ?? "00:00"),
    calendarUrl: `/back/api/user/session/${s.id}/calendar.ics`,
  };
}

async function stepView(db: Db, flow: LoadedFlow, step: FlowState["steps"][number], now: Date, options: { retry: boolean; lang: string }): Promise<StepView> {
  const module = step.moduleId !== null ? flow.structure.modules.get(step.moduleId) : undefined;
  const quiz = step.quizId !== null ? flow.structure.quizzes.get(step.quizId) : undefined;
  const live = step.moduleKind === "faceToFace" || step.moduleKind === "virtualClass" || step.moduleKind === "webinar";
  let session: SessionView | null = null;
  if (live) {
    const sessionId = flow.enrolment.sessionId ?? (await sessionOfTraining(db, flow.training.id, now));
    const loaded = sessionId ? await loadSession(db, sessionId) : undefined;
    session = loaded ? sessionView(loaded, now) : null;
  }
  let mediaUrl: string | null = null;
  if (module && step.moduleKind === "video") mediaUrl = publicFile(module.mediaPath) ? module.mediaPath : null;
  if (module && step.moduleKind === "podcast") mediaUrl = publicFile(module.mediaPath) ? `/back/api/getAudioStream/${module.id}` : null;
  // The first time the learner is shown the current video or episode is when its playing can start (ADRs 0020, 0108).
  if (module && mediaUrl && step.status === "current") {
    await startModuleProgress(db, flow.enrolment.id, module.id, now);
  }
  const progress = module ? await findModuleProgress(db, flow.enrolment.id, module.id) : undefined;
  const podcast = module && mediaUrl && step.moduleKind === "podcast" ? module : null;
  // The pdf address is handed out by pdf/module/link, which records that the learner opened it.
  return {
    id: step.id,
    kind: step.kind,
    title: step.title,
    status: step.status,
    moduleId: step.moduleId,
    moduleKind: step.moduleKind,
    content: module?.content ? sanitizeContentHtml(module.content) : null,
    mediaUrl,
    positionSeconds: progress?.positionSeconds ?? 0,
    durationMinutes: module?.durationMinutes ?? null,
    videoSeconds: mediaUrl && module ? videoSeconds(module.mediaPath) : null,
    captions: mediaUrl && module ? videoCaptions(module.mediaPath) : [],
    audioSeconds: podcast ? podcastSeconds(podcast.mediaPath) : null,
    transcript: podcast ? podcastTranscript(podcast.mediaPath, options.lang) : null,
    quiz: quiz ? await quizView(db, flow, quiz, now, { retry: options.retry && step.status === "current" }) : null,
    session,
  };
}

/**
 * What the learning view shows: the steps and the current one, or the step asked for with `step`. `retry`: the
 * learner asked to try the current graded quiz again. `lang`: the language of a transcript.
 */
export async function flowView(db: Db, flow: LoadedFlow, now: Date, options: { step?: string | null; retry?: boolean; lang?: string } = {}): Promise<FlowView> {
  const requestedStep = options.step ?? null;
  const { state, training, enrolment } = flow;
  let shown = state.steps.find((s) => s.id === state.currentStepId) ?? null;
  if (requestedStep) {
    const requested = state.steps.find((s) => s.id === requestedStep);
    if (!requested) throw new AppError("NOT_FOUND", "flowStepUnknown");
    if (!isStepReachable(state, requested.id)) throw new AppError("CONFLICT", "flowStepLocked");
    shown = requested;
  }
  return {
    training: { id: training.id, slug: training.slug, name: training.name, type: flow.type },
    enrolment: {
      id: enrolment.id,
      status: enrolment.status,
      progressPercent: enrolment.progressPercent,
      startedAt: enrolment.startedAt?.toISOString() ?? null,
      finishedAt: enrolment.finishedAt?.toISOString() ?? null,
    },
    steps: state.steps.map(({ id, kind, title, moduleId, moduleKind, quizId, status }) => ({ id, kind, title, moduleId, moduleKind, quizId, status })),
    currentStepId: state.currentStepId,
    progressPercent: state.progressPercent,
    finished: state.finished,
    failed: state.failed,
    outcome: flow.outcome,
    attests: flow.rules.attests,
    step: shown ? await stepView(db, flow, shown, now, { retry: options.retry === true, lang: options.lang ?? "fr" }) : null,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Advancing

/** position: where a video's or an episode's player stopped (seconds), reported when it ended. */
export type AdvanceInput = { stepId: string; answers?: QuizAnswers; position?: number };

function answerFieldErrors(questions: QuizQuestionRow[], answers: QuizAnswers): FieldErrors | null {
  const problems = checkQuizAnswers(questions, answers);
  if (problems.length === 0) return null;
  const key = { unknownQuestion: "flowUnknownQuestion", unknownChoice: "flowUnknownChoice", oneChoiceOnly: "flowOneChoiceOnly" } as const;
  return Object.fromEntries(problems.map((p) => [`answers.${p.questionId}`, [key[p.problem]]]));
}

/** Called once a training is finished; the attestations and badges areas plug in here. */
export type FinishHooks = { onFinished?: (enrolmentId: number, userId: number) => Promise<void> };

const isLive = (step: FlowStep) => step.moduleKind === "faceToFace" || step.moduleKind === "virtualClass" || step.moduleKind === "webinar";

/**
 * A video or a podcast episode counts as played once its length has passed since the learner was first shown it,
 * and, when the player reported where it stopped, that is the end (ADRs 0020, 0108). Checked on the current step
 * only, whatever the endpoint; a medium of unknown length keeps the plain confirmation.
 */
async function checkPlayed(db: Db, flow: LoadedFlow, step: FlowStep, input: AdvanceInput, now: Date): Promise<void> {
  if (step.moduleId === null || (step.moduleKind !== "video" && step.moduleKind !== "podcast")) return;
  const module = flow.structure.modules.get(step.moduleId);
  if (!module || !publicFile(module.mediaPath)) return;
  const seconds = step.moduleKind === "video" ? videoSeconds(module.mediaPath) : podcastSeconds(module.mediaPath);
  if (seconds === null) return;
  const progress = await findModuleProgress(db, flow.enrolment.id, step.moduleId);
  const played = checkWatched({ seconds, openedAt: progress?.startedAt ?? null, now, position: input.position ?? null });
  if (!played.ok) throw new AppError("CONFLICT", step.moduleKind === "video" ? "flowVideoNotWatched" : "flowAudioNotListened", { values: { seconds: played.secondsLeft } });
}

/** The number of graded quiz steps (a training that attests achievement but grades nothing gives a participation). */
export function gradedStepCount(flow: Pick<LoadedFlow, "steps" | "structure" | "rules">): number {
  return flow.steps.filter((s) => {
    const quiz = s.quizId !== null ? flow.structure.quizzes.get(s.quizId) : undefined;
    return quiz !== undefined && isGraded(quiz, flow.rules);
  }).length;
}

/** Refuses an attempt at a graded quiz while the wait runs, and once passed or without any attempt left. */
function refuseAttempt(state: GradedState, now: Date): void {
  const refusal = attemptRefusal(state);
  if (refusal === "waiting") throw new AppError("CONFLICT", "flowRetryWaiting", { data: { retryAt: state.retryAt!.toISOString() }, values: { minutes: minutesUntil(state.retryAt!, now) } });
  if (refusal === "noAttemptLeft") throw new AppError("CONFLICT", "flowEnded");
  if (refusal === "passed") throw new AppError("CONFLICT", "flowStepDone");
}

const minutesUntil = (at: Date, now: Date) => Math.max(1, Math.ceil((at.getTime() - now.getTime()) / 60_000));

/**
 * Completes the current step (POST currentFlow, module complete, evaluation answer). A quiz step needs its answers
 * (checked, then scored into quiz_trackings); a graded quiz (ADR 0107) is done only once passed: a failed attempt
 * keeps the step current while attempts are left (after the wait), and the last failed attempt ends the training
 * without attestation. Runs in one transaction with the enrolment row locked, and reads the attempts again inside
 * it, so two posts of the same step (or ten at once) cannot count more attempts than the rules allow.
 */
export async function advanceFlow(
  deps: Deps,
  userId: number,
  trainingId: number,
  input: AdvanceInput,
  options: { family?: string; alreadyDoneIsOk?: boolean; hooks?: FinishHooks } = {},
): Promise<{ flow: LoadedFlow; result: QuizResultView | null; finishedNow: boolean }> {
  const { db } = deps;
  const now = deps.now();
  const before = await loadFlow(db, userId, trainingId, now, options.family);
  const step = before.state.steps.find((s) => s.id === input.stepId);
  if (!step) throw new AppError("NOT_FOUND", "flowStepUnknown");
  const questions = step.quizId !== null ? await loadQuizQuestions(db, step.quizId) : [];
  if (step.quizId !== null) {
    if (!input.answers) throw new AppError("VALIDATION", "flowAnswersRequired", { fields: { answers: ["flowAnswersRequired"] } });
    const fields = answerFieldErrors(questions, input.answers);
    if (fields) throw new AppError("VALIDATION", "invalidInput", { fields });
  } else if (input.answers) {
    throw new AppError("VALIDATION", "flowNotAQuiz", { fields: { answers: ["flowNotAQuiz"] } });
  }
  if (step.status === "current") await checkPlayed(db, before, step, input, now);
  if (isLive(step) && step.status === "current") {
    const sessionId = before.enrolment.sessionId ?? (await sessionOfTraining(db, trainingId, now));
    const session = sessionId ? await loadSession(db, sessionId) : undefined;
    if (session && !sessionView(session, now).started) throw new AppError("CONFLICT", "flowSessionNotStarted");
  }
  const quiz = step.quizId !== null ? before.structure.quizzes.get(step.quizId) : undefined;
  const graded = quiz !== undefined && isGraded(quiz, before.rules);

  let result: QuizResultView | null = null;
  let finishedNow = false;
  let done = false;
  await db.transaction(async (tx) => {
    await lockEnrolment(tx, before.enrolment.id);
    const records = await loadStepRecords(tx, before.enrolment.id);
    const state = stateOf(before, records, now);
    const check = checkAdvance(state, step.id);
    if (check === "done" && options.alreadyDoneIsOk) {
      done = true;
      return;
    }
    if (check === "ended") throw new AppError("CONFLICT", "flowEnded");
    if (check === "done") throw new AppError("CONFLICT", "flowStepDone");
    if (check !== "ok") throw new AppError("CONFLICT", "flowStepAhead");
    const gradingOf = (attempts: StepRecords["attemptsByQuiz"]) =>
      gradedState({ passScore: quiz!.passScore!, rules: before.rules, attempts: attempts.get(step.quizId!) ?? [], now });
    if (graded) refuseAttempt(gradingOf(records.attemptsByQuiz), now);

    if (step.quizId !== null) {
      const answers = input.answers ?? {};
      const scored = scoreQuiz(questions, answers);
      const stored = Object.fromEntries(answersToList(questions, answers).map((a) => [String(a.questionId), a.choiceIds.map(Number)]));
      await insertQuizTracking(tx, {
        quizId: step.quizId,
        userId,
        enrolmentId: before.enrolment.id,
        answers: stored,
        startDate: now,
        answeredAt: now,
        score: scored.score,
        notAnswered: scored.notAnswered,
      });
      result = { quizId: step.quizId, score: scored.score, notAnswered: scored.notAnswered, passed: null, passScore: null, status: null, attemptsLeft: null, retryAt: null };
    }
    // A graded quiz's module is completed only once passed; any other step at once.
    const afterAttempt = await loadStepRecords(tx, before.enrolment.id);
    const grading = graded ? gradingOf(afterAttempt.attemptsByQuiz) : null;
    const completes = step.moduleId !== null && (grading === null || grading.status === "passed");
    if (completes) await completeModuleProgress(tx, before.enrolment.id, step.moduleId!, now);
    const afterRecords = completes ? { ...afterAttempt, completedModuleIds: new Set([...afterAttempt.completedModuleIds, step.moduleId!]) } : afterAttempt;
    const after = stateOf(before, afterRecords, now);
    if (grading && result) {
      result = {
        ...(result as QuizResultView),
        passed: grading.status === "passed",
        passScore: quiz!.passScore,
        status: grading.status,
        attemptsLeft: grading.attemptsLeft,
        retryAt: grading.retryAt?.toISOString() ?? null,
      };
    }
    finishedNow = after.finished;
    const ended = after.finished || after.failed;
    const startedAt = before.enrolment.startedAt ?? now;
    await updateEnrolmentProgress(tx, before.enrolment.id, {
      progressPercent: after.progressPercent,
      status: ended ? "finished" : "in_progress",
      startedAt,
      finishedAt: ended ? now : null,
    });
    const counted = grading?.counted ?? null;
    const scored = result as QuizResultView | null;
    const finalAssessment = step.quizKind === "post_test" || step.quizKind === "standalone";
    await recordHistory(tx, {
      userId,
      trainingId,
      since: before.enrolment.createdAt,
      startDate: startedAt,
      endDate: ended ? now : null,
      initialScore: step.quizKind === "pre_test" && scored ? scored.score : undefined,
      // A quiz training has no post-test: its quiz is the final assessment (ADR 0019). Of several attempts, the one
      // the rules count gives the score (ADR 0107).
      finalScore: finalAssessment && scored ? (counted ? counted.score : scored.score) : undefined,
      attempts: finalAssessment && scored ? (afterAttempt.attemptsByQuiz.get(step.quizId!)?.length ?? 1) : undefined,
      passScore: finalAssessment && scored ? (graded ? quiz!.passScore : null) : undefined,
      outcome: ended ? trainingOutcome({ rules: before.rules, gradedSteps: gradedStepCount(before), failed: after.failed }) : undefined,
    });
  });
  const flow = await loadFlow(db, userId, trainingId, deps.now(), options.family);
  if (finishedNow && !done && options.hooks?.onFinished) {
    try {
      await options.hooks.onFinished(before.enrolment.id, userId);
    } catch (error) {
      // The training is finished whatever happens next; a failed attestation or badge is logged and retried later.
      deps.logger.error({ err: error, enrolmentId: before.enrolment.id }, "after-finish hook failed");
    }
  }
  return { flow, result, finishedNow };
}

type HistoryChanges = {
  userId: number;
  trainingId: number;
  since: Date;
  startDate: Date;
  endDate: Date | null;
  initialScore?: number | null;
  finalScore?: number | null;
  attempts?: number;
  passScore?: number | null;
  outcome?: Outcome;
};

/** Creates or updates the history entry of the enrolment (scores and outcome are stored; points are the records area's). */
async function recordHistory(db: DbOrTx, entry: HistoryChanges) {
  const existing = await findHistoryEntry(db, entry.userId, entry.trainingId, entry.since);
  const changes = {
    ...(entry.initialScore !== undefined ? { initialScore: entry.initialScore } : {}),
    ...(entry.finalScore !== undefined ? { finalScore: entry.finalScore } : {}),
    ...(entry.attempts !== undefined ? { attempts: entry.attempts } : {}),
    ...(entry.passScore !== undefined ? { passScore: entry.passScore } : {}),
    ...(entry.outcome !== undefined ? { outcome: entry.outcome } : {}),
  };
  if (existing) {
    await updateHistoryEntry(db, existing.id, { endDate: entry.endDate, ...changes });
  } else {
    await insertHistoryEntry(db, { userId: entry.userId, trainingId: entry.trainingId, startDate: entry.startDate, endDate: entry.endDate, ...changes });
  }
}

/**
 * DELETE dpc/currentFlow: back to the first step. Module progress is removed; quiz attempts are kept (quiz history)
 * but detached from the enrolment so they no longer count as done; the enrolment is pending again with 0 %.
 * Issued attestations stay valid. A training that ended on a failure cannot be started again this way: that would
 * give back the attempts the rules took away (ADR 0107).
 */
export async function resetFlow(deps: Deps, userId: number, trainingId: number, family: string): Promise<LoadedFlow> {
  const flow = await loadFlow(deps.db, userId, trainingId, deps.now(), family);
  if (flow.state.failed) throw new AppError("CONFLICT", "flowEnded");
  const id = flow.enrolment.id;
  await deps.db.transaction(async (tx) => {
    await lockEnrolment(tx, id);
    await deleteModuleProgress(tx, id);
    await detachQuizTrackings(tx, id);
    await updateEnrolmentProgress(tx, id, { status: "pending", progressPercent: 0, finishedAt: null });
    const entry = await findHistoryEntry(tx, userId, trainingId, flow.enrolment.createdAt);
    if (entry) await updateHistoryEntry(tx, entry.id, { endDate: null, outcome: null, attempts: null });
  });
  return loadFlow(deps.db, userId, trainingId, deps.now(), family);
}

// ---------------------------------------------------------------------------------------------------------------
// Module endpoints (id = module id)

export async function loadModuleFlow(db: Db, userId: number, moduleId: number, kinds: readonly string[], now: Date) {
  const found = await findModuleWithTraining(db, moduleId);
  if (!found) throw new AppError("NOT_FOUND", "flowModuleNotFound");
  const flow = await loadFlow(db, userId, found.trainingId, now);
  const step = flow.state.steps.find((s) => s.moduleId === moduleId);
  if (!step || !step.moduleKind || !kinds.includes(step.moduleKind)) throw new AppError("NOT_FOUND", "flowModuleNotFound");
  return { flow, step, module: found.module };
}

/** Saves the playback position of a video or podcast module the learner has reached. */
export async function savePosition(deps: Deps, userId: number, moduleId: number, positionSeconds: number) {
  const now = deps.now();
  const { flow, step } = await loadModuleFlow(deps.db, userId, moduleId, ["video", "podcast"], now);
  if (step.status === "locked") throw new AppError("CONFLICT", "flowStepLocked");
  await saveModulePosition(deps.db, flow.enrolment.id, moduleId, positionSeconds, now);
  return { moduleId, positionSeconds };
}

/** Records that the learner opened a module (no change when it is already started or completed). */
export async function markStarted(deps: Deps, enrolmentId: number, moduleId: number) {
  const now = deps.now();
  await startModuleProgress(deps.db, enrolmentId, moduleId, now);
}
