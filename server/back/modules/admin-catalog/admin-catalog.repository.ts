import { and, asc, count, desc, eq, ilike, inArray, max, ne, or, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.ts";
import {
  courses,
  dpcProgrammes,
  enrolments,
  faceToFaces,
  faceToFaceSessions,
  fundings,
  moduleProgress,
  modules,
  objectives,
  passRules,
  people,
  quizChoices,
  quizQuestions,
  quizTrackings,
  quizzes,
  trainingFundings,
  trainingPeople,
  trainingTags,
  trainings,
} from "../../../db/schema/index.ts";
import type { CatalogListQuery } from "#core/contract/admin-catalog.ts";

export type TrainingRow = typeof trainings.$inferSelect;
export type TrainingValues = Partial<typeof trainings.$inferInsert>;

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function whereOf(query: CatalogListQuery): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  if (query.q) {
    const like = `%${escapeLike(query.q)}%`;
    parts.push(or(ilike(trainings.name, like), ilike(trainings.slug, like)));
  }
  if (query.brand) parts.push(eq(trainings.brand, query.brand));
  if (query.type) parts.push(eq(trainings.type, query.type));
  if (query.published) parts.push(eq(trainings.isPublished, query.published === "yes"));
  return parts.length ? and(...parts) : undefined;
}

const SORTS = { updated: trainings.updatedAt, name: trainings.name, brand: trainings.brand, type: trainings.type, price: trainings.priceHtCents } as const;

export async function countTrainings(db: DbOrTx, query: CatalogListQuery): Promise<number> {
  const [row] = await db.select({ total: count() }).from(trainings).where(whereOf(query));
  return row?.total ?? 0;
}

export async function listTrainings(db: DbOrTx, query: CatalogListQuery, page: { limit: number; offset: number }) {
  const direction = query.dir === "asc" ? asc : desc;
  return db
    .select({
      id: trainings.id,
      brand: trainings.brand,
      lang: trainings.lang,
      slug: trainings.slug,
      type: trainings.type,
      name: trainings.name,
      priceHtCents: trainings.priceHtCents,
      currency: trainings.currency,
      isPublished: trainings.isPublished,
      availableOnStore: trainings.availableOnStore,
      availableOnSpace: trainings.availableOnSpace,
      updatedAt: trainings.updatedAt,
    })
    .from(trainings)
    .where(whereOf(query))
    .orderBy(direction(SORTS[query.sort]), direction(trainings.id))
    .limit(page.limit)
    .offset(page.offset);
}

/** The training, locked for the rest of the transaction when `lock`. */
export async function findTraining(db: DbOrTx, id: number, lock = false): Promise<TrainingRow | undefined> {
  const query = db.select().from(trainings).where(eq(trainings.id, id)).limit(1);
  const [row] = lock ? await query.for("update") : await query;
  return row;
}

export async function slugTaken(db: DbOrTx, brand: string, slug: string, exceptId: number | null): Promise<boolean> {
  const [row] = await db
    .select({ id: trainings.id })
    .from(trainings)
    .where(and(eq(trainings.brand, brand), eq(trainings.slug, slug), exceptId ? ne(trainings.id, exceptId) : undefined))
    .limit(1);
  return Boolean(row);
}

export async function insertTraining(db: DbOrTx, values: typeof trainings.$inferInsert): Promise<TrainingRow> {
  const [row] = await db.insert(trainings).values(values).returning();
  return row;
}

export async function updateTraining(db: DbOrTx, id: number, values: TrainingValues): Promise<TrainingRow> {
  const [row] = await db.update(trainings).set(values).where(eq(trainings.id, id)).returning();
  return row;
}

export async function listTrainingFundingCodes(db: DbOrTx, trainingId: number): Promise<string[]> {
  const rows = await db
    .select({ code: fundings.code })
    .from(trainingFundings)
    .innerJoin(fundings, eq(fundings.id, trainingFundings.fundingId))
    .where(eq(trainingFundings.trainingId, trainingId))
    .orderBy(asc(fundings.code));
  return rows.map((r) => r.code);
}

