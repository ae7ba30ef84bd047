// The step-flow engine (ADR 0012): currentFlow for every family, quizzes, module endpoints, audio Range requests,
// session calendar and evaluation quiz, on the real platform and database.
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import type { Db } from "../../server/db/client.ts";
import {
  attestations,
  feedbackRequests,
  enrolments,
  faceToFaces,
  faceToFaceSessions,
  historyEntries,
  moduleProgress,
  quizTrackings,
  sessionDates,
  trainings,
  userBadges,
  users,
} from "../../server/db/schema/index.ts";
import { backends, tableCounts } from "./support/database.ts";
import { expectEnvelope, type Agent } from "./support/http.ts";
import { useSuite } from "./support/setup.ts";

const LEARNER = "learning.js.fr@demo.test";
const OTHER = "records.js.fr@demo.test";

async function trainingId(db: Db, slug: string, brand = "fr"): Promise<number> {
  const [row] = await db
    .select({ id: trainings.id })
    .from(trainings)
    .where(and(eq(trainings.slug, slug), eq(trainings.brand, brand)));
  if (!row) throw new Error(`no training ${slug}`);
  return row.id;
}

async function userId(db: Db, email: string): Promise<number> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row!.id;
}

/** The enrolment endpoint is another area's: the fixture enrols with a row, as a subscription would. */
async function enrol(db: Db, email: string, training: number, sessionId: number | null = null) {
  const [row] = await db
    .insert(enrolments)
    .values({ userId: await userId(db, email), trainingId: training, status: "pending", sessionId })
    .returning();
  return row!;
}

/**
 * Right answers of a quiz, straight from the database (the API never sends them). An opinion question (an
 * evaluation's satisfaction question, without a right choice) gets its first choice.
 */
async function rightAnswers(db: Db, quizId: number): Promise<Record<string, number[]>> {
  const result = (await db.execute(
    sql`select q.id as question, c.id as choice from quiz_questions q join quiz_choices c on c.question_id = q.id
        where q.quiz_id = ${quizId}
          and (c.correct or (c.position = 0 and not exists (select 1 from quiz_choices r where r.question_id = q.id and r.correct)))
        order by q.position, c.position`,
  )) as unknown as { rows: { question: number; choice: number }[] };
  const answers: Record<string, number[]> = {};
  for (const { question, choice } of result.rows) (answers[String(question)] ??= []).push(Number(choice));
  return answers;
}

async function loggedIn(suite: ReturnType<typeof useSuite>, email: string): Promise<Agent> {
  const agent = suite.agent({ "accept-language": "fr-FR" });
  expectEnvelope(await agent.login(email), 200);
  return agent;
}

const csrfHeader = (agent: Agent) => ({ "x-xsrf-token": decodeURIComponent(agent.cookies.get("XSRF-TOKEN")!) });

