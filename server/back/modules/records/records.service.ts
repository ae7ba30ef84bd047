import type { ServiceContext } from "../../service-context.ts";
import { pickCurrentTraining } from "#core/domain/current-training.ts";
import { toParisDate } from "#core/domain/dates.ts";
import { historyEntryPoints } from "#core/domain/points.ts";
import { activityMonthRange, placeActivitiesOnRows, planPeriod } from "#core/domain/training-plan.ts";
import { AppError } from "../../http/app-error.ts";
import { loadQuestionsOfQuizzes } from "../flow/flow.repository.ts";
import {
  listAnsweredTrackings,
  listSessionDays,
  listSuggestions,
  moduleCounts,
  tagsOf,
  trainingNames,
  type EnrolmentRow,
  type HistoryRow,
} from "./records.repository.ts";
import { enrolmentsOf, historyOf, type RecordsReader } from "./records-reads.ts";
import type {
  HistoryPayload,
  PlanActivityPayload,
  TrainingPlan as TrainingPlanPayload,
  TrainingsPayload,
  UserTraining as UserTrainingPayload,
} from "#core/contract/records.ts";

/** What the records endpoints need to know about the caller. */
export type Viewer = RecordsReader & { pointsAccess: boolean; now: Date };

// ---------------------------------------------------------------------------------------------------------------
// Trainings (current and upcoming)

async function userTrainings(ctx: ServiceContext, viewer: Viewer, rows: EnrolmentRow[]): Promise<UserTrainingPayload[]> {
  const days = await listSessionDays(
    ctx.db,
    rows.flatMap((r) => (r.sessionId === null ? [] : [r.sessionId])),
  );
  return rows.map((row) => ({
    enrolmentId: row.id,
    status: row.status,
    progressPercent: row.progressPercent,
    startedAt: row.startedAt?.toISOString() ?? null,
    course: {
      id: row.training.id,
      type: row.training.type,
      points: viewer.pointsAccess ? row.training.points : null,
      name: row.training.name,
      slug: row.training.slug,
    },
    sessions: (row.sessionId === null ? [] : (days.get(row.sessionId) ?? [])).map((startDate) => ({ startDate })),
    mfo_tracking: { dossierId: row.dossierId },
    dossier_resource: row.dpcProgrammeId !== null ? { id: row.dpcProgrammeId, type: "dpcProgramme" } : { id: row.training.id, type: "training" },
  }));
}

/**
 * Unfinished enrolments split in two: upcoming = on a waiting list, or booked on a session whose first day is
 * after today (Paris); current = everything else not finished. Most recently active first.
 */
export async function getTrainings(ctx: ServiceContext, viewer: Viewer): Promise<TrainingsPayload> {
  const rows = (await enrolmentsOf(ctx.db, viewer)).filter((r) => r.status !== "finished");
  const trainings = await userTrainings(ctx, viewer, rows);
  const today = toParisDate(viewer.now);
  const upcoming: UserTrainingPayload[] = [];
  const current: UserTrainingPayload[] = [];
  for (const training of trainings) {
    const first = training.sessions[0]?.startDate;
    const isUpcoming = training.status === "waiting_list" || (first !== undefined && first > today);
    (isUpcoming ? upcoming : current).push(training);
  }
  return { upcoming, current };
}

/** The trainings response plus the current training (spec section 4 rule, over current then upcoming). */
export async function getCurrentFormations(ctx: ServiceContext, viewer: Viewer) {
  const { upcoming, current } = await getTrainings(ctx, viewer);
  const currentTraining = pickCurrentTraining([...current, ...upcoming.filter((t) => t.status !== "waiting_list")], viewer.now);
  return { currentTraining, current, upcoming };
}

// ---------------------------------------------------------------------------------------------------------------
// History

/** The points rule of spec section 3; a failed training earns none (ADR 0107). */
export function entryPoints(row: HistoryRow): number {
  return historyEntryPoints(
    { formations: [{ initialScore: row.initialScore, finalScore: row.finalScore }], points: row.points, outcome: row.outcome },
    row.training.points,
  );
}