/** Replaces the training's fundings by those codes (creating a missing funding row by its code). */
export async function replaceTrainingFundings(db: DbOrTx, trainingId: number, codes: string[]): Promise<void> {
  await db.delete(trainingFundings).where(eq(trainingFundings.trainingId, trainingId));
  if (codes.length === 0) return;
  await db
    .insert(fundings)
    .values(codes.map((code) => ({ code, name: code })))
    .onConflictDoNothing();
  const rows = await db.select({ id: fundings.id }).from(fundings).where(inArray(fundings.code, codes));
  await db.insert(trainingFundings).values(rows.map((r) => ({ trainingId, fundingId: r.id })));
}

// ------------------------------------------------------------------ courses and modules

export async function listCourses(db: DbOrTx, trainingId: number) {
  const courseRows = await db.select().from(courses).where(eq(courses.trainingId, trainingId)).orderBy(asc(courses.position));
  const moduleRows = courseRows.length
    ? await db
        .select({
          id: modules.id,
          courseId: modules.courseId,
          position: modules.position,
          type: modules.type,
          title: modules.title,
          durationMinutes: modules.durationMinutes,
        })
        .from(modules)
        .where(
          inArray(
            modules.courseId,
            courseRows.map((c) => c.id),
          ),
        )
        .orderBy(asc(modules.position))
    : [];
  return courseRows.map((course) => ({
    id: course.id,
    position: course.position,
    moduleType: course.moduleType,
    name: course.name,
    durationMinutes: course.durationMinutes,
    modules: moduleRows.filter((m) => m.courseId === course.id).map(({ courseId: _courseId, ...m }) => m),
  }));
}

export async function insertCourse(db: DbOrTx, trainingId: number, values: { name: string; moduleType: number; durationMinutes: number }) {
  const [last] = await db
    .select({ position: max(courses.position) })
    .from(courses)
    .where(eq(courses.trainingId, trainingId));
  const [row] = await db
    .insert(courses)
    .values({ trainingId, position: (last?.position ?? 0) + 1, ...values, isVirtual: values.moduleType === 3 })
    .returning();
  return row;
}

export async function findCourse(db: DbOrTx, id: number) {
  const [row] = await db.select().from(courses).where(eq(courses.id, id)).limit(1);
  return row;
}

export async function deleteCourse(db: DbOrTx, id: number) {
  await db.delete(courses).where(eq(courses.id, id));
}

export async function insertModule(db: DbOrTx, courseId: number, values: { title: string; type: number; durationMinutes: number }) {
  const [last] = await db
    .select({ position: max(modules.position) })
    .from(modules)
    .where(eq(modules.courseId, courseId));
  const [row] = await db
    .insert(modules)
    .values({ courseId, position: (last?.position ?? 0) + 1, ...values })
    .returning({
      id: modules.id,
      courseId: modules.courseId,
      position: modules.position,
      type: modules.type,
      title: modules.title,
      durationMinutes: modules.durationMinutes,
    });
  return row;
}

export async function findModule(db: DbOrTx, id: number) {
  const [row] = await db
    .select({
      id: modules.id,
      courseId: modules.courseId,
      position: modules.position,
      type: modules.type,
      title: modules.title,
      durationMinutes: modules.durationMinutes,
      trainingId: courses.trainingId,
    })
    .from(modules)
    .innerJoin(courses, eq(courses.id, modules.courseId))
    .where(eq(modules.id, id))
    .limit(1);
  return row;
}

/**
 * Learners' records on a module: their progress through it and their attempts at its quizzes. Removing the module
 * would remove them with it (cascades), and an evidence pack needs them for years (ADR 0127).
 */
export async function countModuleRecords(db: DbOrTx, moduleId: number): Promise<number> {
  const [progress, [attempts]] = await Promise.all([
    db.$count(moduleProgress, eq(moduleProgress.moduleId, moduleId)),
    db.select({ n: count() }).from(quizTrackings).innerJoin(quizzes, eq(quizzes.id, quizTrackings.quizId)).where(eq(quizzes.moduleId, moduleId)),
  ]);
  return progress + attempts.n;
}

