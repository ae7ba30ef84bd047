import { and, eq } from "drizzle-orm";
import { buildFlowSteps, type FlowStep } from "#core/domain/flow-steps.ts";
import { passRulesFrom, type PassRules } from "#core/domain/pass-rules.ts";
import { scoreQuiz } from "#core/domain/quiz.ts";
import { effectiveTrainingType, type TrainingType } from "#core/domain/training-types.ts";
import { findFlowTraining, findPassRules, loadFlowStructure, loadQuizQuestions, loadStepRecords } from "../../back/modules/flow/flow.repository.ts";
import { stateOf } from "../../back/modules/flow/flow.service.ts";
import type { Db } from "../client.ts";
import * as t from "../schema/index.ts";
import type { CatalogueIds } from "./catalogue.ts";
import type { AccountIds } from "./people-and-content.ts";
import type { Clock, SeedDb } from "./util.ts";

/**
 * The pass rules of some demo trainings (ADR 0107); the others follow the defaults of their type (a DPC programme
 * attests participation, any other training achievement, retries without limit or wait).
 */
export const DEMO_PASS_RULES: { training: string; rules: PassRules }[] = [
  // The trainings of issue 29: three attempts, the right answers shown after a failure.
  { training: "fr/phytotherapie-hiver", rules: { attests: "achievement", maxAttempts: 3, retryWaitMinutes: 0, countedAttempt: "best", revealAnswers: true } },
  { training: "es/fitoterapia-practica", rules: { attests: "achievement", maxAttempts: 3, retryWaitMinutes: 0, countedAttempt: "best", revealAnswers: true } },
  // The quiz trainings: two attempts, the last one counts, the answers never shown.
  { training: "fr/quiz-interactions", rules: { attests: "achievement", maxAttempts: 2, retryWaitMinutes: 0, countedAttempt: "last", revealAnswers: false } },
  { training: "es/quiz-interacciones", rules: { attests: "achievement", maxAttempts: 2, retryWaitMinutes: 0, countedAttempt: "last", revealAnswers: false } },
  // A certification with a day between attempts.
  {
    training: "fr/routine-dermocosmetique",
    rules: { attests: "achievement", maxAttempts: 3, retryWaitMinutes: 24 * 60, countedAttempt: "best", revealAnswers: false },
  },
  // The e-learning journeys of the browser tests: retries, the answers shown after a failure.
  {
    training: "fr/micronutrition-conseil",
    rules: { attests: "achievement", maxAttempts: null, retryWaitMinutes: 0, countedAttempt: "best", revealAnswers: true },
  },
  {
    training: "es/dermofarmacia-consejo",
    rules: { attests: "achievement", maxAttempts: null, retryWaitMinutes: 0, countedAttempt: "best", revealAnswers: true },
  },
  // A Spanish programme attested by participation (FUNDAE asks for the attendance), with its knowledge gain.
  {
    training: "es/atencion-farmaceutica-polimedicados",
    rules: { attests: "participation", maxAttempts: null, retryWaitMinutes: 0, countedAttempt: "best", revealAnswers: false },
  },
];

export async function seedPassRules(db: SeedDb, clock: Clock, catalogue: CatalogueIds): Promise<void> {
  await db.insert(t.passRules).values(
    DEMO_PASS_RULES.map(({ training, rules }) => {
      const trainingId = catalogue.trainings.get(training);
      if (!trainingId) throw new Error(`Unknown demo training ${training}`);
      return { trainingId, ...rules, updatedAt: clock.at(-30) };
    }),
  );
}

/** A learner who ran out of attempts at a post-test: the training ended without attestation. */
const OUT_OF_ATTEMPTS = [
  { email: "camille.andre@demo.test", training: "fr/phytotherapie-hiver", preRight: 1, postRights: [1, 0, 1], startedDaysAgo: 12 },
  { email: "carlos.ruiz@demo.test", training: "es/fitoterapia-practica", preRight: 0, postRights: [0, 1, 0], startedDaysAgo: 6 },
];

/**
 * The attempts the demo tells about (after seedStepRecords, before the attestations): learner@demo.test failed the
 * interactions quiz once (60 %) before passing it (80 %); two learners of pharmacies ran out of attempts at a
 * post-test, so their training ended without attestation and their history says why.
 */
export async function seedAttemptStories(db: SeedDb, clock: Clock, catalogue: CatalogueIds, accounts: AccountIds): Promise<void> {
  const user = (email: string) => accounts.users.get(email) ?? fail(`Unknown demo user ${email}`);
  const training = (key: string) => catalogue.trainings.get(key) ?? fail(`Unknown demo training ${key}`);

  // Failed, then passed: the first attempt, before the one the activity seed recorded.
  const learner = user("learner@demo.test");
  const quizTraining = training("fr/quiz-interactions");
  const [enrolment] = await db
    .select()
    .from(t.enrolments)
    .where(and(eq(t.enrolments.userId, learner), eq(t.enrolments.trainingId, quizTraining)));
  if (!enrolment) fail("learner@demo.test has no quiz-interactions enrolment");
  const quizId = catalogue.quizzes.get("fr/quiz-interactions:standalone") ?? fail("No stand-alone quiz for fr/quiz-interactions");
  const firstAt = clock.at(-8, 12, 2);
  await insertAttempt(db, enrolment, quizId, 3, firstAt);
  await db
    .update(t.historyEntries)
    .set({ attempts: 2 })
    .where(and(eq(t.historyEntries.userId, learner), eq(t.historyEntries.trainingId, quizTraining)));

  for (const story of OUT_OF_ATTEMPTS) await seedOutOfAttempts(db, clock, user(story.email), training(story.training), story);
}

