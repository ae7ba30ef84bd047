// Issue 29, items 1 and 2 (ADRs 0107, 0108): pass rules set by the administrator are enforced by the flow API. A failed
// graded quiz is retried (after the wait, while attempts are left) or ends the training without attestation; a forged
// "step done" for a failed or unplayed step is refused and writes nothing; ten attempts at once count no more than the
// rules allow; opinion questions are never scored; a podcast episode is done only once its length has passed. Over the
// real API and database, on PGlite and PostgreSQL.
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import type { Db } from "../../server/db/client.ts";
import {
  attestations,
  auditLog,
  enrolments,
  historyEntries,
  moduleProgress,
  quizQuestions,
  quizTrackings,
  trainings,
  users,
} from "../../server/db/schema/index.ts";
import { extractPdfText } from "../../server/pdf/pdf-text.ts";
import { backends, tableCounts } from "./support/database.ts";
import { expectEnvelope, type Agent } from "./support/http.ts";
import { useSuite } from "./support/setup.ts";

type Step = { id: string; kind: string; status: string; quizId: number | null; moduleId: number | null; moduleKind: string | null };

async function training(db: Db, slug: string, brand = "fr") {
  const [row] = await db
    .select()
    .from(trainings)
    .where(and(eq(trainings.slug, slug), eq(trainings.brand, brand)));
  if (!row) throw new Error(`no training ${slug}`);
  return row;
}

async function userId(db: Db, email: string): Promise<number> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row!.id;
}

/** The enrolment endpoint is another area's: the fixture enrols with a row, as a subscription would. */
async function enrol(db: Db, email: string, trainingId: number) {
  const [row] = await db
    .insert(enrolments)
    .values({ userId: await userId(db, email), trainingId, status: "pending" })
    .returning();
  return row!;
}

type Choice = { question: number; choice: number; correct: boolean; position: number };

async function choicesOf(db: Db, quizId: number): Promise<Choice[]> {
  const result = (await db.execute(
    sql`select q.id as question, c.id as choice, c.correct, c.position from quiz_questions q join quiz_choices c on c.question_id = q.id
        where q.quiz_id = ${quizId} order by q.position, c.position`,
  )) as unknown as { rows: Choice[] };
  return result.rows.map((r) => ({ question: Number(r.question), choice: Number(r.choice), correct: Boolean(r.correct), position: Number(r.position) }));
}

/** The right answers (an opinion question, without a right choice, gets its first choice). */
async function rightAnswers(db: Db, quizId: number): Promise<Record<string, number[]>> {
  const answers: Record<string, number[]> = {};
  const rows = await choicesOf(db, quizId);
  for (const question of new Set(rows.map((r) => r.question))) {
    const own = rows.filter((r) => r.question === question);
    const right = own.filter((r) => r.correct).map((r) => r.choice);
    answers[String(question)] = right.length ? right : [own[0]!.choice];
  }
  return answers;
}

/** The first `right` scored questions right, every other one wrong. */
async function answersWith(db: Db, quizId: number, right: number): Promise<Record<string, number[]>> {
  const answers: Record<string, number[]> = {};
  const rows = await choicesOf(db, quizId);
  let scored = 0;
  for (const question of new Set(rows.map((r) => r.question))) {
    const own = rows.filter((r) => r.question === question);
    const correct = own.filter((r) => r.correct).map((r) => r.choice);
    if (correct.length === 0) answers[String(question)] = [own[0]!.choice];
    else answers[String(question)] = scored++ < right ? correct : [own.find((r) => !r.correct)!.choice];
  }
  return answers;
}

const csrfHeader = (agent: Agent) => ({ "x-xsrf-token": decodeURIComponent(agent.cookies.get("XSRF-TOKEN")!) });

