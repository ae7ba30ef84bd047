import { and, asc, count, desc, eq, ilike, inArray, max, ne, or, type SQL } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.ts";
import {
  courses,
  dpcProgrammes,
  faceToFaces,
  faceToFaceSessions,
  fundings,
  modules,
  quizChoices,
  quizQuestions,
  quizzes,
  trainingFundings,
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
  await db.insert(fundings).values(codes.map((code) => ({ code, name: code }))).onConflictDoNothing();
  const rows = await db.select({ id: fundings.id }).from(fundings).where(inArray(fundings.code, codes));
  await db.insert(trainingFundings).values(rows.map((r) => ({ trainingId, fundingId: r.id })));
}

// ------------------------------------------------------------------ courses and modules

export async function listCourses(db: DbOrTx, trainingId: number) {
  const courseRows = await db.select().from(courses).where(eq(courses.trainingId, trainingId)).orderBy(asc(courses.position));
  const moduleRows = courseRows.length
    ? await db
        .select({ id: modules.id, courseId: modules.courseId, position: modules.position, type: modules.type, title: modules.title, durationMinutes: modules.durationMinutes })
        .from(modules)
        .where(inArray(modules.courseId, courseRows.map((c) => c.id)))
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
  const [last] = await db.select({ position: max(courses.position) }).from(courses).where(eq(courses.trainingId, trainingId));
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
  const [last] = await db.select({ position: max(modules.position) }).from(modules).where(eq(modules.courseId, courseId));
  const [row] = await db
    .insert(modules)
    .values({ courseId, position: (last?.position ?? 0) + 1, ...values })
    .returning({ id: modules.id, courseId: modules.courseId, position: modules.position, type: modules.type, title: modules.title, durationMinutes: modules.durationMinutes });
  return row;
}

export async function findModule(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ id: modules.id, courseId: modules.courseId, position: modules.position, type: modules.type, title: modules.title, durationMinutes: modules.durationMinutes, trainingId: courses.trainingId })
    .from(modules)
    .innerJoin(courses, eq(courses.id, modules.courseId))
    .where(eq(modules.id, id))
    .limit(1);
  return row;
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
        .where(inArray(faceToFaceSessions.faceToFaceId, groups.map((g) => g.id)))
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
  const [row] = await db.insert(faceToFaces).values({ trainingId, ...values }).returning();
  return row;
}

export async function listProgrammes(db: DbOrTx, trainingId: number) {
  return db
    .select({ id: dpcProgrammes.id, actionNumber: dpcProgrammes.actionNumber, name: dpcProgrammes.name, priceHtCents: dpcProgrammes.priceHtCents, durationMinutes: dpcProgrammes.durationMinutes })
    .from(dpcProgrammes)
    .where(eq(dpcProgrammes.trainingId, trainingId))
    .orderBy(asc(dpcProgrammes.id));
}

export async function actionNumberTaken(db: DbOrTx, actionNumber: string): Promise<boolean> {
  const [row] = await db.select({ id: dpcProgrammes.id }).from(dpcProgrammes).where(eq(dpcProgrammes.actionNumber, actionNumber)).limit(1);
  return Boolean(row);
}

export async function insertProgramme(db: DbOrTx, trainingId: number, values: { actionNumber: string; name: string; priceHtCents: number; currency: string; durationMinutes: number }) {
  const [row] = await db.insert(dpcProgrammes).values({ trainingId, ...values }).returning();
  return row;
}

export async function listQuizzes(db: DbOrTx, trainingId: number) {
  const quizRows = await db
    .select({ id: quizzes.id, title: quizzes.title, kind: quizzes.kind, passScore: quizzes.passScore })
    .from(quizzes)
    .where(eq(quizzes.trainingId, trainingId))
    .orderBy(asc(quizzes.position), asc(quizzes.id));
  const questionRows = quizRows.length
    ? await db.select().from(quizQuestions).where(inArray(quizQuestions.quizId, quizRows.map((q) => q.id))).orderBy(asc(quizQuestions.position))
    : [];
  const choiceRows = questionRows.length
    ? await db.select().from(quizChoices).where(inArray(quizChoices.questionId, questionRows.map((q) => q.id))).orderBy(asc(quizChoices.position))
    : [];
  return quizRows.map((quiz) => ({
    ...quiz,
    questions: questionRows
      .filter((q) => q.quizId === quiz.id)
      .map((q) => ({ id: q.id, position: q.position, kind: q.kind, text: q.text, choices: choiceRows.filter((c) => c.questionId === q.id).map((c) => ({ text: c.text, correct: c.correct })) })),
  }));
}

export async function insertQuiz(db: DbOrTx, trainingId: number, values: { title: string; kind: string; passScore: number | null }) {
  const [last] = await db.select({ position: max(quizzes.position) }).from(quizzes).where(eq(quizzes.trainingId, trainingId));
  const [row] = await db.insert(quizzes).values({ trainingId, position: (last?.position ?? 0) + 1, ...values }).returning();
  return row;
}

export async function findQuiz(db: DbOrTx, id: number) {
  const [row] = await db.select().from(quizzes).where(eq(quizzes.id, id)).limit(1);
  return row;
}

export async function insertQuestion(db: DbOrTx, quizId: number, values: { text: string; kind: string; explanation: string | null }, choices: { text: string; correct: boolean }[]) {
  const [last] = await db.select({ position: max(quizQuestions.position) }).from(quizQuestions).where(eq(quizQuestions.quizId, quizId));
  const [question] = await db.insert(quizQuestions).values({ quizId, position: (last?.position ?? 0) + 1, ...values }).returning();
  await db.insert(quizChoices).values(choices.map((choice, index) => ({ questionId: question.id, position: index + 1, ...choice })));
  return question;
}