describe.each(backends())("step flow on %s", (backend) => {
  const suite = useSuite(backend);

  test("an e-learning training from the pre-test to the attestation", async () => {
    const { db } = suite;
    const id = await trainingId(db, "routine-dermocosmetique");
    const guest = suite.agent();
    expectEnvelope(await guest.get(`/back/api/course/currentFlow/${id}`), 401);

    const agent = await loggedIn(suite, LEARNER);
    const refused = await agent.get(`/back/api/course/currentFlow/${id}`);
    expectEnvelope(refused, 403);
    expect(refused.body.message).toMatch(/inscri/);
    expect(refused.body.data).toMatchObject({ trainingId: id, slug: "routine-dermocosmetique" });
    expectEnvelope(await agent.get(`/back/api/course/currentFlow/999999`), 404);
    expectEnvelope(await agent.get(`/back/api/course/currentFlow/abc`), 422);

    const enrolment = await enrol(db, LEARNER, id);
    const first = await agent.get(`/back/api/course/currentFlow/${id}`);
    expectEnvelope(first, 200);
    const steps: { id: string; kind: string; status: string; quizId: number | null }[] = first.body.data.steps;
    expect(steps[0]).toMatchObject({ kind: "preTest", status: "current" });
    expect(steps.at(-3)).toMatchObject({ kind: "postTest", status: "locked" });
    expect(steps.at(-2)).toMatchObject({ kind: "evaluation", status: "locked" });
    expect(steps.at(-1)).toMatchObject({ id: "attestation", kind: "attestation", status: "locked" });
    expect(steps.filter((s) => s.kind === "module").length).toBeGreaterThan(1);
    expect(first.body.data).toMatchObject({ currentStepId: steps[0]!.id, progressPercent: 0, finished: false });
    const quiz = first.body.data.step.quiz;
    expect(quiz).toMatchObject({ kind: "pre_test", hidden: false, tracking: { id: null, answers: [], startDate: null, score: null, notAnswered: false } });
    expect(quiz.questions.length).toBeGreaterThan(1);
    expect(first.text).not.toMatch(/"correct"/);

    // Skipping ahead is refused, and writes nothing.
    const before = await tableCounts(db);
    const ahead = await agent.post(`/back/api/course/currentFlow/${id}`, { stepId: steps[1]!.id });
    expectEnvelope(ahead, 409);
    expect(ahead.body.message).toMatch(/ordre/);

    // Bad quiz answers: 422 with the field, nothing written.
    const [q1, q2] = quiz.questions as { id: number; kind: string; choices: { id: number }[] }[];
    const bad = [
      { stepId: steps[0]!.id },
      { stepId: steps[0]!.id, answers: { "999999": [q1!.choices[0]!.id] } },
      { stepId: steps[0]!.id, answers: { [q1!.id]: [q2!.choices[0]!.id] } },
      { stepId: steps[0]!.id, answers: { [q1!.id]: [q1!.choices[0]!.id, q1!.choices[1]!.id] } },
      { stepId: steps[0]!.id, answers: { [q1!.id]: ["x"] } },
      { stepId: steps[0]!.id, answers: [], extra: 1 },
      { stepId: "attestation" },
    ];
    for (const body of bad) {
      const reply = await agent.post(`/back/api/course/currentFlow/${id}`, body);
      expectEnvelope(reply, 422);
      expect(Object.keys(reply.body.data.errors).length, JSON.stringify(body)).toBeGreaterThan(0);
    }
    expect(await tableCounts(db)).toEqual(before);
    expectEnvelope(await agent.post(`/back/api/course/currentFlow/${id}`, { stepId: "m999999" }), 404);
    expect(await tableCounts(db)).toEqual(before);

    // Pre-test: the first question right, the others skipped.
    const right = await rightAnswers(db, steps[0]!.quizId!);
    const pre = await agent.post(`/back/api/course/currentFlow/${id}`, { stepId: steps[0]!.id, answers: { [q1!.id]: right[String(q1!.id)] } });
    expectEnvelope(pre, 200);
    const expectedPre = Math.round((1 / quiz.questions.length) * 100);
    expect(pre.body.data.result).toMatchObject({ score: expectedPre, notAnswered: true });
    expect(pre.body.message).toContain(String(expectedPre));
    expect(pre.body.data.currentStepId).toBe(steps[1]!.id);
    const [tracking] = await db.select().from(quizTrackings).where(eq(quizTrackings.enrolmentId, enrolment.id));
    expect(tracking).toMatchObject({ quizId: steps[0]!.quizId, score: expectedPre, notAnswered: true, answers: { [q1!.id]: right[String(q1!.id)] } });
    expect(tracking!.startDate).not.toBeNull();
    expect(tracking!.answeredAt).not.toBeNull();
    let [row] = await db.select().from(enrolments).where(eq(enrolments.id, enrolment.id));
    expect(row).toMatchObject({ status: "in_progress", progressPercent: pre.body.data.progressPercent });
    expect(row!.startedAt).not.toBeNull();
    const learnerId = await userId(db, LEARNER);
    let [history] = await db
      .select()
      .from(historyEntries)
      .where(and(eq(historyEntries.trainingId, id), eq(historyEntries.userId, learnerId)));
    expect(history).toMatchObject({ initialScore: expectedPre, finalScore: null, endDate: null });

    // The same step again: already done.
    expectEnvelope(await agent.post(`/back/api/course/currentFlow/${id}`, { stepId: steps[0]!.id, answers: right }), 409);

    // A done quiz comes back hidden, with its tracking (and still no correct flags).
    const review = await agent.get(`/back/api/course/currentFlow/${id}?step=${steps[0]!.id}`);
    expectEnvelope(review, 200);
    expect(review.body.data.step.quiz).toMatchObject({ hidden: true, tracking: { id: tracking!.id, score: expectedPre, notAnswered: true } });
    expect(review.body.data.step.quiz.tracking.answers).toEqual([{ questionId: q1!.id, choiceIds: right[String(q1!.id)] }]);
    expectEnvelope(await agent.get(`/back/api/course/currentFlow/${id}?step=${steps.at(-2)!.id}`), 409);

    // The e-learning pages: sanitised content, then "continue".
    for (const step of steps.filter((s) => s.kind === "module")) {
      const current = await agent.get(`/back/api/user/formation/currentFlow/${id}`);
      expectEnvelope(current, 200);
      expect(current.body.data.step).toMatchObject({ id: step.id, moduleKind: "elearning" });
      expect(current.body.data.step.content).toMatch(/<h2|<p/);
      expect(current.body.data.step.content).not.toMatch(/<script|onerror|onclick/i);
      expectEnvelope(await agent.post(`/back/api/course/currentFlow/${id}`, { stepId: step.id }), 200);
    }

    // Post-test, all right, then the evaluation: the training is finished.
    const postStep = steps.at(-3)!;
    const afterPost = await agent.post(`/back/api/course/currentFlow/${id}`, { stepId: postStep.id, answers: await rightAnswers(db, postStep.quizId!) });
    expectEnvelope(afterPost, 200);
    expect(afterPost.body.data).toMatchObject({ finished: false, currentStepId: steps.at(-2)!.id, result: { score: 100, passed: true } });
    const evaluationStep = steps.at(-2)!;
    const post = await agent.post(`/back/api/course/currentFlow/${id}`, { stepId: evaluationStep.id, answers: await rightAnswers(db, evaluationStep.quizId!) });
    expectEnvelope(post, 200);
    // An evaluation is never graded (ADR 0107): no pass or fail for it.
    expect(post.body.data).toMatchObject({
      finished: true,
      progressPercent: 100,
      currentStepId: "attestation",
      result: { score: 100, notAnswered: false, passed: null },
    });
    expect(post.body.data.steps.every((s: { status: string }) => s.status === "done")).toBe(true);
    [row] = await db.select().from(enrolments).where(eq(enrolments.id, enrolment.id));
    expect(row).toMatchObject({ status: "finished", progressPercent: 100 });
    expect(row!.finishedAt).not.toBeNull();
    [history] = await db
      .select()
      .from(historyEntries)
      .where(and(eq(historyEntries.trainingId, id), eq(historyEntries.userId, learnerId)));
    expect(history).toMatchObject({ initialScore: expectedPre, finalScore: 100 });
    expect(history!.endDate).not.toBeNull();
    const issued = await db.select().from(attestations).where(eq(attestations.enrolmentId, enrolment.id));
    expect(issued.map((a) => a.kind)).toEqual(["training"]);
    const badges = await db.select().from(userBadges).where(eq(userBadges.userId, learnerId));
    expect(badges.map((b) => b.code)).toContain("firstTraining");
    const asked = await db.select().from(feedbackRequests).where(eq(feedbackRequests.enrolmentId, enrolment.id));
    expect(asked).toHaveLength(1);
    const final = await agent.get(`/back/api/course/currentFlow/${id}`);
    expect(final.body.data.step).toMatchObject({ id: "attestation", status: "done" });
    expectEnvelope(await agent.post(`/back/api/course/currentFlow/${id}`, { stepId: postStep.id, answers: {} }), 409);

    // Another user reads nothing of it.
    const other = await loggedIn(suite, OTHER);
    expectEnvelope(await other.get(`/back/api/course/currentFlow/${id}`), 403);
    expectEnvelope(await other.post(`/back/api/course/currentFlow/${id}`, { stepId: steps[1]!.id }), 403);
  });

  test("a quiz training's own flow: GET and POST user/quiz/currentFlow/{id}; 404 for an unknown id or another type (issue 28)", async () => {
    const { db } = suite;
    const quiz = await trainingId(db, "quiz-interactions");
    const formation = await trainingId(db, "micronutrition-conseil");
    const agent = await loggedIn(suite, "learning.nojs.fr@demo.test");
    expectEnvelope(await suite.agent().get(`/back/api/user/quiz/currentFlow/${quiz}`), 401);
    expectEnvelope(await agent.get(`/back/api/user/quiz/currentFlow/${quiz}`), 403);
    await enrol(db, "learning.nojs.fr@demo.test", quiz);

    const first = await agent.get(`/back/api/user/quiz/currentFlow/${quiz}`);
    expectEnvelope(first, 200);
    const steps = first.body.data.steps as { id: string; quizId: number | null }[];
    expect(steps.length).toBeGreaterThan(1);
    expect(first.body.data).toEqual((await agent.get(`/back/api/course/currentFlow/${quiz}`)).body.data);
    const step = steps.find((s) => s.quizId !== null)!;
    const answered = await agent.post(`/back/api/user/quiz/currentFlow/${quiz}`, { stepId: step.id, answers: await rightAnswers(db, step.quizId!) });
    expectEnvelope(answered, 200);
    expect(answered.body.data.result.score).toBe(100);

    expectEnvelope(await agent.get(`/back/api/user/quiz/currentFlow/999999`), 404);
    const wrong = await agent.get(`/back/api/user/quiz/currentFlow/${formation}`);
    expectEnvelope(wrong, 404);
    expect(wrong.body.message).toMatch(/quiz/);
    expectEnvelope(await agent.request("DELETE", `/back/api/user/quiz/currentFlow/${quiz}`, { json: {} }), 404);
  });

  test("families, not-implemented types and the DPC reset", async () => {
    const { db } = suite;
    const agent = await loggedIn(suite, "learning.nojs.fr@demo.test");
    const formation = await trainingId(db, "micronutrition-conseil");
    const dpc = await trainingId(db, "entretiens-anticoagulants");
    await enrol(db, "learning.nojs.fr@demo.test", formation);
    const enrolment = await enrol(db, "learning.nojs.fr@demo.test", dpc);

    expectEnvelope(await agent.get(`/back/api/user/formation/currentFlow/${formation}`), 200);
    const wrong = await agent.get(`/back/api/user/mixt/currentFlow/${formation}`);
    expectEnvelope(wrong, 404);
    expect(wrong.body.message).toMatch(/mixt/);
    for (const type of ["podcast", "webinar"]) {
      const reply = await agent.get(`/back/api/user/${type}/currentFlow/${formation}`);
      expectEnvelope(reply, 501);
      expect(reply.body.message).toContain(type);
    }
    // A word that is not a training type (spec: dpc, mixt, formation, ...) names no route: 404, not 501 (issue 10, F9).
    for (const type of ["foo", "1", "constructor", "Formation"]) {
      const reply = await agent.get(`/back/api/user/${type}/currentFlow/${formation}`);
      expectEnvelope(reply, 404);
      expect(reply.body.message).toContain(type);
    }
    expectEnvelope(await agent.post(`/back/api/user/garbage/currentFlow/${formation}`, {}), 404);
    expectEnvelope(await agent.post(`/back/api/user/pdf/currentFlow/${formation}`, {}), 501);
    expectEnvelope(await agent.post(`/back/api/user/formation/currentFlow/${formation}`, {}), 404);

    const flow = await agent.get(`/back/api/user/dpc/currentFlow/${dpc}`);
    expectEnvelope(flow, 200);
    const steps = flow.body.data.steps as { id: string; quizId: number | null }[];
    // DPC posts its step in `data`.
    expectEnvelope(await agent.post(`/back/api/user/dpc/currentFlow/${dpc}`, { stepId: steps[0]!.id }), 422);
    const answered = await agent.post(`/back/api/user/dpc/currentFlow/${dpc}`, {
      data: { stepId: steps[0]!.id, answers: await rightAnswers(db, steps[0]!.quizId!) },
    });
    expectEnvelope(answered, 200);
    expectEnvelope(await agent.post(`/back/api/user/dpc/currentFlow/${dpc}`, { data: { stepId: steps[1]!.id } }), 200);
    expect(await db.select().from(moduleProgress).where(eq(moduleProgress.enrolmentId, enrolment.id))).toHaveLength(2);

    // DELETE starts again: progress removed, the quiz attempt kept (detached from the enrolment).
    const reset = await agent.request("DELETE", `/back/api/user/dpc/currentFlow/${dpc}`);
    expectEnvelope(reset, 200);
    expect(reset.body.data).toMatchObject({ currentStepId: steps[0]!.id, progressPercent: 0 });
    expect(reset.body.data.step.quiz).toMatchObject({ hidden: false, tracking: { id: null } });
    expect(await db.select().from(moduleProgress).where(eq(moduleProgress.enrolmentId, enrolment.id))).toHaveLength(0);
    const kept = await db
      .select()
      .from(quizTrackings)
      .where(and(eq(quizTrackings.quizId, steps[0]!.quizId!), eq(quizTrackings.userId, await userId(db, "learning.nojs.fr@demo.test"))));
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({ enrolmentId: null, score: 100 });
    const [row] = await db.select().from(enrolments).where(eq(enrolments.id, enrolment.id));
    expect(row).toMatchObject({ status: "pending", progressPercent: 0, finishedAt: null });
    // Without the CSRF header a DELETE is refused.
    expect((await agent.request("DELETE", `/back/api/user/dpc/currentFlow/${dpc}`, { csrf: false })).status).toBe(419);
  });

  test("video and pdf modules, the evaluation quiz", async () => {
    const { db } = suite;
    const email = "records.nojs.fr@demo.test";
    const agent = await loggedIn(suite, email);
    const video = await trainingId(db, "dispositifs-inhalation-video");
    const pdf = await trainingId(db, "memo-chaine-du-froid");
    const videoEnrolment = await enrol(db, email, video);
    const pdfEnrolment = await enrol(db, email, pdf);

    const flow = await agent.get(`/back/api/user/video/currentFlow/${video}`);
    expectEnvelope(flow, 200);
    const steps = flow.body.data.steps as { id: string; kind: string; moduleId: number; moduleKind: string }[];
    const videos = steps.filter((s) => s.moduleKind === "video");
    expect(videos.length).toBeGreaterThan(1);
    expect(steps.at(-2)).toMatchObject({ kind: "evaluation" });
    // A real demo video (WebM, its length known) with French captions.
    expect(flow.body.data.step).toMatchObject({
      moduleKind: "video",
      mediaUrl: expect.stringMatching(/^\/media\/videos\/.+\.webm$/),
      videoSeconds: 4,
      positionSeconds: 0,
    });
    expect(flow.body.data.step.captions).toEqual([{ src: expect.stringMatching(/^\/media\/videos\/.+\.fr\.vtt$/), srclang: "fr", label: "Français" }]);
    /** As if `seconds` had passed since the learner first opened the video (its opening time moved back). */
    const openedAgo = async (moduleId: number, seconds: number) => {
      const rows = await db
        .update(moduleProgress)
        .set({ startedAt: new Date(Date.now() - seconds * 1000) })
        .where(and(eq(moduleProgress.enrolmentId, videoEnrolment.id), eq(moduleProgress.moduleId, moduleId)))
        .returning();
      expect(rows).toHaveLength(1);
    };

    // Playback position of the current video; not for a later one.
    const saved = await agent.post(`/back/api/user/video/module/currentFlow/${videos[0]!.moduleId}`, { position: 42 });
    expectEnvelope(saved, 200);
    expect((await agent.get(`/back/api/user/video/currentFlow/${video}`)).body.data.step.positionSeconds).toBe(42);
    expectEnvelope(await agent.post(`/back/api/user/video/module/currentFlow/${videos[1]!.moduleId}`, { position: 5 }), 409);
    expectEnvelope(await agent.post(`/back/api/user/video/module/currentFlow/${videos[0]!.moduleId}`, { position: -1 }), 422);

    // Completing: a GET that changes state needs the CSRF header.
    expect((await agent.get(`/back/api/user/video/module/complete/${videos[0]!.moduleId}`)).status).toBe(419);
    expectEnvelope(await agent.get(`/back/api/user/video/module/complete/${videos[1]!.moduleId}`, { headers: csrfHeader(agent) }), 409);
    // Not watched yet: refused (the time left in the message), with or without the player's end position.
    const completePath = `/back/api/user/video/module/complete/${videos[0]!.moduleId}`;
    const early = await agent.get(completePath, { headers: csrfHeader(agent) });
    expectEnvelope(early, 409);
    expect(early.body.message).toMatch(/jusqu'au bout/);
    expectEnvelope(await agent.get(`${completePath}?position=4`, { headers: csrfHeader(agent) }), 409);
    expectEnvelope(await agent.get(`${completePath}?position=abc`, { headers: csrfHeader(agent) }), 422);
    await openedAgo(videos[0]!.moduleId, 5);
    // Stopped before the end: still refused.
    expectEnvelope(await agent.get(`${completePath}?position=1.5`, { headers: csrfHeader(agent) }), 409);
    const completed = await agent.get(`${completePath}?position=4.001`, { headers: csrfHeader(agent) });
    expectEnvelope(completed, 200);
    expect(completed.body.data.currentStepId).toBe(videos[1]!.id);
    // Completing it again is harmless.
    expectEnvelope(await agent.get(`/back/api/user/video/module/complete/${videos[0]!.moduleId}`, { headers: csrfHeader(agent) }), 200);
    // The video family posts with the step in the query; the same watching rule holds (here without a position,
    // as the form without JavaScript: once the video's duration has passed since it was first shown).
    expectEnvelope(await agent.post(`/back/api/user/video/currentFlow/${video}?step=${videos[1]!.id}`, {}), 409);
    await openedAgo(videos[1]!.moduleId, 4);
    expectEnvelope(await agent.post(`/back/api/user/video/currentFlow/${video}?step=${videos[1]!.id}`, {}), 200);
    for (const step of videos.slice(2)) expectEnvelope(await agent.post(`/back/api/user/video/currentFlow/${video}`, { stepId: step.id }), 200);

    // Evaluation quiz page endpoints.
    const evaluation = await agent.get(`/back/api/user/evaluationQuiz?trainingId=${video}`);
    expectEnvelope(evaluation, 200);
    expect(evaluation.body.data).toMatchObject({ status: "current", quiz: { kind: "evaluation", hidden: false, tracking: { id: null } } });
    expect(evaluation.text).not.toMatch(/"correct"/);
    expectEnvelope(await agent.get(`/back/api/user/evaluationQuiz?trainingId=${pdf}`), 404);
    expectEnvelope(await agent.get(`/back/api/user/evaluationQuiz`), 422);
    const question = evaluation.body.data.quiz.questions[0];
    const before = await tableCounts(db);
    expectEnvelope(await agent.post(`/back/api/user/evaluationQuiz/answer`, { trainingId: video, answers: { [question.id]: [123456789] } }), 422);
    expect(await tableCounts(db)).toEqual(before);
    const answer = await agent.post(`/back/api/user/evaluationQuiz/answer`, { trainingId: video, answers: { [question.id]: [question.choices[1].id] } });
    expectEnvelope(answer, 200);
    expect(answer.body.data).toMatchObject({ finished: true, result: { score: 0 }, quiz: { hidden: true, tracking: { score: 0 } } });
    expectEnvelope(await agent.post(`/back/api/user/evaluationQuiz/answer`, { trainingId: video, answers: {} }), 409);

    // Pdf: the link marks the module started and gives the file; then "I have read it".
    const pdfFlow = await agent.get(`/back/api/course/currentFlow/${pdf}`);
    const pdfModule = pdfFlow.body.data.step.moduleId as number;
    expect((await agent.get(`/back/api/user/pdf/module/link/${pdfModule}`)).status).toBe(419);
    const link = await agent.get(`/back/api/user/pdf/module/link/${pdfModule}`, { headers: csrfHeader(agent) });
    expectEnvelope(link, 200);
    expect(link.body.data.url).toBe("/media/pdf/memo-chaine-du-froid.pdf");
    const [started] = await db.select().from(moduleProgress).where(eq(moduleProgress.enrolmentId, pdfEnrolment.id));
    expect(started).toMatchObject({ status: "started", completedAt: null });
    expectEnvelope(await agent.get(`/back/api/user/video/module/complete/${pdfModule}`, { headers: csrfHeader(agent) }), 404);
    const read = await agent.get(`/back/api/user/pdf/module/complete/${pdfModule}`, { headers: csrfHeader(agent) });
    expectEnvelope(read, 200);
    expect(read.body.data).toMatchObject({ finished: true, progressPercent: 100 });

    // Another learner: refused on both.
    const other = await loggedIn(suite, "records.js.fr@demo.test");
    expectEnvelope(await other.get(`/back/api/user/pdf/module/link/${pdfModule}`, { headers: csrfHeader(other) }), 403);
    expectEnvelope(await other.post(`/back/api/user/video/module/currentFlow/${videos[0]!.moduleId}`, { position: 1 }), 403);
    expectEnvelope(await other.get(`/back/api/user/evaluationQuiz?trainingId=${video}`), 403);
  });

  test("podcast audio with Range requests", async () => {
    const { db } = suite;
    const email = "learning.js.fr@demo.test";
    const agent = await loggedIn(suite, email);
    const podcast = await trainingId(db, "violences-intrafamiliales-podcast");
    await enrol(db, email, podcast);
    const flow = await agent.get(`/back/api/course/currentFlow/${podcast}`);
    const episodes = (flow.body.data.steps as { moduleId: number; moduleKind: string }[]).filter((s) => s.moduleKind === "podcast");
    const url = `/back/api/getAudioStream/${episodes[0]!.moduleId}`;
    expect(flow.body.data.step.mediaUrl).toBe(url);

    const whole = await fetch(suite.origin + url, { headers: { cookie: agent.cookieHeader() } });
    expect(whole.status).toBe(200);
    expect(whole.headers.get("accept-ranges")).toBe("bytes");
    expect(whole.headers.get("content-type")).toBe("audio/wav");
    const bytes = new Uint8Array(await whole.arrayBuffer());
    const size = bytes.length;
    expect(Buffer.from(bytes.slice(0, 4)).toString()).toBe("RIFF");
    expect(Number(whole.headers.get("content-length"))).toBe(size);

    const first = await fetch(suite.origin + url, { headers: { cookie: agent.cookieHeader(), range: "bytes=0-99" } });
    expect(first.status).toBe(206);
    expect(first.headers.get("content-range")).toBe(`bytes 0-99/${size}`);
    expect(new Uint8Array(await first.arrayBuffer())).toEqual(bytes.slice(0, 100));

    const suffix = await fetch(suite.origin + url, { headers: { cookie: agent.cookieHeader(), range: "bytes=-500" } });
    expect(suffix.status).toBe(206);
    expect(suffix.headers.get("content-range")).toBe(`bytes ${size - 500}-${size - 1}/${size}`);
    expect(new Uint8Array(await suffix.arrayBuffer())).toEqual(bytes.slice(size - 500));

    const open = await fetch(suite.origin + url, { headers: { cookie: agent.cookieHeader(), range: `bytes=${size - 10}-` } });
    expect(open.status).toBe(206);
    expect((await open.arrayBuffer()).byteLength).toBe(10);

    const outside = await fetch(suite.origin + url, { headers: { cookie: agent.cookieHeader(), range: `bytes=${size}-` } });
    expect(outside.status).toBe(416);
    expect(outside.headers.get("content-range")).toBe(`bytes */${size}`);

    // The next episode is not reached yet; another learner and guests get nothing.
    expectEnvelope(await agent.get(`/back/api/getAudioStream/${episodes[1]!.moduleId}`), 409);
    expectEnvelope(await suite.agent().get(url), 401);
    const other = await loggedIn(suite, "records.js.fr@demo.test");
    expectEnvelope(await other.get(url), 403);
    // A module that is not a podcast.
    const pdfModule = await db.execute(sql`select m.id from modules m join courses c on c.id = m.course_id where m.type = 9 limit 1`);
    expectEnvelope(await agent.get(`/back/api/getAudioStream/${(pdfModule as unknown as { rows: { id: number }[] }).rows[0]!.id}`), 403);
  });

  test("live steps: session details, join window, calendar", async () => {
    const { db } = suite;
    const email = "booking.js.fr@demo.test";
    const agent = await loggedIn(suite, email);
    const afgsu = await trainingId(db, "afgsu-niveau-2");
    const [session] = await db
      .select({ id: faceToFaceSessions.id, address: faceToFaceSessions.address, city: faceToFaceSessions.city })
      .from(faceToFaceSessions)
      .innerJoin(faceToFaces, eq(faceToFaces.id, faceToFaceSessions.faceToFaceId))
      .where(and(eq(faceToFaces.trainingId, afgsu), eq(faceToFaceSessions.multiDates, true), sql`${faceToFaceSessions.startDate} > now()`))
      .orderBy(faceToFaceSessions.startDate)
      .limit(1);
    const dates = await db.select().from(sessionDates).where(eq(sessionDates.sessionId, session!.id));
    expect(dates.length).toBe(3);

    expectEnvelope(await agent.get(`/back/api/user/session/${session!.id}/calendar.ics`), 404);
    await enrol(db, email, afgsu, session!.id);
    const flow = await agent.get(`/back/api/user/faceToFaceOnly/currentFlow/${afgsu}`);
    expectEnvelope(flow, 200);
    const step = flow.body.data.step;
    expect(step.moduleKind).toBe("faceToFace");
    expect(step.session).toMatchObject({
      id: session!.id,
      started: false,
      join: { state: "early", url: null },
      calendarUrl: `/back/api/user/session/${session!.id}/calendar.ics`,
    });
    expect(step.session.dates).toHaveLength(3);
    const early = await agent.post(`/back/api/course/currentFlow/${afgsu}`, { stepId: step.id });
    expectEnvelope(early, 409);
    expect(early.body.message).toMatch(/pas encore eu lieu/);

    const ics = await agent.get(`/back/api/user/session/${session!.id}/calendar.ics`);
    expect(ics.status).toBe(200);
    expect(ics.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(ics.text.startsWith("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n")).toBe(true);
    expect(ics.text.endsWith("END:VCALENDAR\r\n")).toBe(true);
    expect(ics.text).toContain("TZID:Europe/Paris");
    expect(ics.text.match(/BEGIN:VEVENT/g)).toHaveLength(3);
    for (const d of dates) expect(ics.text).toContain(`DTSTART;TZID=Europe/Paris:${d.date.replace(/-/g, "")}T${d.startTime.slice(0, 5).replace(":", "")}00`);
    const unfolded = ics.text.replace(/\r\n /g, "");
    if (session!.city) expect(unfolded).toContain(session!.city);
    expect(ics.text.split("\r\n").every((line) => Buffer.byteLength(line) <= 75)).toBe(true);

    const other = await loggedIn(suite, "booking.nojs.fr@demo.test");
    expectEnvelope(await other.get(`/back/api/user/session/${session!.id}/calendar.ics`), 404);

    // A virtual class under way today: the join window is open and gives the room's link.
    const virtual = await trainingId(db, "interactions-cas-pratiques");
    const [room] = await db
      .select({ id: faceToFaceSessions.id })
      .from(faceToFaceSessions)
      .innerJoin(faceToFaces, eq(faceToFaces.id, faceToFaceSessions.faceToFaceId))
      .where(eq(faceToFaces.trainingId, virtual))
      .limit(1);
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Paris" }).format(new Date());
    await db.delete(sessionDates).where(eq(sessionDates.sessionId, room!.id));
    await db
      .update(faceToFaceSessions)
      .set({ startDate: today, startTime: "00:00", endTime: "23:59", multiDates: false, virtualClassUrl: "https://visio.example.test/room-1" })
      .where(eq(faceToFaceSessions.id, room!.id));
    await enrol(db, email, virtual, room!.id);
    const live = await agent.get(`/back/api/user/faceToFaceOnly/currentFlow/${virtual}`);
    expectEnvelope(live, 200);
    expect(live.body.data.step.session).toMatchObject({ id: room!.id, started: true, join: { state: "open", url: "https://visio.example.test/room-1" } });

    // Once the session has begun (moved to the past here), the step can be completed.
    await db.update(faceToFaceSessions).set({ startDate: "2020-01-06" }).where(eq(faceToFaceSessions.id, session!.id));
    await db
      .update(sessionDates)
      .set({ date: sql`${sessionDates.date} - interval '3000 days'` })
      .where(eq(sessionDates.sessionId, session!.id));
    const done = await agent.post(`/back/api/course/currentFlow/${afgsu}`, { stepId: step.id });
    expectEnvelope(done, 200);
  });

  test("a quiz answered before the flow recorded its step (seeded or imported records) counts as done", async () => {
    // An imported enrolment: an answered pre-test tracking and no module progress.
    const email = "learning.nojs.fr@demo.test";
    const id = await trainingId(suite.db, "routine-dermocosmetique");
    const enrolment = await enrol(suite.db, email, id);
    const [preTest] = (
      (await suite.db.execute(sql`select id from quizzes where training_id = ${id} and kind = 'pre_test'`)) as unknown as { rows: { id: number }[] }
    ).rows;
    const answeredAt = new Date(Date.now() - 86_400_000);
    await suite.db.insert(quizTrackings).values({
      quizId: Number(preTest!.id),
      userId: await userId(suite.db, email),
      enrolmentId: enrolment.id,
      answers: {},
      startDate: answeredAt,
      answeredAt,
      score: 0,
      notAnswered: true,
    });
    const agent = await loggedIn(suite, email);
    const flow = await agent.get(`/back/api/course/currentFlow/${id}`);
    expectEnvelope(flow, 200);
    const steps: { id: string; kind: string; status: string }[] = flow.body.data.steps;
    expect(steps[0]).toMatchObject({ kind: "preTest", status: "done" });
    expect(flow.body.data.currentStepId).toBe(steps[1]!.id);
    expect(flow.body.data.progressPercent).toBeGreaterThan(0);
  });
});