export async function deleteModule(db: DbOrTx, id: number) {
  await db.delete(modules).where(eq(modules.id, id));
}

// ------------------------------------------------------------------ session groups, programmes, quizzes

export async function listFaceToFaces(db: DbOrTx, trainingId: number) {
  const groups = await db.select().from(faceToFaces).where(eq(faceToFaces.trainingId, trainingId)).orderBy(asc(faceToFaces.id));
  const sessions = groups.length
    ? await db
        .select({
          id: faceToFaceSessions.id,
          faceToFaceId: faceToFaceSessions.faceToFaceId,
          name: faceToFaceSessions.name,
          startDate: faceToFaceSessions.startDate,
          city: faceToFaceSessions.city,
          maxParticipants: faceToFaceSessions.maxParticipants,
          currentParticipants: faceToFaceSessions.currentParticipants,
        })
        .from(faceToFaceSessions)
        .where(
          inArray(
            faceToFaceSessions.faceToFaceId,
            groups.map((g) => g.id),
          ),
        )
        .orderBy(asc(faceToFaceSessions.startDate), asc(faceToFaceSessions.id))
    : [];
  return groups.map((group) => ({
    id: group.id,
    name: group.name,
    virtualClass: group.virtualClass,
    sessions: sessions.filter((s) => s.faceToFaceId === group.id).map(({ faceToFaceId: _f, ...s }) => s),
  }));
}

export async function insertFaceToFace(db: DbOrTx, trainingId: number, values: { name: string; virtualClass: boolean }) {
  const [row] = await db
    .insert(faceToFaces)
    .values({ trainingId, ...values })
    .returning();
  return row;
}

export async function listProgrammes(db: DbOrTx, trainingId: number) {
  const rows = await db
    .select({
      id: dpcProgrammes.id,
      actionNumber: dpcProgrammes.actionNumber,
      name: dpcProgrammes.name,
      priceHtCents: dpcProgrammes.priceHtCents,
      durationMinutes: dpcProgrammes.durationMinutes,
    })
    .from(dpcProgrammes)
    .where(eq(dpcProgrammes.trainingId, trainingId))
    .orderBy(asc(dpcProgrammes.id));
  const used = rows.length
    ? await db
        .select({ id: enrolments.dpcProgrammeId, total: count() })
        .from(enrolments)
        .where(
          inArray(
            enrolments.dpcProgrammeId,
            rows.map((r) => r.id),
          ),
        )
        .groupBy(enrolments.dpcProgrammeId)
    : [];
  return rows.map((row) => ({ ...row, enrolments: used.find((u) => u.id === row.id)?.total ?? 0 }));
}

export async function actionNumberTaken(db: DbOrTx, actionNumber: string, exceptId: number | null = null): Promise<boolean> {
  const [row] = await db
    .select({ id: dpcProgrammes.id })
    .from(dpcProgrammes)
    .where(and(eq(dpcProgrammes.actionNumber, actionNumber), exceptId ? ne(dpcProgrammes.id, exceptId) : undefined))
    .limit(1);
  return Boolean(row);
}

export async function insertProgramme(
  db: DbOrTx,
  trainingId: number,
  values: { actionNumber: string; name: string; priceHtCents: number; currency: string; durationMinutes: number },
) {
  const [row] = await db
    .insert(dpcProgrammes)
    .values({ trainingId, ...values })
    .returning();
  return row;
}