describe.each(backends())("pass rules on %s", (backend) => {
  const suite = useSuite(backend);

  async function loggedIn(email: string, spanish = false): Promise<Agent> {
    const agent = suite.agent({ "accept-language": spanish ? "es-ES" : "fr-FR", ...(spanish ? { host: "es.localhost" } : {}) });
    expectEnvelope(await agent.login(email), 200);
    return agent;
  }

  async function flowOf(agent: Agent, trainingId: number, query = "") {
    const reply = await agent.get(`/back/api/course/currentFlow/${trainingId}${query}`);
    expectEnvelope(reply, 200);
    return reply.body.data;
  }

  /** Every step before the first one of `kind` done the right way; returns the steps. */
  async function walkTo(agent: Agent, trainingId: number, kind: string): Promise<Step[]> {
    for (let guard = 0; guard < 30; guard++) {
      const flow = await flowOf(agent, trainingId);
      const step = (flow.steps as Step[]).find((s) => s.id === flow.currentStepId)!;
      if (step.kind === kind) return flow.steps;
      const answers = step.quizId ? await rightAnswers(suite.db, step.quizId) : undefined;
      expectEnvelope(await agent.post(`/back/api/course/currentFlow/${trainingId}`, { stepId: step.id, ...(answers ? { answers } : {}) }), 200);
    }
    throw new Error(`no ${kind} step`);
  }

  const attestationsOf = (enrolmentId: number) => suite.db.select().from(attestations).where(eq(attestations.enrolmentId, enrolmentId));
  const historyOf = async (email: string, trainingId: number) => {
    const [row] = await suite.db
      .select()
      .from(historyEntries)
      .where(and(eq(historyEntries.userId, await userId(suite.db, email)), eq(historyEntries.trainingId, trainingId)));
    return row;
  };
  const enrolmentRow = async (id: number) => (await suite.db.select().from(enrolments).where(eq(enrolments.id, id)))[0]!;

  test("a failed post-test stays the current step; a forged 'step done' is refused; the retry passes and gives the attestation of achievement", async () => {
    const { db } = suite;
    const email = "learning.js.fr@demo.test";
    const phyto = await training(db, "phytotherapie-hiver");
    const enrolment = await enrol(db, email, phyto.id);
    const agent = await loggedIn(email);
    const path = `/back/api/course/currentFlow/${phyto.id}`;
    const steps = await walkTo(agent, phyto.id, "postTest");
    const post = steps.find((s) => s.kind === "postTest")!;
    const evaluation = steps.find((s) => s.kind === "evaluation")!;

    // The post-test at 0 %: not passed, two attempts left, the step is still the current one (issue 29, item 1).
    const failed = await agent.post(path, { stepId: post.id, answers: await answersWith(db, post.quizId!, 0) });
    expectEnvelope(failed, 200);
    expect(failed.body.data).toMatchObject({
      currentStepId: post.id,
      finished: false,
      failed: false,
      result: { score: 0, passed: false, passScore: 70, status: "retry", attemptsLeft: 2, retryAt: null },
    });
    expect(failed.body.message).toMatch(/seuil de réussite \(70 %\) n'est pas atteint/);
    expect(await enrolmentRow(enrolment.id)).toMatchObject({ status: "in_progress", finishedAt: null });
    expect(await attestationsOf(enrolment.id)).toEqual([]);
    expect(await historyOf(email, phyto.id)).toMatchObject({ finalScore: 0, attempts: 1, passScore: 70, outcome: null, endDate: null });

    // The learner sees the result, what was wrong and, as this training's rules say, the right answers.
    const shown = await flowOf(agent, phyto.id);
    const quiz = shown.step.quiz;
    expect(quiz).toMatchObject({ hidden: true, passScore: 70, grading: { passScore: 70, status: "retry", attemptsUsed: 1, attemptsLeft: 2, maxAttempts: 3 } });
    expect(quiz.attempts).toEqual([{ number: 1, score: 0, answeredAt: expect.any(String), passed: false, counted: true }]);
    const right = await rightAnswers(db, post.quizId!);
    expect(quiz.review).toEqual(
      Object.entries(right).map(([questionId, choiceIds]) => ({ questionId: Number(questionId), result: "wrong", correctChoiceIds: choiceIds })),
    );

    // Forged "step done": the next step, the post-test without answers, the evaluation's own endpoint, the module
    // endpoints and the attestation. All refused, nothing written.
    const before = await tableCounts(db);
    const ahead = await agent.post(path, { stepId: evaluation.id, answers: await rightAnswers(db, evaluation.quizId!) });
    expectEnvelope(ahead, 409);
    expect(ahead.body.message).toMatch(/ordre/);
    expectEnvelope(await agent.post(path, { stepId: post.id }), 422);
    expectEnvelope(await agent.post(path, { stepId: "attestation" }), 422);
    expectEnvelope(
      await agent.post("/back/api/user/evaluationQuiz/answer", { trainingId: phyto.id, answers: await rightAnswers(db, evaluation.quizId!) }),
      409,
    );
    expectEnvelope(await agent.get(`/back/api/user/video/module/complete/${post.moduleId}`, { headers: csrfHeader(agent) }), 404);
    expectEnvelope(await agent.get(`/back/api/user/pdf/module/complete/${post.moduleId}`, { headers: csrfHeader(agent) }), 404);
    expect(await tableCounts(db)).toEqual(before);
    const [postProgress] = await db
      .select()
      .from(moduleProgress)
      .where(and(eq(moduleProgress.enrolmentId, enrolment.id), eq(moduleProgress.moduleId, post.moduleId!)));
    expect(postProgress).toBeUndefined();

    // "Try again": the quiz open for a new attempt, then passed.
    const retry = await flowOf(agent, phyto.id, "?retry=1");
    expect(retry.step.quiz).toMatchObject({ hidden: false, tracking: { id: null, answers: [] }, review: null, grading: { status: "retry" } });
    const passed = await agent.post(path, { stepId: post.id, answers: right });
    expectEnvelope(passed, 200);
    expect(passed.body.data).toMatchObject({ currentStepId: evaluation.id, result: { score: 100, passed: true, status: "passed", attemptsLeft: 1 } });
    expect(passed.body.message).toMatch(/Quiz réussi/);
    expect(await historyOf(email, phyto.id)).toMatchObject({ finalScore: 100, attempts: 2, outcome: null });
    const review = (await flowOf(agent, phyto.id, `?step=${post.id}`)).step.quiz;
    expect(review.attempts.map((a: { score: number; counted: boolean }) => [a.score, a.counted])).toEqual([
      [0, false],
      [100, true],
    ]);

    // The evaluation finishes the training: the attestation of achievement, with the counted and the passing scores.
    const finished = await agent.post(path, { stepId: evaluation.id, answers: await rightAnswers(db, evaluation.quizId!) });
    expectEnvelope(finished, 200);
    expect(finished.body.data).toMatchObject({ finished: true, outcome: "achieved", attests: "achievement" });
    expect(await historyOf(email, phyto.id)).toMatchObject({ outcome: "achieved", finalScore: 100, attempts: 2 });
    // The learner's answered quizzes: both post-test attempts kept; the evaluation's opinions neither right nor wrong.
    const answered = (await agent.get("/back/api/user/getQuestionsAnswers")).body.data as {
      quizId: number;
      score: number;
      questions: { text: string; isCorrect: boolean | null }[];
    }[];
    expect(answered.filter((a) => a.quizId === post.quizId!).map((a) => a.score)).toEqual([100, 0]);
    const opinions = answered.find((a) => a.quizId === evaluation.quizId)!.questions;
    expect(opinions.filter((q) => q.isCorrect === null)).toHaveLength(2);
    expect(opinions.filter((q) => q.isCorrect === true).length).toBeGreaterThan(0);
    const [issued] = await attestationsOf(enrolment.id);
    expect(issued!.facts).toMatchObject({ attests: "achievement", finalScore: 100, passScore: 70 });
    const verified = await suite.agent().get(`/back/api/attestation/verify/${issued!.code}`);
    expectEnvelope(verified, 200);
    expect(verified.body.data).toMatchObject({ attests: "achievement", finalScore: 100, passScore: 70, knowledgeGain: null });
    const pdf = await agent.fetchRaw(
      "POST",
      "/back/api/user/download",
      { "content-type": "application/json", ...csrfHeader(agent) },
      JSON.stringify({ data: { attestationId: issued!.id } }),
    );
    const text = extractPdfText(new Uint8Array(await pdf.arrayBuffer()));
    expect(text).toContain("Attestation de réussite");
    expect(text).toContain("score retenu de 100 % (seuil de réussite : 70 %)");
  });

  test("out of attempts: the training ends without attestation or points, the history says why, and nothing moves it any more", async () => {
    const { db } = suite;
    const email = "records.js.fr@demo.test";
    const quizTraining = await training(db, "quiz-interactions");
    const enrolment = await enrol(db, email, quizTraining.id);
    const agent = await loggedIn(email);
    const path = `/back/api/course/currentFlow/${quizTraining.id}`;
    const step = (await flowOf(agent, quizTraining.id)).step;

    const first = await agent.post(path, { stepId: step.id, answers: await answersWith(db, step.quiz.id, 1) });
    expectEnvelope(first, 200);
    expect(first.body.data.result).toMatchObject({ score: 20, passed: false, status: "retry", attemptsLeft: 1 });
    // This training's rules do not reveal the right answers: only which questions were wrong.
    const reviewed = (await flowOf(agent, quizTraining.id)).step.quiz.review as { result: string; correctChoiceIds: unknown }[];
    expect(reviewed.map((r) => r.result)).toEqual(["right", "wrong", "wrong", "wrong", "wrong"]);
    expect(reviewed.every((r) => r.correctChoiceIds === null)).toBe(true);

    const last = await agent.post(path, { stepId: step.id, answers: await answersWith(db, step.quiz.id, 3) });
    expectEnvelope(last, 200);
    expect(last.body.data).toMatchObject({
      finished: false,
      failed: true,
      outcome: "failed",
      currentStepId: step.id,
      result: { score: 60, passed: false, status: "failed", attemptsLeft: 0 },
    });
    expect(last.body.data.steps[0]).toMatchObject({ id: step.id, status: "failed" });
    expect(last.body.message).toMatch(/il ne reste aucune tentative/);
    expect(await enrolmentRow(enrolment.id)).toMatchObject({ status: "finished" });
    // The last attempt counts here (60 %), and the history keeps why.
    expect(await historyOf(email, quizTraining.id)).toMatchObject({ outcome: "failed", finalScore: 60, attempts: 2, passScore: 70 });
    expect(await attestationsOf(enrolment.id)).toEqual([]);

    const history = (await agent.get("/back/api/user/history")).body.data;
    const entry = history.entries.find((e: { courseId: number }) => e.courseId === quizTraining.id);
    expect(entry).toMatchObject({ outcome: "failed", attempts: 2, passScore: 70, points: 0, formations: [{ initialScore: null, finalScore: 60 }] });
    const badges = (await agent.get("/back/api/user/getBadges")).body.data as { code: string; earned: boolean }[];
    expect(badges.find((b) => b.code === "firstTraining")?.earned).toBe(false);

    // Ended: no attempt, reset or module completion moves it any more.
    const before = await tableCounts(db);
    const again = await agent.post(path, { stepId: step.id, answers: await rightAnswers(db, step.quiz.id) });
    expectEnvelope(again, 409);
    expect(again.body.message).toMatch(/aucune tentative/);
    expect(await tableCounts(db)).toEqual(before);
    const shown = await flowOf(agent, quizTraining.id);
    expect(shown).toMatchObject({ failed: true, outcome: "failed", step: { status: "failed", quiz: { grading: { status: "failed", attemptsLeft: 0 } } } });
  });

  test("the wait between attempts is kept by the server", async () => {
    const { db } = suite;
    const email = "learning.nojs.fr@demo.test";
    const routine = await training(db, "routine-dermocosmetique");
    const enrolment = await enrol(db, email, routine.id);
    const agent = await loggedIn(email);
    const path = `/back/api/course/currentFlow/${routine.id}`;
    const post = (await walkTo(agent, routine.id, "postTest")).find((s) => s.kind === "postTest")!;

    const failed = await agent.post(path, { stepId: post.id, answers: await answersWith(db, post.quizId!, 0) });
    expectEnvelope(failed, 200);
    expect(failed.body.data.result).toMatchObject({ passed: false, status: "waiting", attemptsLeft: 2 });
    const retryAt = new Date(failed.body.data.result.retryAt).getTime();
    expect(retryAt - Date.now()).toBeGreaterThan(23 * 3_600_000);

    // Within the day: refused with the time left, nothing written; the "try again" view stays the result.
    const before = await tableCounts(db);
    const early = await agent.post(path, { stepId: post.id, answers: await rightAnswers(db, post.quizId!) });
    expectEnvelope(early, 409);
    expect(early.body.message).toMatch(/Vous pourrez refaire ce quiz dans \d+ min/);
    expect(early.body.data).toMatchObject({ retryAt: failed.body.data.result.retryAt });
    expect(await tableCounts(db)).toEqual(before);
    expect((await flowOf(agent, routine.id, "?retry=1")).step.quiz).toMatchObject({ hidden: true, grading: { status: "waiting" } });

    // A day later (the attempt moved back): the retry is open, and passes.
    await db
      .update(quizTrackings)
      .set({ answeredAt: new Date(Date.now() - 25 * 3_600_000) })
      .where(and(eq(quizTrackings.enrolmentId, enrolment.id), eq(quizTrackings.quizId, post.quizId!)));
    expect((await flowOf(agent, routine.id)).step.quiz.grading).toMatchObject({ status: "retry", retryAt: null });
    const passed = await agent.post(path, { stepId: post.id, answers: await rightAnswers(db, post.quizId!) });
    expectEnvelope(passed, 200);
    expect(passed.body.data.result).toMatchObject({ passed: true, status: "passed" });
  });

  test("ten attempts sent at once count no more than the rules allow", async () => {
    const { db } = suite;
    const quizTraining = await training(db, "quiz-interactions");

    // Failing answers, two attempts allowed: two are recorded, the training ends once.
    const failing = await enrol(db, "booking.js.fr@demo.test", quizTraining.id);
    const agent = await loggedIn("booking.js.fr@demo.test");
    const step = (await flowOf(agent, quizTraining.id)).step;
    const wrong = await answersWith(db, step.quiz.id, 0);
    const replies = await Promise.all(
      Array.from({ length: 10 }, () => agent.post(`/back/api/course/currentFlow/${quizTraining.id}`, { stepId: step.id, answers: wrong })),
    );
    expect(replies.map((r) => r.status).sort()).toEqual([200, 200, 409, 409, 409, 409, 409, 409, 409, 409]);
    expect(await db.$count(quizTrackings, eq(quizTrackings.enrolmentId, failing.id))).toBe(2);
    expect(await enrolmentRow(failing.id)).toMatchObject({ status: "finished" });
    expect(await historyOf("booking.js.fr@demo.test", quizTraining.id)).toMatchObject({ outcome: "failed", attempts: 2 });
    expect(
      await db.$count(
        historyEntries,
        and(eq(historyEntries.userId, await userId(db, "booking.js.fr@demo.test")), eq(historyEntries.trainingId, quizTraining.id)),
      ),
    ).toBe(1);

    // Passing answers: one attempt, one attestation.
    const passing = await enrol(db, "booking.nojs.fr@demo.test", quizTraining.id);
    const other = await loggedIn("booking.nojs.fr@demo.test");
    const right = await rightAnswers(db, step.quiz.id);
    const passes = await Promise.all(
      Array.from({ length: 10 }, () => other.post(`/back/api/course/currentFlow/${quizTraining.id}`, { stepId: step.id, answers: right })),
    );
    expect(passes.filter((r) => r.status === 200)).toHaveLength(1);
    expect(passes.filter((r) => r.status === 409)).toHaveLength(9);
    expect(await db.$count(quizTrackings, eq(quizTrackings.enrolmentId, passing.id))).toBe(1);
    expect(await attestationsOf(passing.id)).toHaveLength(1);
  });

  test("rules set in the back office are the flow's: the end at the first failure, then a participation with its knowledge gain", async () => {
    const { db } = suite;
    const admin = await loggedIn("admin@demo.test");
    const micro = await training(db, "micronutrition-conseil");
    const rulesPath = `/back/api/admin/catalog/trainings/${micro.id}/pass-rules`;

    // Bad input: a message per field, nothing written; an unknown training: 404.
    const before = await tableCounts(db);
    const bad = await admin.post(rulesPath, { attests: "exam", onFail: "end", maxAttempts: 3, retryWaitMinutes: 60, countedAttempt: "first" });
    expectEnvelope(bad, 422);
    expect(Object.keys(bad.body.data.errors).sort()).toEqual(["attests", "countedAttempt"]);
    const conflicting = await admin.post(rulesPath, { attests: "achievement", onFail: "end", maxAttempts: 3, retryWaitMinutes: 60, countedAttempt: "best" });
    expectEnvelope(conflicting, 422);
    expect(Object.keys(conflicting.body.data.errors).sort()).toEqual(["maxAttempts", "retryWaitMinutes"]);
    expect(conflicting.body.data.errors.maxAttempts[0]).toMatch(/Seulement avec de nouvelles tentatives/);
    const range = await admin.post(rulesPath, { attests: "achievement", onFail: "retry", maxAttempts: 1, retryWaitMinutes: -1, countedAttempt: "best" });
    expect(Object.keys(range.body.data.errors).sort()).toEqual(["maxAttempts", "retryWaitMinutes"]);
    expectEnvelope(
      await admin.post(`/back/api/admin/catalog/trainings/999999/pass-rules`, { attests: "achievement", onFail: "end", countedAttempt: "best" }),
      404,
    );
    const graded = await admin.post(`/back/api/admin/catalog/trainings/${micro.id}/quizzes`, { title: "Avis", kind: "evaluation", passScore: 50 });
    expectEnvelope(graded, 422);
    expect(graded.body.data.errors.passScore[0]).toMatch(/post-test ou un quiz autonome/);
    expect(await tableCounts(db)).toEqual(before);

    // One attempt: a failure ends the training.
    expectEnvelope(await admin.post(rulesPath, { attests: "achievement", onFail: "end", countedAttempt: "best" }), 200);
    const detail = (await admin.get(`/back/api/admin/catalog/trainings/${micro.id}`)).body.data;
    expect(detail.passRules).toEqual({
      attests: "achievement",
      maxAttempts: 1,
      retryWaitMinutes: 0,
      countedAttempt: "best",
      revealAnswers: false,
      custom: true,
    });
    const [audit] = await db.select().from(auditLog).where(eq(auditLog.action, "training.passRules"));
    expect(audit).toMatchObject({ entityType: "training", entityId: String(micro.id), after: { maxAttempts: 1 } });
    const email = "learning.js.fr@demo.test";
    const learner = await loggedIn(email);
    const ended = await enrol(db, email, micro.id);
    const post = (await walkTo(learner, micro.id, "postTest")).find((s) => s.kind === "postTest")!;
    const failedOnce = await learner.post(`/back/api/course/currentFlow/${micro.id}`, { stepId: post.id, answers: await answersWith(db, post.quizId!, 0) });
    expect(failedOnce.body.data).toMatchObject({ failed: true, result: { status: "failed", attemptsLeft: 0 } });
    expect(await attestationsOf(ended.id)).toEqual([]);

    // Participation: the same failure no longer holds the learner back; the attestation states the knowledge gain.
    expectEnvelope(
      await admin.post(rulesPath, { attests: "participation", onFail: "retry", retryWaitMinutes: 0, countedAttempt: "last", revealAnswers: "on" }),
      200,
    );
    const email2 = "records.js.fr@demo.test";
    const participant = await loggedIn(email2);
    const followed = await enrol(db, email2, micro.id);
    const steps = await walkTo(participant, micro.id, "postTest");
    const pre = steps.find((s) => s.kind === "preTest")!;
    const preScore = (await participant.get(`/back/api/course/currentFlow/${micro.id}?step=${pre.id}`)).body.data.step.quiz.tracking.score;
    const moved = await participant.post(`/back/api/course/currentFlow/${micro.id}`, { stepId: post.id, answers: await answersWith(db, post.quizId!, 0) });
    expect(moved.body.data).toMatchObject({ failed: false, result: { score: 0, passed: null, status: null }, attests: "participation" });
    expect(moved.body.data.currentStepId).not.toBe(post.id);
    expect(moved.body.data.step.quiz?.passScore ?? null).toBeNull();
    const evaluation = steps.find((s) => s.kind === "evaluation")!;
    expectEnvelope(
      await participant.post(`/back/api/course/currentFlow/${micro.id}`, { stepId: evaluation.id, answers: await rightAnswers(db, evaluation.quizId!) }),
      200,
    );
    expect(await historyOf(email2, micro.id)).toMatchObject({ outcome: "participated", initialScore: preScore, finalScore: 0 });
    const [issued] = await attestationsOf(followed.id);
    expect(issued!.facts).toMatchObject({ attests: "participation", knowledgePre: preScore, knowledgePost: 0, knowledgeGain: 0 - preScore });
  });

  test("opinion questions are never scored: no threshold for an evaluation, no score for a quiz of opinions only", async () => {
    const { db } = suite;
    const email = "records.nojs.fr@demo.test";
    const video = await training(db, "dispositifs-inhalation-video");
    await enrol(db, email, video.id);
    const agent = await loggedIn(email);
    const steps = (await flowOf(agent, video.id)).steps as Step[];
    const evaluation = steps.find((s) => s.kind === "evaluation")!;
    // Its knowledge questions taken away: only the satisfaction questions remain.
    await db.execute(
      sql`delete from quiz_questions q where q.quiz_id = ${evaluation.quizId} and exists (select 1 from quiz_choices c where c.question_id = q.id and c.correct)`,
    );
    expect(await db.$count(quizQuestions, eq(quizQuestions.quizId, evaluation.quizId!))).toBe(2);
    for (const step of steps.filter((s) => s.moduleKind === "video")) {
      await flowOf(agent, video.id);
      await db
        .update(moduleProgress)
        .set({ startedAt: new Date(Date.now() - 60_000) })
        .where(eq(moduleProgress.moduleId, step.moduleId!));
      expectEnvelope(await agent.post(`/back/api/course/currentFlow/${video.id}`, { stepId: step.id }), 200);
    }
    const open = (await agent.get(`/back/api/user/evaluationQuiz?trainingId=${video.id}`)).body.data.quiz;
    expect(open).toMatchObject({ passScore: null, grading: null });
    expect(open.questions.every((q: { opinion: boolean }) => q.opinion)).toBe(true);
    // One opinion given, one left out: still no score (it used to be 0 % and "threshold not reached").
    const [first] = open.questions as { id: number; choices: { id: number }[] }[];
    const answered = await agent.post("/back/api/user/evaluationQuiz/answer", { trainingId: video.id, answers: { [first!.id]: [first!.choices[1]!.id] } });
    expectEnvelope(answered, 200);
    expect(answered.body.data).toMatchObject({ finished: true, result: { score: null, passed: null, notAnswered: true }, quiz: { tracking: { score: null } } });
    expect(answered.body.message).toMatch(/Formation terminée/);
    expect(answered.body.data.quiz.review.map((r: { result: string; correctChoiceIds: unknown }) => [r.result, r.correctChoiceIds])).toEqual([
      ["opinion", null],
      ["opinion", null],
    ]);
  });

  test("a podcast episode is done only once its length has passed (with or without the player's end position); its transcript is offered", async () => {
    const { db } = suite;
    const email = "learning.js.es@demo.test";
    const podcast = await training(db, "podcast-salud-mental", "es");
    const enrolment = await enrol(db, email, podcast.id);
    const agent = await loggedIn(email, true);
    const flow = await flowOf(agent, podcast.id);
    const episodes = (flow.steps as Step[]).filter((s) => s.moduleKind === "podcast");
    expect(flow.step).toMatchObject({
      moduleKind: "podcast",
      audioSeconds: 4,
      transcript: { url: expect.stringMatching(/^\/media\/podcasts\/podcast-salud-mental-1\.es\.txt$/), lang: "es" },
    });
    expect(flow.step.transcript.text).toContain("[Sintonía musical]");
    const file = await fetch(suite.origin + flow.step.transcript.url);
    expect(file.status).toBe(200);
    expect(await file.text()).toContain("[Sintonía de cierre]");

    // At once: refused (issue 29, item 2), whichever way, and nothing written.
    const complete = `/back/api/user/video/module/complete/${episodes[0]!.moduleId}`;
    const before = await tableCounts(db);
    const early = await agent.get(complete, { headers: csrfHeader(agent) });
    expectEnvelope(early, 409);
    expect(early.body.message).toMatch(/Escuche el episodio hasta el final/);
    expectEnvelope(await agent.get(`${complete}?position=4`, { headers: csrfHeader(agent) }), 409);
    expectEnvelope(await agent.post(`/back/api/course/currentFlow/${podcast.id}`, { stepId: episodes[0]!.id }), 409);
    expect(await tableCounts(db)).toEqual(before);
    const [progress] = await db
      .select()
      .from(moduleProgress)
      .where(and(eq(moduleProgress.enrolmentId, enrolment.id), eq(moduleProgress.moduleId, episodes[0]!.moduleId!)));
    expect(progress).toMatchObject({ status: "started" });

    // Its length passed since it was first shown: the player's end position is accepted, a stop before it is not.
    await db
      .update(moduleProgress)
      .set({ startedAt: new Date(Date.now() - 5_000) })
      .where(and(eq(moduleProgress.enrolmentId, enrolment.id), eq(moduleProgress.moduleId, episodes[0]!.moduleId!)));
    expectEnvelope(await agent.get(`${complete}?position=1`, { headers: csrfHeader(agent) }), 409);
    const done = await agent.get(`${complete}?position=4.0`, { headers: csrfHeader(agent) });
    expectEnvelope(done, 200);
    expect(done.body.data.currentStepId).toBe(episodes[1]!.id);

    // Without JavaScript: the confirmation once the length has passed.
    await flowOf(agent, podcast.id);
    const next = `/back/api/course/currentFlow/${podcast.id}`;
    expectEnvelope(await agent.post(next, { stepId: episodes[1]!.id }), 409);
    await db
      .update(moduleProgress)
      .set({ startedAt: new Date(Date.now() - 4_500) })
      .where(and(eq(moduleProgress.enrolmentId, enrolment.id), eq(moduleProgress.moduleId, episodes[1]!.moduleId!)));
    expectEnvelope(await agent.post(next, { stepId: episodes[1]!.id }), 200);
  });

  test("the demo: a failed-then-passed attempt, and learners out of attempts whose history says why", async () => {
    const { db } = suite;
    const learner = await loggedIn("learner@demo.test");
    const quizTraining = await training(db, "quiz-interactions");
    const entry = (await learner.get("/back/api/user/history")).body.data.entries.find((e: { courseId: number }) => e.courseId === quizTraining.id);
    expect(entry).toMatchObject({ outcome: "achieved", attempts: 2, passScore: 70, formations: [{ finalScore: 80 }] });
    const scores = await db
      .select({ score: quizTrackings.score })
      .from(quizTrackings)
      .where(eq(quizTrackings.userId, await userId(db, "learner@demo.test")))
      .orderBy(quizTrackings.answeredAt);
    expect(scores.map((s) => s.score)).toEqual(expect.arrayContaining([60, 80]));
    expect((await learner.get("/back/api/user/attestation")).body.data.find((a: { trainingId: number }) => a.trainingId === quizTraining.id)).toMatchObject({
      attests: "achievement",
    });

    for (const [email, slug, brand] of [
      ["camille.andre@demo.test", "phytotherapie-hiver", "fr"],
      ["carlos.ruiz@demo.test", "fitoterapia-practica", "es"],
    ] as const) {
      const agent = await loggedIn(email, brand === "es");
      const target = await training(db, slug, brand);
      const history = (await agent.get("/back/api/user/history")).body.data.entries.find((e: { courseId: number }) => e.courseId === target.id);
      // (Without points access, as these learners have no app id, no points are shown at all.)
      expect(history, email).toMatchObject({ outcome: "failed", attempts: 3, passScore: 70 });
      expect(history.endDate).not.toBeNull();
      const flow = await flowOf(agent, target.id);
      expect(flow, email).toMatchObject({ failed: true, outcome: "failed", step: { kind: "postTest", status: "failed" } });
      expect((await agent.get("/back/api/user/attestations")).body.data.filter((a: { trainingId: number }) => a.trainingId === target.id)).toEqual([]);
    }
    // The holder of Camille's pharmacy sees her attempts, her training not passed and her knowledge gain from it.
    const holder = await loggedIn("francois.marchand@demo.test");
    const dashboard = (await holder.get("/back/api/referent/dashboard")).body.data;
    const camille = dashboard.members.find((m: { firstName: string }) => m.firstName === "Camille");
    expect(camille).toMatchObject({ attempts: 3, failed: 1, knowledgeGain: { meanPre: 50, meanPost: 50, gain: 0 } });
    // The team history export: attempts, pre-test, counted post-test and the outcome, in the referent's language.
    const csv = await holder.fetchRaw("POST", "/back/api/referent/history/export", { "content-type": "application/json", ...csrfHeader(holder) }, "{}");
    const lines = (await csv.text()).split("\r\n");
    expect(lines[0]).toContain("Tentatives;Score pré-test (%);Score post-test retenu (%);Résultat");
    const phyto = await training(db, "phytotherapie-hiver");
    expect(lines.find((line) => line.includes("André") && line.includes(phyto.name))).toMatch(/;3;50;50;Non réussie$/);
    const rules = (await db.execute(sql`select count(*)::int as n from pass_rules`)) as unknown as { rows: { n: number }[] };
    expect(rules.rows[0]!.n).toBeGreaterThan(5);
  });
});
