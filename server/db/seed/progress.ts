import { and, eq, inArray } from "drizzle-orm";
import { buildFlowSteps, type FlowStep } from "#core/domain/flow-steps.ts";
import { isGraded, outcomeFrom, passRulesFrom, trainingOutcome, type PassRules } from "#core/domain/pass-rules.ts";
import { scoreQuiz } from "#core/domain/quiz.ts";
import { effectiveTrainingType, type TrainingType } from "#core/domain/training-types.ts";
import { findFlowTraining, findPassRules, loadFlowStructure, loadQuizQuestions, loadStepRecords } from "../../back/modules/flow/flow.repository.ts";
import { gradedStepCount, stateOf } from "../../back/modules/flow/flow.service.ts";
import type { Db } from "../client.ts";
import * as t from "../schema/index.ts";
import type { Clock, SeedDb } from "./util.ts";

/**
 * The step records behind every started or finished demo enrolment (ADR 0019): progress lives in the steps
 * (completed module_progress rows, answered quiz_trackings), as the flow writes them, and the enrolment's
 * progress_percent is computed from them by the flow's own rule. The activity seed only says how far each
 * learner roughly got (its progress_percent); this turns that into the first steps done, in order. A graded
 * quiz is answered well enough to pass it, and a finished enrolment's history says how it ended (ADR 0107).
 */
export async function seedStepRecords(db: SeedDb, clock: Clock): Promise<void> {
  const rows = await db
    .select()
    .from(t.enrolments)
    .where(inArray(t.enrolments.status, ["in_progress", "finished"]))
    .orderBy(t.enrolments.id);
  for (const enrolment of rows) await seedEnrolmentSteps(db, clock, enrolment);
}

/** One enrolment's step records (for seeds that add an enrolment after seedStepRecords ran). */
export async function seedEnrolmentSteps(db: Db, clock: Clock, enrolment: typeof t.enrolments.$inferSelect): Promise<void> {
  const training = await findFlowTraining(db, enrolment.trainingId);
  if (!training) return;
  const type = effectiveTrainingType({ type: training.type as TrainingType, isVirtual: training.isVirtual, hasDpcData: training.hasDpcData });
  const structure = await loadFlowStructure(db, training.id, type);
  const steps = buildFlowSteps(structure.input);
  const rules = passRulesFrom(await findPassRules(db, training.id), type);
  const learning = steps.filter((s) => s.kind !== "attestation");
  if (learning.length === 0) return;
  const finished = enrolment.status === "finished";
  // An unfinished enrolment has done at least one step and not all of them.
  const wanted = finished ? learning.length : Math.min(learning.length - 1, Math.max(1, Math.round((enrolment.progressPercent / 100) * learning.length)));
  const before = await loadStepRecords(db, enrolment.id);
  const answered = (step: FlowStep) => step.quizId !== null && (before.attemptsByQuiz.get(step.quizId)?.length ?? 0) > 0;
  const history = await historyScores(db, enrolment.userId, enrolment.trainingId);
  const start = enrolment.startedAt ?? enrolment.createdAt;
  const end = enrolment.finishedAt ?? clock.now;
  // Steps done at regular times between the start and the end (or now).
  const at = (index: number) => new Date(start.getTime() + ((end.getTime() - start.getTime()) * (index + 1)) / (wanted + 1));

  for (const [index, step] of learning.slice(0, wanted).entries()) {
    const when = at(index);
    // A quiz the activity seed already answered keeps its attempts; its module is still marked done, as the flow does.
    if (step.quizId !== null && !answered(step))
      await answerQuiz(db, enrolment, step, targetScore(step, history), passScoreOf(step, structure.quizzes, rules), when);
    if (step.moduleId !== null) {
      await db
        .insert(t.moduleProgress)
        .values({ enrolmentId: enrolment.id, moduleId: step.moduleId, status: "completed", startedAt: when, completedAt: when, updatedAt: when })
        .onConflictDoUpdate({
          target: [t.moduleProgress.enrolmentId, t.moduleProgress.moduleId],
          set: { status: "completed", completedAt: when, updatedAt: when },
        });
    }
  }
  const records = await loadStepRecords(db, enrolment.id);
  const [entry] = await db
    .select({ outcome: t.historyEntries.outcome })
    .from(t.historyEntries)
    .where(and(eq(t.historyEntries.userId, enrolment.userId), eq(t.historyEntries.trainingId, enrolment.trainingId)))
    .limit(1);
  const flow = { steps, structure, rules, enrolment, outcome: outcomeFrom(entry?.outcome) };
  const state = stateOf(flow, records, clock.now);
  await db.update(t.enrolments).set({ progressPercent: state.progressPercent }).where(eq(t.enrolments.id, enrolment.id));
  if (finished && entry && entry.outcome === null) {
    const final = learning.filter((s) => s.quizKind === "post_test" || s.quizKind === "standalone").at(-1);
    const attempts = final?.quizId ? (records.attemptsByQuiz.get(final.quizId)?.length ?? 0) : null;
    await db
      .update(t.historyEntries)
      .set({
        outcome: trainingOutcome({ rules, gradedSteps: gradedStepCount(flow), failed: false }),
        attempts,
        passScore: final ? passScoreOf(final, structure.quizzes, rules) : null,
      })
      .where(and(eq(t.historyEntries.userId, enrolment.userId), eq(t.historyEntries.trainingId, enrolment.trainingId)));
  }
}

