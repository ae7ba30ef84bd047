import { and, asc, count, desc, eq, gte, inArray, isNotNull, lt, or, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../../db/client.ts";
import {
  courses,
  enrolments,
  faceToFaces,
  faceToFaceSessions,
  historyEntries,
  moduleProgress,
  modules,
  passRules,
  quizChoices,
  quizQuestions,
  quizTrackings,
  quizzes,
  sessionDates,
  trainings,
} from "../../../db/schema/index.ts";
import { hasDpcDataColumn } from "../catalogue/catalogue.repository.ts";
import type { FlowCourseInput, FlowInput, QuizKind } from "#core/domain/flow-steps.ts";
import type { QuizAttempt, StepRecords } from "#core/domain/pass-rules.ts";

export type FlowTraining = {
  id: number;
  type: string;
  isVirtual: boolean;
  hasDpcData: boolean;
  slug: string;
  name: string;
  points: number;
};

export async function findFlowTraining(db: Db, id: number): Promise<FlowTraining | undefined> {
  const [row] = await db
    .select({
      id: trainings.id,
      type: trainings.type,
      isVirtual: trainings.isVirtual,
      slug: trainings.slug,
      name: trainings.name,
      points: trainings.points,
      hasDpcData: hasDpcDataColumn,
    })
    .from(trainings)
    .where(eq(trainings.id, id))
    .limit(1);
  return row;
}

/** The training's courses, modules and quizzes, in the shape the step model reads, plus the raw modules. */
export async function loadFlowStructure(db: Db, trainingId: number, trainingType: string) {
  // One statement for the courses and their modules, one for the quizzes of the training and of its modules.
  const rows = await db
    .select({ course: courses, module: modules })
    .from(courses)
    .leftJoin(modules, eq(modules.courseId, courses.id))
    .where(eq(courses.trainingId, trainingId))
    .orderBy(asc(courses.position), asc(courses.id), asc(modules.position));
  const courseRows = [...new Map(rows.map((row) => [row.course.id, row.course])).values()];
  const moduleRows = rows.flatMap((row) => (row.module ? [row.module] : []));
  const moduleIds = moduleRows.map((m) => m.id);
  const quizRows = await db
    .select()
    .from(quizzes)
    .where(or(eq(quizzes.trainingId, trainingId), moduleIds.length ? inArray(quizzes.moduleId, moduleIds) : undefined))
    .orderBy(asc(quizzes.position), asc(quizzes.id));
  const allQuizzes = new Map(quizRows.map((q) => [q.id, q]));
  const quizOfModule = new Map([...allQuizzes.values()].filter((q) => q.moduleId !== null).map((q) => [q.moduleId!, q]));
  const flowCourses: FlowCourseInput[] = courseRows.map((course) => ({
    id: course.id,
    position: course.position,
    modules: moduleRows
      .filter((m) => m.courseId === course.id)
      .map((m) => {
        const quiz = quizOfModule.get(m.id);
        return {
          id: m.id,
          position: m.position,
          type: m.type,
          title: m.title,
          quiz: quiz ? { id: quiz.id, kind: quiz.kind as QuizKind, position: quiz.position } : null,
        };
      }),
  }));
  const input: FlowInput = {
    trainingType,
    courses: flowCourses,
    trainingQuizzes: [...allQuizzes.values()]
      .filter((q) => q.moduleId === null)
      .map((q) => ({ id: q.id, kind: q.kind as QuizKind, position: q.position, title: q.title })),
  };
  return { input, modules: new Map(moduleRows.map((m) => [m.id, m])), quizzes: allQuizzes };
}

export async function findModuleWithTraining(db: Db, moduleId: number) {
  const [row] = await db
    .select({ module: modules, trainingId: courses.trainingId })
    .from(modules)
    .innerJoin(courses, eq(courses.id, modules.courseId))
    .where(eq(modules.id, moduleId))
    .limit(1);
  return row;
}

/**
 * What the steps of an enrolment are made of (core/domain/pass-rules.ts stepsDone): its completed modules and its
 * answered quiz attempts, by quiz, oldest first.
 */
export async function loadStepRecords(db: DbOrTx, enrolmentId: number): Promise<StepRecords> {
  const done = await db
    .select({ moduleId: moduleProgress.moduleId })
    .from(moduleProgress)
    .where(and(eq(moduleProgress.enrolmentId, enrolmentId), eq(moduleProgress.status, "completed")));
  const answered = await db
    .select({ id: quizTrackings.id, quizId: quizTrackings.quizId, score: quizTrackings.score, answeredAt: quizTrackings.answeredAt })
    .from(quizTrackings)
    .where(and(eq(quizTrackings.enrolmentId, enrolmentId), isNotNull(quizTrackings.answeredAt)))
    .orderBy(asc(quizTrackings.answeredAt), asc(quizTrackings.id));
  const attemptsByQuiz = new Map<number, QuizAttempt[]>();
  for (const row of answered) {
    const list = attemptsByQuiz.get(row.quizId) ?? [];
    list.push({ id: row.id, score: row.score, answeredAt: row.answeredAt! });
    attemptsByQuiz.set(row.quizId, list);
  }
  return { completedModuleIds: new Set(done.map((r) => r.moduleId)), attemptsByQuiz };
}

/** The training's own pass rules (ADR 0107), or undefined when it follows the defaults of its type. */
export async function findPassRules(db: Db, trainingId: number) {
  const [row] = await db.select().from(passRules).where(eq(passRules.trainingId, trainingId)).limit(1);
  return row;
}

export async function findModuleProgress(db: Db, enrolmentId: number, moduleId: number) {
  const [row] = await db
    .select()
    .from(moduleProgress)
    .where(and(eq(moduleProgress.enrolmentId, enrolmentId), eq(moduleProgress.moduleId, moduleId)))
    .limit(1);
  return row;
}

export type QuizTrackingRow = typeof quizTrackings.$inferSelect;

export type QuizQuestionRow = {
  id: number;
  quizId: number;
  position: number;
  kind: "single" | "multiple";
  text: string;
  explanation: string | null;
  choices: { id: number; position: number; text: string; correct: boolean }[];
};

/** The questions of some quizzes with their choices (and which are correct), in quiz and position order. */
export async function loadQuestionsOfQuizzes(db: Db, quizIds: number[]): Promise<QuizQuestionRow[]> {
  if (quizIds.length === 0) return [];
  const questions = await db
    .select()
    .from(quizQuestions)
    .where(inArray(quizQuestions.quizId, quizIds))
    .orderBy(asc(quizQuestions.quizId), asc(quizQuestions.position));
  if (questions.length === 0) return [];
  const choices = await db
    .select()
    .from(quizChoices)
    .where(
      inArray(
        quizChoices.questionId,
        questions.map((q) => q.id),
      ),
    )
    .orderBy(asc(quizChoices.position));
  return questions.map((q) => ({
    id: q.id,
    quizId: q.quizId,
    position: q.position,
    kind: q.kind === "multiple" ? "multiple" : "single",
    text: q.text,
    explanation: q.explanation,
    choices: choices.filter((c) => c.questionId === q.id).map(({ id, position, text, correct }) => ({ id, position, text, correct })),
  }));
}

export function loadQuizQuestions(db: Db, quizId: number): Promise<QuizQuestionRow[]> {
  return loadQuestionsOfQuizzes(db, [quizId]);
}

/**
 * Which attempt of the learner at a quiz is shown (ADR 0019): the answered one (`trackingId`), else the next one.
 * Attempts are counted over every enrolment (a reset detaches older attempts but keeps them), so a new attempt
 * never reuses an order. The seed of the choices' order is made of the user, the quiz and this number.
 */
export async function attemptNumber(db: Db, enrolmentId: number, quizId: number, trackingId: number | null) {
  const [enrolment] = await db.select({ userId: enrolments.userId }).from(enrolments).where(eq(enrolments.id, enrolmentId)).limit(1);
  const userId = enrolment?.userId ?? 0;
  const [row] = await db
    .select({ n: count() })
    .from(quizTrackings)
    .where(and(eq(quizTrackings.userId, userId), eq(quizTrackings.quizId, quizId), ...(trackingId === null ? [] : [lt(quizTrackings.id, trackingId)])));
  const attempt = Number(row?.n ?? 0);
  return { attempt, seed: `${userId}:${quizId}:${attempt}` };
}

export async function loadSession(db: Db, sessionId: number) {
  const [row] = await db
    .select({ session: faceToFaceSessions, faceToFace: faceToFaces })
    .from(faceToFaceSessions)
    .innerJoin(faceToFaces, eq(faceToFaces.id, faceToFaceSessions.faceToFaceId))
    .where(eq(faceToFaceSessions.id, sessionId))
    .limit(1);
  if (!row) return undefined;
  const dates = await db.select().from(sessionDates).where(eq(sessionDates.sessionId, sessionId)).orderBy(asc(sessionDates.date), asc(sessionDates.startTime));
  return { ...row, dates };
}

/** The history entry of this enrolment: the user's entry for the training started since the enrolment. */
export async function findHistoryEntry(db: DbOrTx, userId: number, trainingId: number, since: Date) {
  const [row] = await db
    .select()
    .from(historyEntries)
    .where(and(eq(historyEntries.userId, userId), eq(historyEntries.trainingId, trainingId), gte(historyEntries.startDate, since)))
    .orderBy(desc(historyEntries.startDate))
    .limit(1);
  return row;
}

// ------------------------------------------------------------------ writes of the flow (the service owns the transactions)

/** Locks the enrolment row until the transaction ends (`for update`): two advances of one step cannot both count. */
export async function lockEnrolment(tx: DbOrTx, enrolmentId: number): Promise<void> {
  await tx.execute(sql`select id from enrolments where id = ${enrolmentId} for update`);
}

export async function insertQuizTracking(db: DbOrTx, values: typeof quizTrackings.$inferInsert): Promise<void> {
  await db.insert(quizTrackings).values(values);
}

/** The answered attempts of an enrolment at one quiz, oldest first. */
export async function listQuizAttempts(db: Db, enrolmentId: number, quizId: number): Promise<QuizTrackingRow[]> {
  return db
    .select()
    .from(quizTrackings)
    .where(and(eq(quizTrackings.enrolmentId, enrolmentId), eq(quizTrackings.quizId, quizId), isNotNull(quizTrackings.answeredAt)))
    .orderBy(asc(quizTrackings.answeredAt), asc(quizTrackings.id));
}

/** Keeps the learner's quiz attempts but detaches them from the enrolment (a reset). */
export async function detachQuizTrackings(db: DbOrTx, enrolmentId: number): Promise<void> {
  await db.update(quizTrackings).set({ enrolmentId: null }).where(eq(quizTrackings.enrolmentId, enrolmentId));
}

/** Records that the learner opened a module (no change when it is already started or completed). */
export async function startModuleProgress(db: DbOrTx, enrolmentId: number, moduleId: number, now: Date): Promise<void> {
  await db
    .insert(moduleProgress)
    .values({ enrolmentId, moduleId, status: "started", startedAt: now, updatedAt: now })
    .onConflictDoNothing({ target: [moduleProgress.enrolmentId, moduleProgress.moduleId] });
}

export async function completeModuleProgress(db: DbOrTx, enrolmentId: number, moduleId: number, now: Date): Promise<void> {
  await db
    .insert(moduleProgress)
    .values({ enrolmentId, moduleId, status: "completed", startedAt: now, completedAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [moduleProgress.enrolmentId, moduleProgress.moduleId],
      set: { status: "completed", completedAt: now, updatedAt: now },
    });
}

/** Saves where a video or podcast stopped (starting the module when it was not). */
export async function saveModulePosition(db: DbOrTx, enrolmentId: number, moduleId: number, positionSeconds: number, now: Date): Promise<void> {
  await db
    .insert(moduleProgress)
    .values({ enrolmentId, moduleId, status: "started", positionSeconds, startedAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: [moduleProgress.enrolmentId, moduleProgress.moduleId], set: { positionSeconds, updatedAt: now } });
}

export async function deleteModuleProgress(db: DbOrTx, enrolmentId: number): Promise<void> {
  await db.delete(moduleProgress).where(eq(moduleProgress.enrolmentId, enrolmentId));
}

export async function updateEnrolmentProgress(
  db: DbOrTx,
  enrolmentId: number,
  changes: Partial<Pick<typeof enrolments.$inferInsert, "progressPercent" | "status" | "startedAt" | "finishedAt">>,
): Promise<void> {
  await db.update(enrolments).set(changes).where(eq(enrolments.id, enrolmentId));
}

export async function updateHistoryEntry(db: DbOrTx, entryId: number, changes: Partial<typeof historyEntries.$inferInsert>): Promise<void> {
  await db.update(historyEntries).set(changes).where(eq(historyEntries.id, entryId));
}

export async function insertHistoryEntry(db: DbOrTx, values: typeof historyEntries.$inferInsert): Promise<void> {
  await db.insert(historyEntries).values(values);
}

// ------------------------------------------------------------------ sessions of a training (live steps)

/** The training's first session starting on or after the day. */
export async function findNextSessionOfTraining(db: Db, trainingId: number, fromDay: string): Promise<{ id: number } | undefined> {
  const [next] = await db
    .select({ id: faceToFaceSessions.id })
    .from(faceToFaceSessions)
    .innerJoin(faceToFaces, eq(faceToFaces.id, faceToFaceSessions.faceToFaceId))
    .where(and(eq(faceToFaces.trainingId, trainingId), gte(faceToFaceSessions.startDate, fromDay)))
    .orderBy(asc(faceToFaceSessions.startDate), asc(faceToFaceSessions.id))
    .limit(1);
  return next;
}

/** Every session of the training, oldest first. */
export async function listSessionIdsOfTraining(db: Db, trainingId: number): Promise<{ id: number }[]> {
  return db
    .select({ id: faceToFaceSessions.id })
    .from(faceToFaceSessions)
    .innerJoin(faceToFaces, eq(faceToFaces.id, faceToFaceSessions.faceToFaceId))
    .where(eq(faceToFaces.trainingId, trainingId))
    .orderBy(asc(faceToFaceSessions.startDate), asc(faceToFaceSessions.id));
}