export async function listQuizzes(db: DbOrTx, trainingId: number) {
  const quizList = await db
    .select({ id: quizzes.id, title: quizzes.title, kind: quizzes.kind, passScore: quizzes.passScore })
    .from(quizzes)
    .where(eq(quizzes.trainingId, trainingId))
    .orderBy(asc(quizzes.position), asc(quizzes.id));
  const attempts = quizList.length
    ? await db
        .select({ id: quizTrackings.quizId, total: count() })
        .from(quizTrackings)
        .where(
          inArray(
            quizTrackings.quizId,
            quizList.map((q) => q.id),
          ),
        )
        .groupBy(quizTrackings.quizId)
    : [];
  const quizRows = quizList.map((quiz) => ({ ...quiz, attempts: attempts.find((a) => a.id === quiz.id)?.total ?? 0 }));
  const questionRows = quizRows.length
    ? await db
        .select()
        .from(quizQuestions)
        .where(
          inArray(
            quizQuestions.quizId,
            quizRows.map((q) => q.id),
          ),
        )
        .orderBy(asc(quizQuestions.position))
    : [];
  const choiceRows = questionRows.length
    ? await db
        .select()
        .from(quizChoices)
        .where(
          inArray(
            quizChoices.questionId,
            questionRows.map((q) => q.id),
          ),
        )
        .orderBy(asc(quizChoices.position))
    : [];
  return quizRows.map((quiz) => ({
    ...quiz,
    questions: questionRows
      .filter((q) => q.quizId === quiz.id)
      .map((q) => ({
        id: q.id,
        position: q.position,
        kind: q.kind,
        text: q.text,
        explanation: q.explanation,
        choices: choiceRows.filter((c) => c.questionId === q.id).map((c) => ({ text: c.text, correct: c.correct })),
      })),
  }));
}

export async function insertQuiz(db: DbOrTx, trainingId: number, values: { title: string; kind: string; passScore: number | null }) {
  const [last] = await db
    .select({ position: max(quizzes.position) })
    .from(quizzes)
    .where(eq(quizzes.trainingId, trainingId));
  const [row] = await db
    .insert(quizzes)
    .values({ trainingId, position: (last?.position ?? 0) + 1, ...values })
    .returning();
  return row;
}

export async function findQuiz(db: DbOrTx, id: number) {
  const [row] = await db.select().from(quizzes).where(eq(quizzes.id, id)).limit(1);
  return row;
}

export async function insertQuestion(
  db: DbOrTx,
  quizId: number,
  values: { text: string; kind: string; explanation: string | null },
  choices: { text: string; correct: boolean }[],
) {
  const [last] = await db
    .select({ position: max(quizQuestions.position) })
    .from(quizQuestions)
    .where(eq(quizQuestions.quizId, quizId));
  const [question] = await db
    .insert(quizQuestions)
    .values({ quizId, position: (last?.position ?? 0) + 1, ...values })
    .returning();
  await db.insert(quizChoices).values(choices.map((choice, index) => ({ questionId: question.id, position: index + 1, ...choice })));
  return question;
}

// ------------------------------------------------------------------ edits, deletions and order (ADR 0080)

export async function updateCourse(db: DbOrTx, id: number, values: { name: string; moduleType: number; durationMinutes: number }) {
  const [row] = await db
    .update(courses)
    .set({ ...values, isVirtual: values.moduleType === 3 })
    .where(eq(courses.id, id))
    .returning();
  return row;
}

export async function updateModule(db: DbOrTx, id: number, values: { title: string; type: number; durationMinutes: number }) {
  const [row] = await db.update(modules).set(values).where(eq(modules.id, id)).returning({
    id: modules.id,
    courseId: modules.courseId,
    position: modules.position,
    type: modules.type,
    title: modules.title,
    durationMinutes: modules.durationMinutes,
  });
  return row;
}

export async function findProgramme(db: DbOrTx, id: number) {
  const [row] = await db.select().from(dpcProgrammes).where(eq(dpcProgrammes.id, id)).limit(1);
  return row;
}

export async function updateProgramme(db: DbOrTx, id: number, values: { actionNumber: string; name: string; priceHtCents: number; durationMinutes: number }) {
  const [row] = await db.update(dpcProgrammes).set(values).where(eq(dpcProgrammes.id, id)).returning();
  return row;
}

/** Enrolments made through the programme (a learner used it: it cannot be deleted). */
export async function countProgrammeEnrolments(db: DbOrTx, id: number): Promise<number> {
  return db.$count(enrolments, eq(enrolments.dpcProgrammeId, id));
}