export async function getHistory(ctx: ServiceContext, viewer: Viewer): Promise<HistoryPayload> {
  const rows = await historyOf(ctx.db, viewer);
  const entries = rows.map((row) => ({
    id: row.id,
    startDate: row.startDate.toISOString(),
    endDate: row.endDate?.toISOString() ?? null,
    courseId: row.trainingId,
    course: { name: row.training.name, slug: row.training.slug, type: row.training.type },
    formations: [{ initialScore: row.initialScore, finalScore: row.finalScore }],
    points: viewer.pointsAccess ? entryPoints(row) : null,
    outcome: row.outcome,
    attempts: row.attempts,
    passScore: row.passScore,
  }));
  return {
    entries,
    totals: {
      entries: entries.length,
      finished: rows.filter((r) => r.endDate !== null).length,
      points: viewer.pointsAccess ? rows.reduce((sum, row) => sum + entryPoints(row), 0) : null,
    },
    pointsAccess: viewer.pointsAccess,
  };
}

/** Ids, dates and points only. */
export async function getHistoryLight(ctx: ServiceContext, viewer: Viewer) {
  const rows = await historyOf(ctx.db, viewer);
  return rows.map((row) => ({
    id: row.id,
    courseId: row.trainingId,
    startDate: row.startDate.toISOString(),
    endDate: row.endDate?.toISOString() ?? null,
    points: viewer.pointsAccess ? entryPoints(row) : null,
  }));
}

const oneDecimal = (n: number) => Math.round(n * 10) / 10;
const mean = (values: number[]) => (values.length ? oneDecimal(values.reduce((a, b) => a + b, 0) / values.length) : null);

/**
 * Averages over the history entries: initialScore over entries with a pre-test score, finalScore over those with
 * a post-test score, progress = mean of (final - initial) over entries having both. Percents, one decimal.
 */
