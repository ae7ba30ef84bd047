// The catalogue tool's edits, order and deletions (ADR 0080), through real HTTP on a real database: every field of
// a course, module, DPC programme, quiz and question edited with its before/after in the audit log; bad input
// answered per field with nothing written; courses, modules and questions moved up and down with positions kept
// 1..n; programmes, quizzes and questions deleted only after confirmation and refused (409) once learners used
// them; the training page without JavaScript: an edit sent back with the typed values, a move, a confirmation step.
import { and, asc, desc, eq, isNotNull } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import {
  auditLog,
  courses,
  dpcProgrammes,
  enrolments,
  modules,
  objectives,
  people,
  quizChoices,
  quizQuestions,
  quizTrackings,
  quizzes,
  trainingPeople,
  trainingTags,
} from "../../server/db/schema/index.ts";
import { backends, tableCounts } from "./support/database.ts";
import { expectEnvelope, type Agent } from "./support/http.ts";
import { useSuite } from "./support/setup.ts";

const API = "/back/api/admin/catalog";

describe.each(backends())("admin catalogue: edit, reorder, delete (%s)", (backend) => {
  const suite = useSuite(backend, { TRUST_PROXY: "true" });

  async function admin(): Promise<Agent> {
    const agent = suite.agent({ "accept-language": "fr-FR", "x-forwarded-host": "localhost" });
    expectEnvelope(await agent.login("admin@demo.test"), 200);
    return agent;
  }

  /** A new unpublished training with 3 courses (the first with 3 modules), a programme and a quiz of 3 questions. */
  async function filledTraining(agent: Agent, slug: string) {
    const created = await agent.post(`${API}/trainings`, {
      brand: "fr",
      slug,
      type: "formation",
      name: `Formation ${slug}`,
      durationMinutes: 60,
      priceHt: "100",
    });
    expectEnvelope(created, 201);
    const id = created.body.data.id as number;
    for (const name of ["Un", "Deux", "Trois"])
      expectEnvelope(await agent.post(`${API}/trainings/${id}/courses`, { name, moduleType: 1, durationMinutes: 30 }), 201);
    let detail = (await agent.get(`${API}/trainings/${id}`)).body.data;
    for (const title of ["A", "B", "C"])
      expectEnvelope(await agent.post(`${API}/courses/${detail.courses[0].id}/modules`, { title, type: 1, durationMinutes: 10 }), 201);
    expectEnvelope(
      await agent.post(`${API}/trainings/${id}/programmes`, {
        actionNumber: String(96_829_900_000 + id),
        name: "Programme",
        priceHt: "390",
        durationMinutes: 420,
      }),
      201,
    );
    // A passing score belongs to a post-test or a stand-alone quiz (ADR 0107).
    const quiz = await agent.post(`${API}/trainings/${id}/quizzes`, { title: "Quiz", kind: "post_test", passScore: 70 });
    expectEnvelope(quiz, 201);
    for (const text of ["Q1", "Q2", "Q3"])
      expectEnvelope(await agent.post(`${API}/quizzes/${quiz.body.data.id}/questions`, { text, kind: "single", choices: "*Oui\nNon\nPeut-être" }), 201);
    detail = (await agent.get(`${API}/trainings/${id}`)).body.data;
    return detail as {
      id: number;
      courses: { id: number; name: string; position: number; modules: { id: number; title: string; position: number }[] }[];
      programmes: { id: number; actionNumber: string; enrolments: number }[];
      quizzes: { id: number; attempts: number; questions: { id: number; text: string; position: number }[] }[];
    };
  }

  const lastAudit = async (action: string) => {
    const [row] = await suite.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.id)).limit(1);
    return row;
  };
  const auditCount = (action: string) => suite.db.$count(auditLog, eq(auditLog.action, action));

  test("every field of a course, module, programme, quiz and question can be edited; each change has its before and after", async () => {
    const agent = await admin();
    const t = await filledTraining(agent, "edition-complete");
    const course = t.courses[0];
    const module = course.modules[0];
    const programme = t.programmes[0];
    const quiz = t.quizzes[0];
    const question = quiz.questions[0];
    const [choicesBefore] = [await suite.db.select().from(quizChoices).where(eq(quizChoices.questionId, question.id)).orderBy(asc(quizChoices.position))];

    expectEnvelope(await agent.post(`${API}/courses/${course.id}`, { name: "Parcours renommé", moduleType: "3", durationMinutes: "45" }), 200);
    expectEnvelope(await agent.post(`${API}/modules/${module.id}`, { title: "Module renommé", type: 9, durationMinutes: 15 }), 200);
    expectEnvelope(
      await agent.post(`${API}/programmes/${programme.id}`, {
        actionNumber: "96822599999",
        name: "Programme renommé",
        priceHt: "120,50",
        durationMinutes: 300,
      }),
      200,
    );
    expectEnvelope(await agent.post(`${API}/quizzes/${quiz.id}`, { title: "Quiz renommé", kind: "post_test" }), 200);
    expectEnvelope(
      await agent.post(`${API}/questions/${question.id}`, { text: "Q1 revue ?", kind: "multiple", choices: "*Oui\n* Peut-être", explanation: "Parce que." }),
      200,
    );

    const [courseRow] = await suite.db.select().from(courses).where(eq(courses.id, course.id));
    expect(courseRow).toMatchObject({ name: "Parcours renommé", moduleType: 3, isVirtual: true, durationMinutes: 45, position: 1 });
    const [moduleRow] = await suite.db.select().from(modules).where(eq(modules.id, module.id));
    expect(moduleRow).toMatchObject({ title: "Module renommé", type: 9, durationMinutes: 15, position: 1 });
    const [programmeRow] = await suite.db.select().from(dpcProgrammes).where(eq(dpcProgrammes.id, programme.id));
    expect(programmeRow).toMatchObject({ actionNumber: "96822599999", name: "Programme renommé", priceHtCents: 12050, durationMinutes: 300 });
    const [quizRow] = await suite.db.select().from(quizzes).where(eq(quizzes.id, quiz.id));
    expect(quizRow).toMatchObject({ title: "Quiz renommé", kind: "post_test", passScore: null });
    const [questionRow] = await suite.db.select().from(quizQuestions).where(eq(quizQuestions.id, question.id));
    expect(questionRow).toMatchObject({ text: "Q1 revue ?", kind: "multiple", explanation: "Parce que.", position: 1 });
    // Choices keep their rows (ids named by learners' answers) by position; the third one is gone.
    const choicesAfter = await suite.db.select().from(quizChoices).where(eq(quizChoices.questionId, question.id)).orderBy(asc(quizChoices.position));
    expect(choicesAfter.map((c) => [c.id, c.text, c.correct])).toEqual([
      [choicesBefore[0].id, "Oui", true],
      [choicesBefore[1].id, "Peut-être", true],
    ]);

    // The training page's reply shows the new values (and the question's explanation).
    const detail = (await agent.get(`${API}/trainings/${t.id}`)).body.data;
    expect(detail.quizzes[0].questions[0]).toMatchObject({
      explanation: "Parce que.",
      choices: [
        { text: "Oui", correct: true },
        { text: "Peut-être", correct: true },
      ],
    });

    const audit = {
      course: await lastAudit("course.update"),
      module: await lastAudit("module.update"),
      programme: await lastAudit("programme.update"),
      quiz: await lastAudit("quiz.update"),
      question: await lastAudit("question.update"),
    };
    expect(audit.course).toMatchObject({
      entityType: "course",
      entityId: String(course.id),
      before: { name: "Un", moduleType: 1 },
      after: { name: "Parcours renommé", moduleType: 3 },
    });
    expect(audit.module).toMatchObject({ entityType: "module", before: { title: "A", type: 1 }, after: { title: "Module renommé", type: 9 } });
    expect(audit.programme).toMatchObject({
      entityType: "dpcProgramme",
      before: { actionNumber: programme.actionNumber, priceHtCents: 39000 },
      after: { actionNumber: "96822599999", priceHtCents: 12050 },
    });
    expect(audit.quiz).toMatchObject({ entityType: "quiz", before: { title: "Quiz", passScore: 70 }, after: { title: "Quiz renommé", passScore: null } });
    expect(audit.question).toMatchObject({
      entityType: "quizQuestion",
      before: {
        text: "Q1",
        choices: [
          { text: "Oui", correct: true },
          { text: "Non", correct: false },
          { text: "Peut-être", correct: false },
        ],
      },
      after: { text: "Q1 revue ?", kind: "multiple" },
    });
    for (const row of Object.values(audit)) expect(row.actorEmail).toBe("admin@demo.test");
  });

  test("bad input on an edit: a message per field in the user's language, nothing written, no audit row", async () => {
    const agent = await admin();
    const t = await filledTraining(agent, "edition-refusee");
    const [other] = await suite.db
      .select({ actionNumber: dpcProgrammes.actionNumber })
      .from(dpcProgrammes)
      .where(isNotNull(dpcProgrammes.id))
      .orderBy(asc(dpcProgrammes.id))
      .limit(1);
    const before = await tableCounts(suite.db);
    const audits = await suite.db.$count(auditLog);
    const snapshot = async () => ({
      course: await suite.db.select().from(courses).where(eq(courses.trainingId, t.id)).orderBy(asc(courses.id)),
      programme: await suite.db.select().from(dpcProgrammes).where(eq(dpcProgrammes.trainingId, t.id)),
      quiz: await suite.db.select().from(quizzes).where(eq(quizzes.trainingId, t.id)),
      questions: await suite.db.select().from(quizQuestions).where(eq(quizQuestions.quizId, t.quizzes[0].id)).orderBy(asc(quizQuestions.id)),
      choices: await suite.db.select().from(quizChoices).orderBy(asc(quizChoices.id)),
    });
    const rows = await snapshot();
    const cases: [string, unknown, string[], number][] = [
      [`${API}/courses/${t.courses[0].id}`, { name: "", moduleType: 8, durationMinutes: -5 }, ["durationMinutes", "moduleType", "name"], 422],
      [`${API}/modules/${t.courses[0].modules[0].id}`, { title: "x".repeat(201), type: 10, durationMinutes: "abc" }, ["durationMinutes", "title", "type"], 422],
      [
        `${API}/programmes/${t.programmes[0].id}`,
        { actionNumber: "123", name: " ", priceHt: "12,345", durationMinutes: 10 },
        ["actionNumber", "name", "priceHt"],
        422,
      ],
      [`${API}/programmes/${t.programmes[0].id}`, { actionNumber: other.actionNumber, name: "P", priceHt: "1", durationMinutes: 10 }, ["actionNumber"], 409],
      // Another organisation's action number (its first four digits are not our DPC number, ADR 0102).
      [`${API}/programmes/${t.programmes[0].id}`, { actionNumber: "12342599999", name: "P", priceHt: "1", durationMinutes: 10 }, ["actionNumber"], 422],
      [`${API}/trainings/${t.id}/programmes`, { actionNumber: "12342599998", name: "P", priceHt: "1", durationMinutes: 10 }, ["actionNumber"], 422],
      [`${API}/quizzes/${t.quizzes[0].id}`, { title: "", kind: "exam", passScore: 101 }, ["kind", "passScore", "title"], 422],
      [`${API}/questions/${t.quizzes[0].questions[0].id}`, { text: "Q", kind: "single", choices: "*Oui\n*Non" }, ["choices"], 422],
      [
        `${API}/questions/${t.quizzes[0].questions[0].id}`,
        { text: "x".repeat(1001), kind: "many", choices: "*Oui\nNon", explanation: "e".repeat(2001) },
        ["explanation", "kind", "text"],
        422,
      ],
      [`${API}/courses/${t.courses[0].id}/move`, { direction: "left" }, ["direction"], 422],
    ];
    for (const [path, body, fields, status] of cases) {
      const reply = await agent.post(path, body);
      expectEnvelope(reply, status);
      expect(Object.keys(reply.body.data.errors).sort(), path).toEqual(fields);
    }
    const taken = await agent.post(`${API}/programmes/${t.programmes[0].id}`, {
      actionNumber: other.actionNumber,
      name: "P",
      priceHt: "1",
      durationMinutes: 10,
    });
    expect(taken.body.data.errors.actionNumber).toEqual(["Ce numéro d'action est déjà utilisé."]);
    const foreign = await agent.post(`${API}/programmes/${t.programmes[0].id}`, { actionNumber: "12342599999", name: "P", priceHt: "1", durationMinutes: 10 });
    expect(foreign.body.data.errors.actionNumber).toEqual([
      "Ce numéro d'action n'est pas celui de notre organisme : ses quatre premiers chiffres sont notre n° d'organisme DPC.",
    ]);
    // Unknown ids: 404; a quiz's edit does not reach a question's id space.
    expectEnvelope(await agent.post(`${API}/courses/999999`, { name: "X", moduleType: 1, durationMinutes: 1 }), 404);
    expectEnvelope(await agent.post(`${API}/questions/999999/move`, { direction: "up" }), 404);
    expectEnvelope(await agent.post(`${API}/quizzes/999999/delete`, { confirm: true }), 404);
    expect(await tableCounts(suite.db)).toEqual(before);
    expect(await snapshot()).toEqual(rows);
    expect(await suite.db.$count(auditLog)).toBe(audits);
  });

  test("moving up and down: positions stay 1..n, the edges change nothing, each move is audited", async () => {
    const agent = await admin();
    const t = await filledTraining(agent, "ordre-des-parcours");
    const order = async () => (await agent.get(`${API}/trainings/${t.id}`)).body.data as typeof t;
    const [un, deux, trois] = t.courses;

    const moved = await agent.post(`${API}/courses/${trois.id}/move`, { direction: "up" });
    expectEnvelope(moved, 200);
    expect(moved.body.data).toEqual({ id: trois.id, moved: true, position: 2 });
    let now = await order();
    expect(now.courses.map((c) => [c.name, c.position])).toEqual([
      ["Un", 1],
      ["Trois", 2],
      ["Deux", 3],
    ]);
    expect(await lastAudit("course.move")).toMatchObject({
      entityId: String(trois.id),
      before: { position: 3, order: [un.id, deux.id, trois.id] },
      after: { position: 2, order: [un.id, trois.id, deux.id] },
    });

    // Already first: nothing written, no audit row.
    const moves = await auditCount("course.move");
    const edge = await agent.post(`${API}/courses/${un.id}/move`, { direction: "up" });
    expect(edge.body.data).toEqual({ id: un.id, moved: false, position: 1 });
    expect(await auditCount("course.move")).toBe(moves);

    // Modules within their course; questions within their quiz.
    const [a, b, c] = t.courses[0].modules;
    expectEnvelope(await agent.post(`${API}/modules/${a.id}/move`, { direction: "down" }), 200);
    expectEnvelope(await agent.post(`${API}/modules/${a.id}/move`, { direction: "down" }), 200);
    expect((await agent.post(`${API}/modules/${a.id}/move`, { direction: "down" })).body.data.moved).toBe(false);
    now = await order();
    expect(now.courses[0].modules.map((m) => [m.id, m.position])).toEqual([
      [b.id, 1],
      [c.id, 2],
      [a.id, 3],
    ]);
    const [q1, q2, q3] = t.quizzes[0].questions;
    expectEnvelope(await agent.post(`${API}/questions/${q2.id}/move`, { direction: "up" }), 200);
    now = await order();
    expect(now.quizzes[0].questions.map((q) => [q.id, q.position])).toEqual([
      [q2.id, 1],
      [q1.id, 2],
      [q3.id, 3],
    ]);
    expect(await lastAudit("question.move")).toMatchObject({ entityType: "quizQuestion", entityId: String(q2.id) });
    expect(await lastAudit("module.move")).toMatchObject({ entityType: "module", entityId: String(a.id), after: { position: 3 } });

    // Deleting one closes the gap: positions stay 1..n.
    expectEnvelope(await agent.post(`${API}/modules/${b.id}/delete`, { confirm: true }), 200);
    expectEnvelope(await agent.post(`${API}/courses/${un.id}/delete`, {}), 422);
    expectEnvelope(await agent.post(`${API}/courses/${un.id}/delete`, { confirm: true }), 200);
    now = await order();
    expect(now.courses.map((x) => [x.name, x.position])).toEqual([
      ["Trois", 1],
      ["Deux", 2],
    ]);

    // Two moves at once on the same list: both done one after the other, never two rows on one position.
    const [first, second] = now.courses;
    const replies = await Promise.all([
      agent.post(`${API}/courses/${second.id}/move`, { direction: "up" }),
      agent.post(`${API}/courses/${first.id}/move`, { direction: "down" }),
    ]);
    for (const reply of replies) expectEnvelope(reply, 200);
    const positions = (
      await suite.db.select({ position: courses.position }).from(courses).where(eq(courses.trainingId, t.id)).orderBy(asc(courses.position))
    ).map((r) => r.position);
    expect(positions).toEqual([1, 2]);
  });

  test("deleting a programme, a quiz or a question: confirmation required, refused once learners used it, audited", async () => {
    const agent = await admin();
    const t = await filledTraining(agent, "suppressions");
    const quiz = t.quizzes[0];

    // Without the explicit confirmation: 422 on `confirm`, nothing deleted.
    for (const path of [
      `${API}/programmes/${t.programmes[0].id}/delete`,
      `${API}/quizzes/${quiz.id}/delete`,
      `${API}/questions/${quiz.questions[0].id}/delete`,
    ]) {
      const reply = await agent.post(path, { confirm: false });
      expectEnvelope(reply, 422);
      expect(Object.keys(reply.body.data.errors)).toEqual(["confirm"]);
    }

    expectEnvelope(await agent.post(`${API}/questions/${quiz.questions[0].id}/delete`, { confirm: true }), 200);
    const left = await suite.db
      .select({ id: quizQuestions.id, position: quizQuestions.position })
      .from(quizQuestions)
      .where(eq(quizQuestions.quizId, quiz.id))
      .orderBy(asc(quizQuestions.position));
    expect(left).toEqual([
      { id: quiz.questions[1].id, position: 1 },
      { id: quiz.questions[2].id, position: 2 },
    ]);
    expect(await lastAudit("question.delete")).toMatchObject({ entityId: String(quiz.questions[0].id), before: { text: "Q1" }, after: null });
    expectEnvelope(await agent.post(`${API}/programmes/${t.programmes[0].id}/delete`, { confirm: "on" }), 200);
    expect(await suite.db.$count(dpcProgrammes, eq(dpcProgrammes.id, t.programmes[0].id))).toBe(0);
    expect(await lastAudit("programme.delete")).toMatchObject({
      entityType: "dpcProgramme",
      before: { actionNumber: t.programmes[0].actionNumber },
      after: null,
    });
    expectEnvelope(await agent.post(`${API}/quizzes/${quiz.id}/delete`, { confirm: true }), 200);
    expect(await suite.db.$count(quizQuestions, eq(quizQuestions.quizId, quiz.id))).toBe(0);
    expect(await lastAudit("quiz.delete")).toMatchObject({
      entityType: "quiz",
      before: { title: "Quiz", questions: [{ text: "Q2" }, { text: "Q3" }] },
      after: null,
    });

    // The demo data's programme with enrolments and quiz with attempts: refused with the reason, nothing deleted.
    const [used] = await suite.db.select({ id: enrolments.dpcProgrammeId }).from(enrolments).where(isNotNull(enrolments.dpcProgrammeId)).limit(1);
    const [answered] = await suite.db
      .select({ quizId: quizTrackings.quizId, questionId: quizQuestions.id })
      .from(quizTrackings)
      .innerJoin(quizzes, and(eq(quizzes.id, quizTrackings.quizId), isNotNull(quizzes.trainingId)))
      .innerJoin(quizQuestions, eq(quizQuestions.quizId, quizTrackings.quizId))
      .limit(1);
    expect(used?.id).toBeTruthy();
    expect(answered).toBeDefined();
    const before = await tableCounts(suite.db);
    const refusedProgramme = await agent.post(`${API}/programmes/${used.id}/delete`, { confirm: true });
    expectEnvelope(refusedProgramme, 409);
    expect(refusedProgramme.body.message).toMatch(/^Ce programme ne peut pas être supprimé : (1 apprenant y est inscrit|\d+ apprenants y sont inscrits)\.$/);
    const refusedQuiz = await agent.post(`${API}/quizzes/${answered.quizId}/delete`, { confirm: true });
    expectEnvelope(refusedQuiz, 409);
    expect(refusedQuiz.body.message).toContain("des apprenants y ont déjà répondu");
    const refusedQuestion = await agent.post(`${API}/questions/${answered.questionId}/delete`, { confirm: true });
    expectEnvelope(refusedQuestion, 409);
    expect(refusedQuestion.body.message).toContain("Cette question ne peut pas être supprimée");
    expect(await tableCounts(suite.db)).toEqual(before);

    // The training's reply says which ones are in use (the page shows the reason instead of the button).
    const [usedProgramme] = await suite.db.select({ trainingId: dpcProgrammes.trainingId }).from(dpcProgrammes).where(eq(dpcProgrammes.id, used.id!));
    const detail = (await agent.get(`${API}/trainings/${usedProgramme.trainingId}`)).body.data;
    expect(detail.programmes.find((p: { id: number }) => p.id === used.id).enrolments).toBeGreaterThan(0);
  });

  test("objectives, tags and trainers: each list replaced, trainers only among the brand's people, audited", async () => {
    const agent = await admin();
    const t = await filledTraining(agent, "objectifs-et-formateurs");
    const french = await suite.db.select({ id: people.id }).from(people).where(eq(people.brand, "fr")).orderBy(asc(people.id)).limit(2);
    const [spanish] = await suite.db.select({ id: people.id }).from(people).where(eq(people.brand, "es")).limit(1);
    expect(french.length).toBe(2);
    const body = {
      skills: "Conseiller le patient\n\n  Repérer les interactions  ",
      knowledge: "Les AVK",
      tags: "anticoagulants, AVK, anticoagulants",
      trainers: french.map((p) => String(p.id)),
    };
    expectEnvelope(await agent.post(`${API}/trainings/${t.id}/details`, body), 200);
    let detail = (await agent.get(`${API}/trainings/${t.id}`)).body.data;
    expect(detail).toMatchObject({
      skills: ["Conseiller le patient", "Repérer les interactions"],
      knowledge: ["Les AVK"],
      tags: ["AVK", "anticoagulants"],
      trainers: french.map((p) => p.id),
    });
    expect(detail.people.length).toBeGreaterThanOrEqual(2);
    expect(await lastAudit("training.details")).toMatchObject({
      entityId: String(t.id),
      before: { skills: [], tags: [], trainers: [] },
      after: { tags: ["anticoagulants", "AVK"], trainers: french.map((p) => p.id) },
    });

    // Another brand's person, a bad id, a too long text: refused on the field, nothing written.
    const before = await tableCounts(suite.db);
    const stored = async () => ({
      objectives: await suite.db.select().from(objectives).where(eq(objectives.trainingId, t.id)).orderBy(asc(objectives.id)),
      tags: await suite.db.select().from(trainingTags).where(eq(trainingTags.trainingId, t.id)),
      people: await suite.db.select().from(trainingPeople).where(eq(trainingPeople.trainingId, t.id)),
    });
    const rows = await stored();
    const foreign = await agent.post(`${API}/trainings/${t.id}/details`, { ...body, trainers: [String(spanish.id)], skills: "" });
    expectEnvelope(foreign, 422);
    expect(foreign.body.data.errors).toEqual({ trainers: ["Choisissez les formateurs parmi les intervenants de la marque de la formation."] });
    const bad = await agent.post(`${API}/trainings/${t.id}/details`, { skills: "x".repeat(5001), knowledge: "", tags: "", trainers: ["abc"] });
    expectEnvelope(bad, 422);
    expect(Object.keys(bad.body.data.errors).sort()).toEqual(["skills", "trainers.0"]);
    expect(await tableCounts(suite.db)).toEqual(before);
    expect(await stored()).toEqual(rows);

    // Emptied: every list goes.
    expectEnvelope(await agent.post(`${API}/trainings/${t.id}/details`, { skills: "", knowledge: "", tags: "", trainers: [] }), 200);
    detail = (await agent.get(`${API}/trainings/${t.id}`)).body.data;
    expect(detail).toMatchObject({ skills: [], knowledge: [], tags: [], trainers: [] });
  });

  test("the training page without JavaScript: an edit comes back with what was typed, a move and a deletion go through their forms", async () => {
    const agent = await admin();
    const t = await filledTraining(agent, "page-sans-javascript");
    const pagePath = `/admin/catalog/${t.id}`;
    const page = await agent.get(pagePath, { headers: { accept: "text/html" } });
    expect(page.status).toBe(200);
    expect(page.text).toContain(`data-testid="edit-editCourse-${t.courses[0].id}"`);
    expect(page.text).toMatch(/<button[^>]*value="moveCourse"/);
    const csrf = /name="csrf" value="([^"]+)"/.exec(page.text)?.[1]?.replace(/&amp;/g, "&") ?? "";
    const post = (fields: Record<string, string>, query = "") =>
      agent.request("POST", `${pagePath}${query}`, {
        body: new URLSearchParams({ csrf, ...fields }).toString(),
        headers: { "content-type": "application/x-www-form-urlencoded", accept: "text/html" },
      });

    const before = await tableCounts(suite.db);
    const bad = await post({ intent: "editCourse", courseId: String(t.courses[0].id), name: "Nom tapé gardé", moduleType: "1", durationMinutes: "beaucoup" });
    expect(bad.status).toBe(422);
    expect(bad.text).toContain('value="Nom tapé gardé"');
    expect(bad.text).toContain('value="beaucoup"');
    // The edit's disclosure is open again so its message shows.
    expect(bad.text).toMatch(new RegExp(`<details[^>]*open=""[^>]*data-testid="edit-editCourse-${t.courses[0].id}"`));
    expect(await tableCounts(suite.db)).toEqual(before);

    // Objectives, tags and trainers: another brand's person is refused on its field, the typed tags are kept.
    const [spanish] = await suite.db.select({ id: people.id }).from(people).where(eq(people.brand, "es")).limit(1);
    const foreign = await post({ intent: "details", skills: "Conseiller", knowledge: "", tags: "tag gardé", trainers: String(spanish.id) });
    expect(foreign.status).toBe(422);
    expect(foreign.text).toContain('value="tag gardé"');
    expect(foreign.text).toContain("Choisissez les formateurs parmi les intervenants de la marque de la formation.");
    expect(await tableCounts(suite.db)).toEqual(before);

    const good = await post({ intent: "editCourse", courseId: String(t.courses[0].id), name: "Parcours édité", moduleType: "2", durationMinutes: "50" });
    expect(good.status).toBe(302);
    expect(good.headers.get("location")).toBe(`${pagePath}#course-${t.courses[0].id}`);
    const move = await post({ intent: "moveCourse", targetId: String(t.courses[2].id), direction: "up" });
    expect(move.status).toBe(302);
    expect(move.headers.get("location")).toBe(`${pagePath}#course-${t.courses[2].id}`);
    const after = await agent.get(pagePath, { headers: { accept: "text/html" } });
    expect(after.text).toContain("Parcours édité");
    const names = [...after.text.matchAll(/data-testid="course-title">(.*?)<\/p>/g)].map((m) => m[1].replace(/<!-- -->/g, "").split(" · ")[0]);
    expect(names).toEqual(["1. Parcours édité", "2. Trois", "3. Deux"]);

    // Deleting a programme: the confirmation step, then the real form (with confirm=on).
    const step = await agent.get(`${pagePath}?confirm=programme-${t.programmes[0].id}`, { headers: { accept: "text/html" } });
    expect(step.text).toContain('data-testid="confirm-panel"');
    expect(step.text).toMatch(/<button[^>]*value="deleteProgramme"/);
    const forged = await post({ intent: "deleteProgramme", programmeId: String(t.programmes[0].id) });
    expect(forged.status).toBe(422);
    expect(await suite.db.$count(dpcProgrammes, eq(dpcProgrammes.id, t.programmes[0].id))).toBe(1);
    const confirmed = await post(
      { intent: "deleteProgramme", programmeId: String(t.programmes[0].id), confirm: "on" },
      `?confirm=programme-${t.programmes[0].id}`,
    );
    expect(confirmed.status).toBe(302);
    expect(await suite.db.$count(dpcProgrammes, eq(dpcProgrammes.id, t.programmes[0].id))).toBe(0);

    // A refused deletion (learners answered the quiz) shows its reason in the confirmation panel.
    const [answered] = await suite.db
      .select({ quizId: quizTrackings.quizId, trainingId: quizzes.trainingId })
      .from(quizTrackings)
      .innerJoin(quizzes, eq(quizzes.id, quizTrackings.quizId))
      .where(isNotNull(quizzes.trainingId))
      .limit(1);
    const usedPage = `/admin/catalog/${answered.trainingId}`;
    const usedHtml = await agent.get(usedPage, { headers: { accept: "text/html" } });
    expect(usedHtml.text).toContain('data-testid="quiz-in-use"');
    const usedCsrf = /name="csrf" value="([^"]+)"/.exec(usedHtml.text)?.[1]?.replace(/&amp;/g, "&") ?? "";
    const refused = await agent.request("POST", `${usedPage}?confirm=quiz-${answered.quizId}`, {
      body: new URLSearchParams({ csrf: usedCsrf, intent: "deleteQuiz", quizId: String(answered.quizId), confirm: "on" }).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "text/html" },
    });
    expect(refused.status).toBe(409);
    expect(refused.text).toContain('data-testid="confirm-panel"');
    expect(refused.text).toContain("des apprenants y ont déjà répondu");
    expect(await suite.db.$count(quizzes, eq(quizzes.id, answered.quizId!))).toBe(1);
  });
});
