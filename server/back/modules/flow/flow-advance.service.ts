/**
 * Advancing in the flow (ADR 0012, 0107, 0108): completing the current step (a quiz's answers checked and scored, a
 * medium played to its end, a live session started), in one transaction with the enrolment row locked, with the
 * enrolment's progress and its history entry (scores, outcome) written with it and the after-finish hooks run once
 * the training is finished; and starting the flow over (resetFlow).
 */
import type { Db, DbOrTx } from "../../../db/client.ts";
import { checkAdvance, type FlowStep } from "#core/domain/flow-steps.ts";
import { attemptRefusal, gradedState, isGraded, trainingOutcome, type GradedState, type Outcome, type StepRecords } from "#core/domain/pass-rules.ts";
import { answersToList, checkQuizAnswers, scoreQuiz, type QuizAnswers } from "#core/domain/quiz.ts";
import { AppError, type FieldErrors } from "../../http/app-error.ts";
import {
  completeModuleProgress,
  deleteModuleProgress,
  detachQuizTrackings,
  findHistoryEntry,
  findModuleProgress,
  insertHistoryEntry,
  insertQuizTracking,
  loadQuizQuestions,
  loadSession,
  loadStepRecords,
  lockEnrolment,
  updateEnrolmentProgress,
  updateHistoryEntry,
  type QuizQuestionRow,
} from "./flow.repository.ts";
import { publicFile, sessionView } from "./flow-view.service.ts";
import { gradedStepCount, loadFlow, stateOf, type LoadedFlow } from "./flow.service.ts";
import type { ServiceContext } from "../../service-context.ts";
import { sessionOfTraining } from "./session-lookup.ts";
import { checkWatched, podcastSeconds, videoSeconds } from "./video-media.ts";
import type { QuizResultView } from "#core/contract/flow.ts";

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
  if (!played.ok)
    throw new AppError("CONFLICT", step.moduleKind === "video" ? "flowVideoNotWatched" : "flowAudioNotListened", { values: { seconds: played.secondsLeft } });
}
/** Refuses an attempt at a graded quiz while the wait runs, and once passed or without any attempt left. */
function refuseAttempt(state: GradedState, now: Date): void {
  const refusal = attemptRefusal(state);
  if (refusal === "waiting")
    throw new AppError("CONFLICT", "flowRetryWaiting", {
      data: { retryAt: state.retryAt!.toISOString() },
      values: { minutes: minutesUntil(state.retryAt!, now) },
    });
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
  ctx: ServiceContext,
  userId: number,
  trainingId: number,
  input: AdvanceInput,
  options: { family?: string; alreadyDoneIsOk?: boolean; hooks?: FinishHooks } = {},
): Promise<{ flow: LoadedFlow; result: QuizResultView | null; finishedNow: boolean }> {
  const { db } = ctx;
  const now = ctx.now();
  const before = await loadFlow(ctx, userId, trainingId, now, options.family);
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
      result = {
        quizId: step.quizId,
        score: scored.score,
        notAnswered: scored.notAnswered,
        passed: null,
        passScore: null,
        status: null,
        attemptsLeft: null,
        retryAt: null,
      };
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
  const flow = await loadFlow(ctx, userId, trainingId, ctx.now(), options.family);
  if (finishedNow && !done && options.hooks?.onFinished) {
    try {
      await options.hooks.onFinished(before.enrolment.id, userId);
    } catch (error) {
      // The training is finished whatever happens next; a failed attestation or badge is logged and retried later.
      ctx.logger.error({ err: error, enrolmentId: before.enrolment.id }, "after-finish hook failed");
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
export async function resetFlow(ctx: ServiceContext, userId: number, trainingId: number, family: string): Promise<LoadedFlow> {
  const flow = await loadFlow(ctx, userId, trainingId, ctx.now(), family);
  if (flow.state.failed) throw new AppError("CONFLICT", "flowEnded");
  const id = flow.enrolment.id;
  await ctx.db.transaction(async (tx) => {
    await lockEnrolment(tx, id);
    await deleteModuleProgress(tx, id);
    await detachQuizTrackings(tx, id);
    await updateEnrolmentProgress(tx, id, { status: "pending", progressPercent: 0, finishedAt: null });
    const entry = await findHistoryEntry(tx, userId, trainingId, flow.enrolment.createdAt);
    if (entry) await updateHistoryEntry(tx, entry.id, { endDate: null, outcome: null, attempts: null });
  });
  return loadFlow(ctx, userId, trainingId, ctx.now(), family);
}