export async function getCurrentAverages(ctx: ServiceContext, viewer: Viewer) {
  const rows = await historyOf(ctx.db, viewer);
  const initial = rows.flatMap((r) => (r.initialScore === null ? [] : [r.initialScore]));
  const final = rows.flatMap((r) => (r.finalScore === null ? [] : [r.finalScore]));
  const both = rows.flatMap((r) => (r.initialScore !== null && r.finalScore !== null ? [r.finalScore - r.initialScore] : []));
  return {
    initialScore: mean(initial),
    finalScore: mean(final),
    progress: mean(both),
    counts: { initialScore: initial.length, finalScore: final.length, progress: both.length },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Quizzes

/** The user's answered quizzes, newest first: each question with the user's choices and the correct ones. */
export async function getQuestionsAnswers(ctx: ServiceContext, viewer: Viewer) {
  const [trackings, enrolmentRows] = await Promise.all([listAnsweredTrackings(ctx.db, viewer.userId), enrolmentsOf(ctx.db, viewer)]);
  const questions = await loadQuestionsOfQuizzes(ctx.db, [...new Set(trackings.map((t) => t.quizId))]);
  const trainingOfEnrolment = new Map(enrolmentRows.map((e) => [e.id, e.trainingId]));
  const trainingIdOf = (t: (typeof trackings)[number]) =>
    t.quiz.trainingId ?? (t.enrolmentId !== null ? (trainingOfEnrolment.get(t.enrolmentId) ?? null) : null);
  const names = await trainingNames(ctx.db, [...new Set(trackings.flatMap((t) => trainingIdOf(t) ?? []))]);
  return trackings.map((tracking) => {
    const trainingId = trainingIdOf(tracking);
    const training = trainingId !== null ? names.get(trainingId) : undefined;
    return {
      id: tracking.id,
      date: (tracking.answeredAt ?? tracking.startDate)?.toISOString() ?? null,
      quizId: tracking.quizId,
      quiz: { kind: tracking.quiz.kind, title: tracking.quiz.title },
      training: training && trainingId !== null ? { id: trainingId, ...training } : null,
      score: tracking.score,
      questions: questions
        .filter((q) => q.quizId === tracking.quizId)
        .map((q) => {
          const chosen = tracking.answers[String(q.id)] ?? [];
          const correct = q.choices.filter((c) => c.correct).map((c) => c.id);
          return {
            id: q.id,
            text: q.text,
            choices: q.choices.map((c) => ({ id: c.id, text: c.text, correct: c.correct, chosen: chosen.includes(c.id) })),
            answeredChoiceIds: chosen,
            correctChoiceIds: correct,
            // An opinion question is never right or wrong (ADR 0107).
            isCorrect: correct.length === 0 ? null : chosen.length === correct.length && correct.every((id) => chosen.includes(id)),
          };
        }),
    };
  });
}

// ---------------------------------------------------------------------------------------------------------------
// checkFormation, tracking, trainingsList

type TrainingState = {
  trainingId: number;
  enrolled: boolean;
  status: string | null;
  finished: boolean;
  finishedAt: string | null;
};

function stateOf(trainingId: number, enrolmentRows: EnrolmentRow[], history: HistoryRow[]): TrainingState {
  const enrolment = enrolmentRows.find((e) => e.trainingId === trainingId);
  const ended = history.find((h) => h.trainingId === trainingId && h.endDate !== null);
  const finishedAt = enrolment?.status === "finished" ? (enrolment.finishedAt ?? ended?.endDate ?? null) : (ended?.endDate ?? null);
  const finished = enrolment?.status === "finished" || ended !== undefined;
  return {
    trainingId,
    enrolled: enrolment !== undefined,
    status: enrolment?.status ?? (ended ? "finished" : null),
    finished,
    finishedAt: finished ? (finishedAt?.toISOString() ?? null) : null,
  };
}

/**
 * Whether training `a` is a completed prerequisite of training `b` for the user (ADR 0013): the state of each,
 * `prerequisiteMet` (a finished), and `inOrder` (a finished before b was finished, or b not finished yet).
 */
export async function checkFormation(ctx: ServiceContext, viewer: Viewer, a: number, b: number) {
  const names = await trainingNames(ctx.db, [a, b]);
  if (!names.has(a) || !names.has(b)) throw new AppError("NOT_FOUND", "notFound");
  const [enrolmentRows, history] = await Promise.all([enrolmentsOf(ctx.db, viewer), historyOf(ctx.db, viewer)]);
  const stateA = stateOf(a, enrolmentRows, history);
  const stateB = stateOf(b, enrolmentRows, history);
  const inOrder = stateA.finished && (!stateB.finished || (stateA.finishedAt !== null && stateB.finishedAt !== null && stateA.finishedAt <= stateB.finishedAt));
  return { a: stateA, b: stateB, prerequisiteMet: stateA.finished, inOrder };
}

/** Progress of each enrolment: completed / total modules and the latest score of each quiz attempted. */
export async function getTracking(ctx: ServiceContext, viewer: Viewer) {
  const [rows, trackings] = await Promise.all([enrolmentsOf(ctx.db, viewer), listAnsweredTrackings(ctx.db, viewer.userId)]);
  const counts = await moduleCounts(
    ctx.db,
    [...new Set(rows.map((r) => r.trainingId))],
    rows.map((r) => r.id),
  );
  return rows.map((row) => {
    const latest = new Map<number, (typeof trackings)[number]>();
    for (const t of trackings) {
      const mine = t.enrolmentId === row.id || (t.enrolmentId === null && t.quiz.trainingId === row.trainingId);
      if (mine && !latest.has(t.quizId)) latest.set(t.quizId, t);
    }
    return {
      enrolmentId: row.id,
      trainingId: row.trainingId,
      name: row.training.name,
      slug: row.training.slug,
      type: row.training.type,
      status: row.status,
      progressPercent: row.progressPercent,
      modules: { completed: counts.completed.get(row.id) ?? 0, total: counts.total.get(row.trainingId) ?? 0 },
      quizzes: [...latest.values()].map((t) => ({
        quizId: t.quizId,
        kind: t.quiz.kind,
        title: t.quiz.title,
        score: t.score,
        date: (t.answeredAt ?? t.startDate)?.toISOString() ?? null,
      })),
    };
  });
}

/** Every training the user is or was on (enrolments, then history-only ones as finished), by name. */
export async function getTrainingsList(ctx: ServiceContext, viewer: Viewer) {
  const [rows, history] = await Promise.all([enrolmentsOf(ctx.db, viewer), historyOf(ctx.db, viewer)]);
  const list = new Map<number, { id: number; enrolmentId: number | null; name: string; slug: string; type: string; status: string }>();
  for (const row of rows) {
    if (!list.has(row.trainingId)) {
      list.set(row.trainingId, { id: row.trainingId, enrolmentId: row.id, ...pickName(row.training), status: row.status });
    }
  }
  for (const h of history) {
    if (!list.has(h.trainingId)) {
      list.set(h.trainingId, { id: h.trainingId, enrolmentId: null, ...pickName(h.training), status: h.endDate ? "finished" : "in_progress" });
    }
  }
  return [...list.values()].sort((x, y) => x.name.localeCompare(y.name, "fr"));
}

const pickName = (t: { name: string; slug: string; type: string }) => ({ name: t.name, slug: t.slug, type: t.type });

// ---------------------------------------------------------------------------------------------------------------
// Suggestions

export const SUGGESTIONS_LIMIT = 6;

/**
 * Published trainings of the user's brand the user is not on (enrolment or history), in the user's audience,
 * ranked by tags shared with the user's trainings, then new ones, then newest.
 */
export async function getSuggestions(ctx: ServiceContext, viewer: Viewer, profile: { brand: string; isPharmacist: boolean; isHolder: boolean }) {
  const [rows, history] = await Promise.all([enrolmentsOf(ctx.db, viewer), historyOf(ctx.db, viewer)]);
  const mine = [...new Set([...rows.map((r) => r.trainingId), ...history.map((h) => h.trainingId)])];
  const myTags = [...new Set([...(await tagsOf(ctx.db, mine)).values()].flat())];
  const best = await listSuggestions(
    ctx.db,
    profile.brand,
    mine,
    { isPharmacist: profile.isPharmacist, isHolder: profile.isHolder },
    myTags,
    SUGGESTIONS_LIMIT,
  );
  const mineTags = new Set(myTags);
  const ranked = best.map((c) => ({ c, shared: c.tags.filter((tag) => mineTags.has(tag)) }));
  return ranked.map(({ c, shared }) => ({
    id: c.id,
    name: c.name,
    slug: c.slug,
    type: c.type,
    illustration: c.mainIllustration,
    durationMinutes: c.durationMinutes,
    isNew: c.isNew,
    tags: c.tags,
    sharedTags: shared,
  }));
}

// ---------------------------------------------------------------------------------------------------------------
// Personal training plan

/**
 * The learner's personal plan (ADR 0013): one activity per enrolment not cancelled. startDate = first session day,
 * else the start, else the enrolment date; finishDate = the finish, else the last session day, else null.
 * fromDate/toDate span whole months. The period covers the activities and at least 12 months (spec section 4);
 * without activities it starts this month. A personal plan has no Id, users or historyPlans.
 */
export async function getTrainingPlan(ctx: ServiceContext, viewer: Viewer): Promise<TrainingPlanPayload> {
  const rows = await enrolmentsOf(ctx.db, viewer);
  const days = await listSessionDays(
    ctx.db,
    rows.flatMap((r) => (r.sessionId === null ? [] : [r.sessionId])),
  );
  const activities: PlanActivityPayload[] = rows.map((row) => {
    const sessionDays = row.sessionId === null ? [] : (days.get(row.sessionId) ?? []);
    const startDate = sessionDays[0] ?? toParisDate(row.startedAt ?? row.createdAt);
    const rawFinish = row.finishedAt ? toParisDate(row.finishedAt) : (sessionDays.at(-1) ?? null);
    const finishDate = rawFinish !== null && rawFinish < startDate ? startDate : rawFinish;
    return {
      id: row.id,
      trainingId: row.trainingId,
      name: row.training.name,
      slug: row.training.slug,
      type: row.training.type,
      status: row.status,
      startDate,
      finishDate,
      ...activityMonthRange(startDate, finishDate),
    };
  });
  const today = toParisDate(viewer.now);
  const first = activities.reduce((min, a) => (a.startDate < min ? a.startDate : min), activities[0]?.startDate ?? today);
  const last = activities.reduce((end, a) => ((a.finishDate ?? a.startDate) > end ? (a.finishDate ?? a.startDate) : end), first);
  const period = planPeriod(first, last);
  return {
    Id: null,
    startDate: period.startDate,
    endDate: period.endDate,
    monthCount: period.monthCount,
    activities: placeActivitiesOnRows(activities),
    users: {},
    historyPlans: [],
  };
}