export async function deleteProgramme(db: DbOrTx, id: number) {
  await db.delete(dpcProgrammes).where(eq(dpcProgrammes.id, id));
}

export async function updateQuiz(db: DbOrTx, id: number, values: { title: string; kind: string; passScore: number | null }) {
  const [row] = await db.update(quizzes).set(values).where(eq(quizzes.id, id)).returning();
  return row;
}

/** Learners' attempts at the quiz (answers are keyed by question and choice ids: it cannot be deleted then). */
export async function countQuizAttempts(db: DbOrTx, quizId: number): Promise<number> {
  return db.$count(quizTrackings, eq(quizTrackings.quizId, quizId));
}

export async function deleteQuiz(db: DbOrTx, id: number) {
  await db.delete(quizzes).where(eq(quizzes.id, id));
}

/** A question with its quiz's training and its choices in order. */
export async function findQuestion(db: DbOrTx, id: number) {
  const [row] = await db
    .select({
      id: quizQuestions.id,
      quizId: quizQuestions.quizId,
      position: quizQuestions.position,
      kind: quizQuestions.kind,
      text: quizQuestions.text,
      explanation: quizQuestions.explanation,
      trainingId: quizzes.trainingId,
    })
    .from(quizQuestions)
    .innerJoin(quizzes, eq(quizzes.id, quizQuestions.quizId))
    .where(eq(quizQuestions.id, id))
    .limit(1);
  if (!row) return undefined;
  const choices = await db
    .select({ id: quizChoices.id, text: quizChoices.text, correct: quizChoices.correct })
    .from(quizChoices)
    .where(eq(quizChoices.questionId, id))
    .orderBy(asc(quizChoices.position));
  return { ...row, choices };
}

/**
 * The question's text and choices. Choices keep their row (and id, which learners' answers name) by position:
 * the first typed line updates the first choice, and so on; extra lines are added, missing ones removed.
 */
export async function updateQuestion(
  db: DbOrTx,
  id: number,
  values: { text: string; kind: string; explanation: string | null },
  choices: { text: string; correct: boolean }[],
  existing: { id: number }[],
) {
  const [question] = await db.update(quizQuestions).set(values).where(eq(quizQuestions.id, id)).returning();
  for (const [index, choice] of choices.entries()) {
    const current = existing[index];
    if (current) await db.update(quizChoices).set(choice).where(eq(quizChoices.id, current.id));
    else await db.insert(quizChoices).values({ questionId: id, position: index + 1, ...choice });
  }
  const surplus = existing.slice(choices.length).map((c) => c.id);
  if (surplus.length) await db.delete(quizChoices).where(inArray(quizChoices.id, surplus));
  return question;
}

export async function deleteQuestion(db: DbOrTx, id: number) {
  await db.delete(quizQuestions).where(eq(quizQuestions.id, id));
}

/** The ordered lists the back office reorders: each has a parent and a unique (parent, position) index. */
const ORDERED = {
  course: { table: courses, id: courses.id, parent: courses.trainingId, position: courses.position },
  module: { table: modules, id: modules.id, parent: modules.courseId, position: modules.position },
  question: { table: quizQuestions, id: quizQuestions.id, parent: quizQuestions.quizId, position: quizQuestions.position },
} as const;
export type OrderedKind = keyof typeof ORDERED;

/** The ids of a list in their order (position, then id for rows left with equal or broken positions). */
export async function orderedIds(db: DbOrTx, kind: OrderedKind, parentId: number): Promise<number[]> {
  const list = ORDERED[kind];
  const rows = await db.select({ id: list.id }).from(list.table).where(eq(list.parent, parentId)).orderBy(asc(list.position), asc(list.id));
  return rows.map((r) => r.id);
}

/**
 * Writes positions 1..n in the given order. The (parent, position) unique indexes are checked row by row, so every
 * position is first made negative (all distinct), then set: no step ever holds two rows on one position.
 */