/** The passing score of a graded quiz step under the training's rules, else null. */
function passScoreOf(step: FlowStep, quizzes: ReadonlyMap<number, { kind: string; passScore: number | null }>, rules: PassRules): number | null {
  const quiz = step.quizId !== null ? quizzes.get(step.quizId) : undefined;
  return quiz && isGraded(quiz, rules) ? quiz.passScore : null;
}

type Scores = { initial: number | null; final: number | null };

async function historyScores(db: Db, userId: number, trainingId: number): Promise<Scores> {
  const [row] = await db
    .select({ initial: t.historyEntries.initialScore, final: t.historyEntries.finalScore })
    .from(t.historyEntries)
    .where(and(eq(t.historyEntries.userId, userId), eq(t.historyEntries.trainingId, trainingId)))
    .limit(1);
  return { initial: row?.initial ?? null, final: row?.final ?? null };
}

/** The score the history shows for that quiz, else a plausible one (the satisfaction part is never scored). */
function targetScore(step: FlowStep, history: Scores): number {
  if (step.quizKind === "pre_test") return history.initial ?? 50;
  if (step.quizKind === "post_test" || step.quizKind === "standalone") return history.final ?? 80;
  return 100;
}

/**
 * An answered attempt scoring at most the target (the score the history shows): the first questions right, the
 * others wrong. Never above it, so a seeded attempt cannot earn a badge the records do not show, unless the quiz is
 * graded: then it reaches the passing score, as the flow would have required to go on.
 */
async function answerQuiz(db: Db, enrolment: typeof t.enrolments.$inferSelect, step: FlowStep, target: number, passScore: number | null, when: Date) {
  const questions = await loadQuizQuestions(db, step.quizId!);
  const graded = questions.filter((q) => q.choices.some((c) => c.correct));
  const atMost = Math.floor((target / 100) * graded.length + 1e-9);
  const toPass = passScore === null ? 0 : Math.ceil((passScore / 100) * graded.length - 1e-9);
  const rightCount = Math.min(graded.length, Math.max(atMost, toPass));
  let gradedIndex = 0;
  const answers: Record<string, number[]> = {};
  for (const question of questions) {
    const right = question.choices.filter((c) => c.correct).map((c) => c.id);
    // An opinion question has no right answer: the learner's opinion is the first choice but one.
    if (right.length === 0) {
      answers[String(question.id)] = [question.choices[Math.min(1, question.choices.length - 1)]!.id];
      continue;
    }
    const wrong = question.choices.find((c) => !c.correct)?.id;
    answers[String(question.id)] = gradedIndex++ < rightCount || wrong === undefined ? right : [wrong];
  }
  const scored = scoreQuiz(questions, answers);
  await db.insert(t.quizTrackings).values({
    quizId: step.quizId!,
    userId: enrolment.userId,
    enrolmentId: enrolment.id,
    answers,
    startDate: when,
    answeredAt: when,
    score: scored.score,
    notAnswered: scored.notAnswered,
  });
}