function fail(message: string): never {
  throw new Error(message);
}

/** An answered attempt with the first `right` scored questions right and the others wrong. */
async function insertAttempt(db: Db, enrolment: typeof t.enrolments.$inferSelect, quizId: number, right: number, at: Date): Promise<number | null> {
  const questions = await loadQuizQuestions(db, quizId);
  const answers: Record<string, number[]> = {};
  let scoredIndex = 0;
  for (const question of questions) {
    const correct = question.choices.filter((c) => c.correct).map((c) => c.id);
    if (correct.length === 0) {
      answers[String(question.id)] = [question.choices[0]!.id];
      continue;
    }
    const wrong = question.choices.find((c) => !c.correct)!.id;
    answers[String(question.id)] = scoredIndex++ < right ? correct : [wrong];
  }
  const scored = scoreQuiz(questions, answers);
  await db.insert(t.quizTrackings).values({
    quizId,
    userId: enrolment.userId,
    enrolmentId: enrolment.id,
    answers,
    startDate: at,
    answeredAt: at,
    score: scored.score,
    notAnswered: scored.notAnswered,
  });
  return scored.score;
}

async function seedOutOfAttempts(db: Db, clock: Clock, userId: number, trainingId: number, story: (typeof OUT_OF_ATTEMPTS)[number]): Promise<void> {
  const training = (await findFlowTraining(db, trainingId)) ?? fail(`No training ${trainingId}`);
  const type = effectiveTrainingType({ type: training.type as TrainingType, isVirtual: training.isVirtual, hasDpcData: training.hasDpcData });
  const structure = await loadFlowStructure(db, trainingId, type);
  const steps = buildFlowSteps(structure.input);
  const rules = passRulesFrom(await findPassRules(db, trainingId), type);
  const postTest = steps.find((s) => s.quizKind === "post_test") ?? fail(`No post-test in training ${trainingId}`);
  const before = steps.slice(0, steps.indexOf(postTest));
  const [account] = await db.select({ accountId: t.users.currentAccountId }).from(t.users).where(eq(t.users.id, userId));
  const startedAt = clock.at(-story.startedDaysAgo, 9);
  const finishedAt = clock.at(-story.startedDaysAgo + story.postRights.length, 10);
  const [enrolment] = await db
    .insert(t.enrolments)
    .values({
      userId,
      trainingId,
      accountId: account?.accountId ?? null,
      status: "finished",
      createdAt: clock.at(-story.startedDaysAgo - 1, 9),
      startedAt,
      finishedAt,
    })
    .returning();
  const stepAt = (index: number) => new Date(startedAt.getTime() + (index + 1) * 10 * 60_000);
  for (const [index, step] of before.entries()) await completeStep(db, enrolment!, step, stepAt(index), story.preRight);
  const scores: (number | null)[] = [];
  for (const [day, right] of story.postRights.entries()) {
    scores.push(await insertAttempt(db, enrolment!, postTest.quizId!, right, clock.at(-story.startedDaysAgo + day + 1, 10)));
  }
  const records = await loadStepRecords(db, enrolment!.id);
  const preTest = steps.find((s) => s.quizKind === "pre_test");
  const initial = preTest?.quizId ? (records.attemptsByQuiz.get(preTest.quizId)?.[0]?.score ?? null) : null;
  const state = stateOf({ steps, structure, rules, enrolment: enrolment!, outcome: "failed" }, records, finishedAt);
  if (!state.failed) fail(`The out-of-attempts story of training ${trainingId} does not end on a failure`);
  await db.update(t.enrolments).set({ progressPercent: state.progressPercent }).where(eq(t.enrolments.id, enrolment!.id));
  const counted = rules.countedAttempt === "last" ? scores.at(-1)! : Math.max(...scores.map((s) => s ?? 0));
  await db.insert(t.historyEntries).values({
    userId,
    trainingId,
    startDate: startedAt,
    endDate: finishedAt,
    initialScore: initial,
    finalScore: counted,
    attempts: scores.length,
    passScore: structure.quizzes.get(postTest.quizId!)?.passScore ?? null,
    outcome: "failed",
  });
}

/** A step done as the flow does it: a quiz answered (`right` scored questions right), a module completed. */
async function completeStep(db: Db, enrolment: typeof t.enrolments.$inferSelect, step: FlowStep, at: Date, right: number) {
  if (step.quizId !== null) await insertAttempt(db, enrolment, step.quizId, right, at);
  if (step.moduleId !== null) {
    await db
      .insert(t.moduleProgress)
      .values({ enrolmentId: enrolment.id, moduleId: step.moduleId, status: "completed", startedAt: at, completedAt: at, updatedAt: at });
  }
}