export async function writeOrder(db: DbOrTx, kind: OrderedKind, parentId: number, ids: number[]): Promise<void> {
  const list = ORDERED[kind];
  await db
    .update(list.table)
    .set({ position: sql`-1 - ${list.position}` })
    .where(eq(list.parent, parentId));
  for (const [index, id] of ids.entries())
    await db
      .update(list.table)
      .set({ position: index + 1 })
      .where(eq(list.id, id));
}

// ------------------------------------------------------------------ pass rules (ADR 0107)

export type PassRulesValues = { attests: string; maxAttempts: number | null; retryWaitMinutes: number; countedAttempt: string; revealAnswers: boolean };

/** The training's own pass rules, without its key and date (undefined: it follows the defaults of its type). */
export async function findPassRules(db: DbOrTx, trainingId: number): Promise<PassRulesValues | undefined> {
  const [row] = await db
    .select({
      attests: passRules.attests,
      maxAttempts: passRules.maxAttempts,
      retryWaitMinutes: passRules.retryWaitMinutes,
      countedAttempt: passRules.countedAttempt,
      revealAnswers: passRules.revealAnswers,
    })
    .from(passRules)
    .where(eq(passRules.trainingId, trainingId))
    .limit(1);
  return row;
}

export async function upsertPassRules(db: DbOrTx, trainingId: number, values: PassRulesValues, now: Date): Promise<void> {
  await db
    .insert(passRules)
    .values({ trainingId, ...values, updatedAt: now })
    .onConflictDoUpdate({ target: passRules.trainingId, set: { ...values, updatedAt: now } });
}

// ------------------------------------------------------------------ objectives, tags, trainers (ADR 0082)

export async function readDetails(db: DbOrTx, trainingId: number, brand: string) {
  const [objectiveRows, tagRows, trainerRows, peopleRows] = await Promise.all([
    db
      .select({ type: objectives.type, text: objectives.text })
      .from(objectives)
      .where(eq(objectives.trainingId, trainingId))
      .orderBy(asc(objectives.type), asc(objectives.position), asc(objectives.id)),
    db.select({ tag: trainingTags.tag }).from(trainingTags).where(eq(trainingTags.trainingId, trainingId)).orderBy(asc(trainingTags.tag)),
    db
      .select({ id: trainingPeople.personId })
      .from(trainingPeople)
      .where(and(eq(trainingPeople.trainingId, trainingId), eq(trainingPeople.role, "trainer")))
      .orderBy(asc(trainingPeople.position), asc(trainingPeople.personId)),
    db.select({ id: people.id, name: people.name }).from(people).where(eq(people.brand, brand)).orderBy(asc(people.name), asc(people.id)),
  ]);
  return {
    skills: objectiveRows.filter((o) => o.type === 1).map((o) => o.text),
    knowledge: objectiveRows.filter((o) => o.type === 2).map((o) => o.text),
    tags: tagRows.map((t) => t.tag),
    trainers: trainerRows.map((t) => t.id),
    people: peopleRows,
  };
}

export async function writeDetails(db: DbOrTx, trainingId: number, values: { skills: string[]; knowledge: string[]; tags: string[]; trainers: number[] }) {
  await db.delete(objectives).where(eq(objectives.trainingId, trainingId));
  const objectiveRows = [
    ...values.skills.map((text, index) => ({ trainingId, type: 1, position: index + 1, text })),
    ...values.knowledge.map((text, index) => ({ trainingId, type: 2, position: index + 1, text })),
  ];
  if (objectiveRows.length) await db.insert(objectives).values(objectiveRows);
  await db.delete(trainingTags).where(eq(trainingTags.trainingId, trainingId));
  if (values.tags.length) await db.insert(trainingTags).values(values.tags.map((tag) => ({ trainingId, tag })));
  await db.delete(trainingPeople).where(and(eq(trainingPeople.trainingId, trainingId), eq(trainingPeople.role, "trainer")));
  if (values.trainers.length)
    await db.insert(trainingPeople).values(values.trainers.map((personId, index) => ({ trainingId, personId, role: "trainer", position: index + 1 })));
}
