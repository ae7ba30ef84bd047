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
  type StepStatus,
} from "#core/domain/flow-steps.ts";
import { seededShuffle } from "#core/domain/shuffle.ts";
import { answersToList, checkQuizAnswers, EMPTY_QUIZ_TRACKING, isOpinionQuestion, scoreQuiz, type QuizAnswers, type QuizTracking } from "#core/domain/quiz.ts";
import { joinState, joinWindow, zonedTimeToInstant, type JoinState } from "#core/domain/seats-join-window.ts";
import { effectiveTrainingType, type TrainingType } from "#core/domain/training-types.ts";
import type { BackDeps } from "../../context.ts";
import { AppError, type FieldErrors } from "../../http/app-error.ts";
import { sanitizeContentHtml } from "../content/sanitize.ts";
import { findActiveEnrolment, type EnrolmentRow } from "../enrolment/enrolment.service.ts";
import {
  attemptNumber,
  completedStepIds,
  completeModuleProgress,
  deleteModuleProgress,
  detachQuizTrackings,
  findModuleProgressStatus,
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
  latestTracking,
  loadFlowStructure,
  loadQuizQuestions,
  loadSession,
  type FlowTraining,
  type QuizQuestionRow,
  type QuizTrackingRow,
} from "./flow.repository.ts";
import { sessionOfTraining } from "./session-lookup.ts";
import { checkWatched, videoCaptions, videoSeconds, type Caption } from "./video-media.ts";
import type { FlowView, QuizResultView, QuizView, SessionView, StepView } from "#core/contract/flow.ts";

export const PUBLIC_DIR = path.resolve(import.meta.dirname, "../../../../public");

type Deps = Pick<BackDeps, "db" | "now" | "logger">;

export type LoadedFlow = {
  training: FlowTraining;
  type: TrainingType;
  enrolment: EnrolmentRow;
  structure: Awaited<ReturnType<typeof loadFlowStructure>>;
  steps: FlowStep[];
  state: FlowState;
};

