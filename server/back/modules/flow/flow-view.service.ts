/**
 * What the learning view shows (ADR 0012, 0107, 0108): the steps and the step shown, with its content, its medium
 * (only if the file is there), its live session and join window, and its quiz as the learner sees it in this
 * enrolment (open form or latest attempt, the attempts kept, the review, where a graded quiz stands). Reading only,
 * except that showing the current video or episode for the first time starts its playing time.
 */
import fs from "node:fs";
import path from "node:path";
import type { ServiceContext } from "../../service-context.ts";
import { isStepReachable, type FlowState } from "#core/domain/flow-steps.ts";
import { seededShuffle } from "#core/domain/shuffle.ts";
import { gradedState, isGraded, isPassing, type GradedState, type PassRules } from "#core/domain/pass-rules.ts";
import { answerIsRight, answersToList, EMPTY_QUIZ_TRACKING, isOpinionQuestion, type QuizTracking } from "#core/domain/quiz.ts";
import { joinState, joinWindow, zonedTimeToInstant } from "#core/domain/seats-join-window.ts";
import { AppError } from "../../http/app-error.ts";
import { sanitizeContentHtml } from "../content/sanitize.ts";
import {
  attemptNumber,
  findModuleProgress,
  listQuizAttempts,
  loadQuizQuestions,
  loadSession,
  startModuleProgress,
  type QuizQuestionRow,
  type QuizTrackingRow,
} from "./flow.repository.ts";
import type { LoadedFlow } from "./flow.service.ts";
import { sessionOfTraining } from "./session-lookup.ts";
import { podcastSeconds, podcastTranscript, videoCaptions, videoSeconds } from "./video-media.ts";
import type { FlowView, Grading, QuizView, SessionView, StepView } from "#core/contract/flow.ts";

export const PUBLIC_DIR = path.resolve(import.meta.dirname, "../../../../public");

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
export async function quizView(
  ctx: ServiceContext,
  flow: Pick<LoadedFlow, "enrolment" | "rules">,
  quiz: ShownQuiz,
  now: Date,
  options: { retry?: boolean } = {},
): Promise<QuizView> {
  const { db } = ctx;
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

async function stepView(
  ctx: ServiceContext,
  flow: LoadedFlow,
  step: FlowState["steps"][number],
  now: Date,
  options: { retry: boolean; lang: string },
): Promise<StepView> {
  const { db } = ctx;
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
    quiz: quiz ? await quizView(ctx, flow, quiz, now, { retry: options.retry && step.status === "current" }) : null,
    session,
  };
}

/**
 * What the learning view shows: the steps and the current one, or the step asked for with `step`. `retry`: the
 * learner asked to try the current graded quiz again. `lang`: the language of a transcript.
 */
export async function flowView(
  ctx: ServiceContext,
  flow: LoadedFlow,
  now: Date,
  options: { step?: string | null; retry?: boolean; lang?: string } = {},
): Promise<FlowView> {
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
    step: shown ? await stepView(ctx, flow, shown, now, { retry: options.retry === true, lang: options.lang ?? "fr" }) : null,
  };
}