/** The learner's flow in a training, after the access checks (404 unknown training, 403 not enrolled). */
export async function loadFlow(db: Db, userId: number, trainingId: number, family = "course"): Promise<LoadedFlow> {
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
  const state = flowState(steps, await completedStepIds(db, enrolment.id));
  return { training, type, enrolment, structure, steps, state };
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

export async function quizView(db: Db, enrolmentId: number, quiz: { id: number; kind: string; title: string; passScore: number | null }): Promise<QuizView> {
  const questions = await loadQuizQuestions(db, quiz.id);
  const tracking = await latestTracking(db, enrolmentId, quiz.id);
  // The answered attempt is shown in its own order; an open quiz in the order of the attempt to come.
  const attempt = await attemptNumber(db, enrolmentId, quiz.id, tracking?.id ?? null);
  return {
    id: quiz.id,
    kind: quiz.kind,
    title: quiz.title,
    hidden: tracking !== undefined,
    passScore: quiz.passScore,
    // Never the correct flags: the learner answers first.
    questions: questions.map((q) => ({
      id: q.id,
      kind: q.kind,
      text: q.text,
      // An opinion question's choices are a scale: kept in their order.
      choices: (isOpinionQuestion(q) ? q.choices : seededShuffle(q.choices, `${attempt.seed}:${q.id}`)).map(({ id, text }) => ({ id, text })),
    })),
    tracking: trackingView(tracking, questions),
  };
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

async function stepView(db: Db, flow: LoadedFlow, step: FlowState["steps"][number], now: Date): Promise<StepView> {
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
  // The first time the learner is shown the current video is when its watching can start (ADR 0020).
  if (module && mediaUrl && step.status === "current") {
    await startModuleProgress(db, flow.enrolment.id, module.id, now);
  }
  const progress = module ? await findModuleProgress(db, flow.enrolment.id, module.id) : undefined;
  if (module && step.moduleKind === "podcast") mediaUrl = publicFile(module.mediaPath) ? `/back/api/getAudioStream/${module.id}` : null;
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
    quiz: quiz ? await quizView(db, flow.enrolment.id, quiz) : null,
    session,
  };
}

export async function flowView(db: Db, flow: LoadedFlow, now: Date, requestedStep?: string | null): Promise<FlowView> {
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
    step: shown ? await stepView(db, flow, shown, now) : null,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Advancing

/** position: where a video's player stopped (seconds), reported when it ended. */
export type AdvanceInput = { stepId: string; answers?: QuizAnswers; position?: number };

function answerFieldErrors(questions: QuizQuestionRow[], answers: QuizAnswers): FieldErrors | null {
  const problems = checkQuizAnswers(questions, answers);
  if (problems.length === 0) return null;
  const key = { unknownQuestion: "flowUnknownQuestion", unknownChoice: "flowUnknownChoice", oneChoiceOnly: "flowOneChoiceOnly" } as const;
  return Object.fromEntries(problems.map((p) => [`answers.${p.questionId}`, [key[p.problem]]]));
}

/** Called once a training is finished; the attestations and badges areas plug in here. */
export type FinishHooks = { onFinished?: (enrolmentId: number, userId: number) => Promise<void> };

/**
 * Completes the current step (POST currentFlow, module complete, evaluation answer). A quiz step needs its answers
 * (checked, then scored into quiz_trackings). Runs in one transaction with the enrolment row locked, so two posts
 * of the same step cannot both count.
 */
export async function advanceFlow(
  deps: Deps,
  userId: number,
  trainingId: number,
  input: AdvanceInput,
  options: { family?: string; alreadyDoneIsOk?: boolean; hooks?: FinishHooks } = {},
): Promise<{ flow: LoadedFlow; result: QuizResultView | null; finishedNow: boolean }> {
  const { db } = deps;
  const before = await loadFlow(db, userId, trainingId, options.family);
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
  const live = step.moduleKind === "faceToFace" || step.moduleKind === "virtualClass" || step.moduleKind === "webinar";
  const now = deps.now();
  const stepStatus = before.state.steps.find((s) => s.id === step.id)?.status;
  const video = step.moduleId !== null && step.moduleKind === "video" ? before.structure.modules.get(step.moduleId) : undefined;
  const seconds = video && publicFile(video.mediaPath) ? videoSeconds(video.mediaPath) : null;
  if (seconds !== null && stepStatus === "current") {
    // ADR 0020: played to the end (the reported position), or confirmed once the video's duration has passed.
    const progress = await findModuleProgress(db, before.enrolment.id, step.moduleId!);
    const watched = checkWatched({ seconds, openedAt: progress?.startedAt ?? null, now, position: input.position ?? null });
    if (!watched.ok) throw new AppError("CONFLICT", "flowVideoNotWatched", { values: { seconds: watched.secondsLeft } });
  }
  if (live && before.state.steps.find((s) => s.id === step.id)?.status === "current") {
    const sessionId = before.enrolment.sessionId ?? (await sessionOfTraining(db, trainingId, now));
    const session = sessionId ? await loadSession(db, sessionId) : undefined;
    if (session && !sessionView(session, now).started) throw new AppError("CONFLICT", "flowSessionNotStarted");
  }

  let result: QuizResultView | null = null;
  let finishedNow = false;
  let done = false;
  await db.transaction(async (tx) => {
    await lockEnrolment(tx, before.enrolment.id);
    const state = flowState(before.steps, await completedStepIds(tx, before.enrolment.id));
    const check = checkAdvance(state, step.id);
    if (check === "done" && options.alreadyDoneIsOk) {
      done = true;
      return;
    }
    if (check === "done") throw new AppError("CONFLICT", "flowStepDone");
    if (check !== "ok") throw new AppError("CONFLICT", "flowStepAhead");

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
      const quiz = before.structure.quizzes.get(step.quizId);
      result = {
        quizId: step.quizId,
        score: scored.score,
        notAnswered: scored.notAnswered,
        passed: quiz?.passScore === null || quiz?.passScore === undefined ? null : scored.score >= quiz.passScore,
      };
    }
    if (step.moduleId !== null) {
      await completeModuleProgress(tx, before.enrolment.id, step.moduleId, now);
    }
    const after = flowState(before.steps, [...state.steps.filter((s) => s.status === "done").map((s) => s.id), step.id]);
    finishedNow = after.finished;
    const startedAt = before.enrolment.startedAt ?? now;
    await updateEnrolmentProgress(tx, before.enrolment.id, {
      progressPercent: after.progressPercent,
      status: after.finished ? "finished" : "in_progress",
      startedAt,
      finishedAt: after.finished ? now : null,
    });
    await recordHistory(tx, {
      userId,
      trainingId,
      since: before.enrolment.createdAt,
      startDate: startedAt,
      endDate: after.finished ? now : null,
      initialScore: step.quizKind === "pre_test" && result ? (result as QuizResultView).score : undefined,
      // A quiz training has no post-test: its quiz is the final assessment (ADR 0019).
      finalScore: (step.quizKind === "post_test" || step.quizKind === "standalone") && result ? (result as QuizResultView).score : undefined,
    });
  });
  const flow = await loadFlow(db, userId, trainingId, options.family);
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

/** Creates or updates the history entry of the enrolment (scores are stored; points are the records area's). */
async function recordHistory(
  db: DbOrTx,
  entry: { userId: number; trainingId: number; since: Date; startDate: Date; endDate: Date | null; initialScore?: number; finalScore?: number },
) {
  const existing = await findHistoryEntry(db, entry.userId, entry.trainingId, entry.since);
  const scores = {
    ...(entry.initialScore !== undefined ? { initialScore: entry.initialScore } : {}),
    ...(entry.finalScore !== undefined ? { finalScore: entry.finalScore } : {}),
  };
  if (existing) {
    await updateHistoryEntry(db, existing.id, { endDate: entry.endDate, ...scores });
  } else {
    await insertHistoryEntry(db, { userId: entry.userId, trainingId: entry.trainingId, startDate: entry.startDate, endDate: entry.endDate, ...scores });
  }
}

/**
 * DELETE dpc/currentFlow: back to the first step. Module progress is removed; quiz attempts are kept (quiz history)
 * but detached from the enrolment so they no longer count as done; the enrolment is pending again with 0 %.
 * Issued attestations stay valid.
 */
export async function resetFlow(deps: Deps, userId: number, trainingId: number, family: string): Promise<LoadedFlow> {
  const flow = await loadFlow(deps.db, userId, trainingId, family);
  const id = flow.enrolment.id;
  await deps.db.transaction(async (tx) => {
    await lockEnrolment(tx, id);
    await deleteModuleProgress(tx, id);
    await detachQuizTrackings(tx, id);
    await updateEnrolmentProgress(tx, id, { status: "pending", progressPercent: 0, finishedAt: null });
    const entry = await findHistoryEntry(tx, userId, trainingId, flow.enrolment.createdAt);
    if (entry) await updateHistoryEntry(tx, entry.id, { endDate: null });
  });
  return loadFlow(deps.db, userId, trainingId, family);
}

// ---------------------------------------------------------------------------------------------------------------
// Module endpoints (id = module id)

export async function loadModuleFlow(db: Db, userId: number, moduleId: number, kinds: readonly string[]) {
  const found = await findModuleWithTraining(db, moduleId);
  if (!found) throw new AppError("NOT_FOUND", "flowModuleNotFound");
  const flow = await loadFlow(db, userId, found.trainingId);
  const step = flow.state.steps.find((s) => s.moduleId === moduleId);
  if (!step || !step.moduleKind || !kinds.includes(step.moduleKind)) throw new AppError("NOT_FOUND", "flowModuleNotFound");
  return { flow, step, module: found.module };
}

/** Saves the playback position of a video or podcast module the learner has reached. */
export async function savePosition(deps: Deps, userId: number, moduleId: number, positionSeconds: number) {
  const { flow, step } = await loadModuleFlow(deps.db, userId, moduleId, ["video", "podcast"]);
  if (step.status === "locked") throw new AppError("CONFLICT", "flowStepLocked");
  const now = deps.now();
  await saveModulePosition(deps.db, flow.enrolment.id, moduleId, positionSeconds, now);
  return { moduleId, positionSeconds };
}

/** Records that the learner opened a module (no change when it is already started or completed). */
export async function markStarted(deps: Deps, enrolmentId: number, moduleId: number) {
  const now = deps.now();
  await startModuleProgress(deps.db, enrolmentId, moduleId, now);
}

export async function hasModuleProgress(db: Db, enrolmentId: number, moduleId: number) {
  return findModuleProgressStatus(db, enrolmentId, moduleId);
}
