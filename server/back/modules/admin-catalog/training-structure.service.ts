/**
 * The catalogue tool's use cases on the parts of a training (ADR 0062, 0080): its courses and their modules, its
 * face-to-face groups, its DPC programmes (action numbers of the brand's own DPC registration), its quizzes and their
 * questions: added, edited, moved up or down, removed (refused while learners' enrolments or answers name them).
 * Each change runs in one transaction, under the training's row lock, with its audit row.
 */
import type { ServiceContext } from "../../service-context.ts";
import { AppError } from "../../http/app-error.ts";
import { legalIdentityOf } from "#core/branding/legal-identities.ts";
import { choiceLines, priceToCents, type MoveInput } from "#core/contract/admin-catalog.ts";
import { recordAdminChange } from "../audit/audit.service.ts";
import { requireTraining } from "./admin-catalog.service.ts";
import * as repo from "./admin-catalog.repository.ts";

export async function addCourse(
  ctx: ServiceContext,
  actorId: number,
  trainingId: number,
  input: { name: string; moduleType: number; durationMinutes: number },
) {
  return ctx.db.transaction(async (tx) => {
    await requireTraining({ ...ctx, db: tx }, trainingId, true);
    const row = await repo.insertCourse(tx, trainingId, input);
    await recordAdminChange({ ...ctx, db: tx }, { actorId, action: "course.create", entityType: "course", entityId: row.id, before: null, after: row });
    return { id: row.id };
  });
}

export async function removeCourse(ctx: ServiceContext, actorId: number, courseId: number) {
  await ctx.db.transaction(async (tx) => {
    const course = await repo.findCourse(tx, courseId);
    if (!course) throw new AppError("NOT_FOUND", "adminCourseNotFound");
    await requireTraining({ ...ctx, db: tx }, course.trainingId, true);
    const modules = (await repo.listCourses(tx, course.trainingId)).find((c) => c.id === courseId)?.modules ?? [];
    await repo.deleteCourse(tx, courseId);
    await repo.writeOrder(tx, "course", course.trainingId, await repo.orderedIds(tx, "course", course.trainingId));
    await recordAdminChange(
      { ...ctx, db: tx },
      { actorId, action: "course.delete", entityType: "course", entityId: courseId, before: { ...course, modules }, after: null },
    );
  });
}

export async function addModule(ctx: ServiceContext, actorId: number, courseId: number, input: { title: string; type: number; durationMinutes: number }) {
  return ctx.db.transaction(async (tx) => {
    const course = await repo.findCourse(tx, courseId);
    if (!course) throw new AppError("NOT_FOUND", "adminCourseNotFound");
    await requireTraining({ ...ctx, db: tx }, course.trainingId, true);
    const row = await repo.insertModule(tx, courseId, input);
    await recordAdminChange({ ...ctx, db: tx }, { actorId, action: "module.create", entityType: "module", entityId: row.id, before: null, after: row });
    return { id: row.id };
  });
}

export async function removeModule(ctx: ServiceContext, actorId: number, moduleId: number) {
  await ctx.db.transaction(async (tx) => {
    const module = await repo.findModule(tx, moduleId);
    if (!module) throw new AppError("NOT_FOUND", "adminModuleNotFound");
    await requireTraining({ ...ctx, db: tx }, module.trainingId, true);
    // Learners' progress and quiz attempts would go with it: kept for the evidence packs (ADR 0127).
    const records = await repo.countModuleRecords(tx, moduleId);
    if (records > 0) throw new AppError("CONFLICT", "adminModuleInUse", { values: { count: records } });
    await repo.deleteModule(tx, moduleId);
    await repo.writeOrder(tx, "module", module.courseId, await repo.orderedIds(tx, "module", module.courseId));
    await recordAdminChange({ ...ctx, db: tx }, { actorId, action: "module.delete", entityType: "module", entityId: moduleId, before: module, after: null });
  });
}

export async function addFaceToFace(ctx: ServiceContext, actorId: number, trainingId: number, input: { name: string; virtualClass: boolean }) {
  return ctx.db.transaction(async (tx) => {
    await requireTraining({ ...ctx, db: tx }, trainingId, true);
    const row = await repo.insertFaceToFace(tx, trainingId, input);
    await recordAdminChange({ ...ctx, db: tx }, { actorId, action: "faceToFace.create", entityType: "faceToFace", entityId: row.id, before: null, after: row });
    return { id: row.id };
  });
}

export async function addProgramme(
  ctx: ServiceContext,
  actorId: number,
  trainingId: number,
  input: { actionNumber: string; name: string; priceHt: string; durationMinutes: number },
) {
  return ctx.db.transaction(async (tx) => {
    const training = await requireTraining({ ...ctx, db: tx }, trainingId, true);
    requireOwnActionNumber(training.brand, input.actionNumber);
    if (await repo.actionNumberTaken(tx, input.actionNumber))
      throw new AppError("CONFLICT", "adminActionNumberTaken", { fields: { actionNumber: ["adminActionNumberTaken"] } });
    const row = await repo.insertProgramme(tx, trainingId, {
      actionNumber: input.actionNumber,
      name: input.name,
      priceHtCents: priceToCents(input.priceHt),
      currency: training.currency,
      durationMinutes: input.durationMinutes,
    });
    await recordAdminChange(
      { ...ctx, db: tx },
      { actorId, action: "programme.create", entityType: "dpcProgramme", entityId: row.id, before: null, after: row },
    );
    return { id: row.id };
  });
}

export async function addQuiz(ctx: ServiceContext, actorId: number, trainingId: number, input: { title: string; kind: string; passScore?: number }) {
  return ctx.db.transaction(async (tx) => {
    await requireTraining({ ...ctx, db: tx }, trainingId, true);
    const row = await repo.insertQuiz(tx, trainingId, { title: input.title, kind: input.kind, passScore: input.passScore ?? null });
    await recordAdminChange({ ...ctx, db: tx }, { actorId, action: "quiz.create", entityType: "quiz", entityId: row.id, before: null, after: row });
    return { id: row.id };
  });
}

export async function addQuestion(
  ctx: ServiceContext,
  actorId: number,
  quizId: number,
  input: { text: string; kind: string; choices: string; explanation?: string },
) {
  return ctx.db.transaction(async (tx) => {
    const quiz = await repo.findQuiz(tx, quizId);
    if (!quiz?.trainingId) throw new AppError("NOT_FOUND", "adminQuizNotFound");
    await requireTraining({ ...ctx, db: tx }, quiz.trainingId, true);
    const choices = choiceLines(input.choices);
    const row = await repo.insertQuestion(tx, quizId, { text: input.text, kind: input.kind, explanation: input.explanation ?? null }, choices);
    await recordAdminChange(
      { ...ctx, db: tx },
      { actorId, action: "question.create", entityType: "quizQuestion", entityId: row.id, before: null, after: { ...row, choices } },
    );
    return { id: row.id };
  });
}

// ------------------------------------------------------------------ edits, order and deletions (ADR 0080)

type CourseInput = { name: string; moduleType: number; durationMinutes: number };
type ModuleInput = { title: string; type: number; durationMinutes: number };
type ProgrammeInput = { actionNumber: string; name: string; priceHt: string; durationMinutes: number };
type QuizInput = { title: string; kind: string; passScore?: number };
type QuestionInput = { text: string; kind: string; choices: string; explanation?: string };

// The parts below are read and their training locked in the caller's transaction (`ctx.db`); 404 when there is none.

async function requireCourse(ctx: ServiceContext, id: number) {
  const course = await repo.findCourse(ctx.db, id);
  if (!course) throw new AppError("NOT_FOUND", "adminCourseNotFound");
  await requireTraining(ctx, course.trainingId, true);
  return course;
}

async function requireModule(ctx: ServiceContext, id: number) {
  const module = await repo.findModule(ctx.db, id);
  if (!module) throw new AppError("NOT_FOUND", "adminModuleNotFound");
  await requireTraining(ctx, module.trainingId, true);
  return module;
}

async function requireProgramme(ctx: ServiceContext, id: number) {
  const programme = await repo.findProgramme(ctx.db, id);
  if (!programme) throw new AppError("NOT_FOUND", "adminProgrammeNotFound");
  await requireTraining(ctx, programme.trainingId, true);
  return programme;
}

/**
 * An ANDPC action number starts with the organisation's DPC number (OOOO YY NNNNN, ADR 0014): the brand's, from its
 * legal identity (ADR 0102), so the attestations' DPC organisation number is always the one registered.
 */
function requireOwnActionNumber(brand: string, actionNumber: string): void {
  const registration = legalIdentityOf(brand).dpcRegistration;
  if (registration !== null && !actionNumber.startsWith(registration)) {
    throw new AppError("VALIDATION", "adminActionNumberNotOurs", { fields: { actionNumber: ["adminActionNumberNotOurs"] } });
  }
}

/** A quiz of a training (the catalogue tool does not handle quizzes attached to a module only). */
async function requireQuiz(ctx: ServiceContext, id: number) {
  const quiz = await repo.findQuiz(ctx.db, id);
  if (!quiz?.trainingId) throw new AppError("NOT_FOUND", "adminQuizNotFound");
  await requireTraining(ctx, quiz.trainingId, true);
  return { ...quiz, trainingId: quiz.trainingId };
}

async function requireQuestion(ctx: ServiceContext, id: number) {
  const question = await repo.findQuestion(ctx.db, id);
  if (!question?.trainingId) throw new AppError("NOT_FOUND", "adminQuestionNotFound");
  await requireTraining(ctx, question.trainingId, true);
  return question;
}

export async function updateCourse(ctx: ServiceContext, actorId: number, id: number, input: CourseInput): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const before = await requireCourse({ ...ctx, db: tx }, id);
    const after = await repo.updateCourse(tx, id, input);
    await recordAdminChange({ ...ctx, db: tx }, { actorId, action: "course.update", entityType: "course", entityId: id, before, after });
  });
}

export async function updateModule(ctx: ServiceContext, actorId: number, id: number, input: ModuleInput): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const { trainingId: _trainingId, ...before } = await requireModule({ ...ctx, db: tx }, id);
    const after = await repo.updateModule(tx, id, input);
    await recordAdminChange({ ...ctx, db: tx }, { actorId, action: "module.update", entityType: "module", entityId: id, before, after });
  });
}

export async function updateProgramme(ctx: ServiceContext, actorId: number, id: number, input: ProgrammeInput): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const before = await requireProgramme({ ...ctx, db: tx }, id);
    requireOwnActionNumber((await requireTraining({ ...ctx, db: tx }, before.trainingId)).brand, input.actionNumber);
    if (await repo.actionNumberTaken(tx, input.actionNumber, id))
      throw new AppError("CONFLICT", "adminActionNumberTaken", { fields: { actionNumber: ["adminActionNumberTaken"] } });
    const after = await repo.updateProgramme(tx, id, {
      actionNumber: input.actionNumber,
      name: input.name,
      priceHtCents: priceToCents(input.priceHt),
      durationMinutes: input.durationMinutes,
    });
    await recordAdminChange({ ...ctx, db: tx }, { actorId, action: "programme.update", entityType: "dpcProgramme", entityId: id, before, after });
  });
}

/** A programme learners enrolled through stays (their enrolment and attestation name it): 409. */
export async function removeProgramme(ctx: ServiceContext, actorId: number, id: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const before = await requireProgramme({ ...ctx, db: tx }, id);
    const used = await repo.countProgrammeEnrolments(tx, id);
    if (used > 0) throw new AppError("CONFLICT", "adminProgrammeInUse", { values: { count: used } });
    await repo.deleteProgramme(tx, id);
    await recordAdminChange({ ...ctx, db: tx }, { actorId, action: "programme.delete", entityType: "dpcProgramme", entityId: id, before, after: null });
  });
}

export async function updateQuiz(ctx: ServiceContext, actorId: number, id: number, input: QuizInput): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const before = await requireQuiz({ ...ctx, db: tx }, id);
    const after = await repo.updateQuiz(tx, id, { title: input.title, kind: input.kind, passScore: input.passScore ?? null });
    await recordAdminChange({ ...ctx, db: tx }, { actorId, action: "quiz.update", entityType: "quiz", entityId: id, before, after });
  });
}

/** A quiz learners answered stays (their attempts and scores name it): 409. Its questions go with it. */
export async function removeQuiz(ctx: ServiceContext, actorId: number, id: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const quiz = await requireQuiz({ ...ctx, db: tx }, id);
    const used = await repo.countQuizAttempts(tx, id);
    if (used > 0) throw new AppError("CONFLICT", "adminQuizInUse", { values: { count: used } });
    const questions = (await repo.listQuizzes(tx, quiz.trainingId)).find((q) => q.id === id)?.questions ?? [];
    await repo.deleteQuiz(tx, id);
    await recordAdminChange(
      { ...ctx, db: tx },
      { actorId, action: "quiz.delete", entityType: "quiz", entityId: id, before: { ...quiz, questions }, after: null },
    );
  });
}

export async function updateQuestion(ctx: ServiceContext, actorId: number, id: number, input: QuestionInput): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const { trainingId: _trainingId, ...before } = await requireQuestion({ ...ctx, db: tx }, id);
    const choices = choiceLines(input.choices);
    const row = await repo.updateQuestion(tx, id, { text: input.text, kind: input.kind, explanation: input.explanation ?? null }, choices, before.choices);
    await recordAdminChange(
      { ...ctx, db: tx },
      {
        actorId,
        action: "question.update",
        entityType: "quizQuestion",
        entityId: id,
        before: { ...before, choices: before.choices.map(({ text, correct }) => ({ text, correct })) },
        after: { ...row, choices },
      },
    );
  });
}

/** A question of a quiz learners answered stays (their answers name it): 409. The others close the gap. */
export async function removeQuestion(ctx: ServiceContext, actorId: number, id: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const { trainingId: _trainingId, ...before } = await requireQuestion({ ...ctx, db: tx }, id);
    const used = await repo.countQuizAttempts(tx, before.quizId);
    if (used > 0) throw new AppError("CONFLICT", "adminQuestionInUse", { values: { count: used } });
    await repo.deleteQuestion(tx, id);
    await repo.writeOrder(tx, "question", before.quizId, await repo.orderedIds(tx, "question", before.quizId));
    await recordAdminChange(
      { ...ctx, db: tx },
      {
        actorId,
        action: "question.delete",
        entityType: "quizQuestion",
        entityId: id,
        before: { ...before, choices: before.choices.map(({ text, correct }) => ({ text, correct })) },
        after: null,
      },
    );
  });
}

/**
 * Moves a course, module or question one place up or down, under the training's lock: the list is renumbered
 * 1..n in its new order (so old gaps close too). Already first (up) or last (down): nothing written, `moved` false.
 */
async function move(
  ctx: ServiceContext,
  actorId: number,
  kind: repo.OrderedKind,
  id: number,
  direction: MoveInput["direction"],
  find: (inTx: ServiceContext) => Promise<{ parentId: number }>,
): Promise<{ id: number; moved: boolean; position: number }> {
  return ctx.db.transaction(async (tx) => {
    const { parentId } = await find({ ...ctx, db: tx });
    const ids = await repo.orderedIds(tx, kind, parentId);
    const from = ids.indexOf(id);
    const to = direction === "up" ? from - 1 : from + 1;
    if (to < 0 || to >= ids.length) return { id, moved: false, position: from + 1 };
    const order = [...ids];
    [order[from], order[to]] = [order[to], order[from]];
    await repo.writeOrder(tx, kind, parentId, order);
    await recordAdminChange(
      { ...ctx, db: tx },
      {
        actorId,
        action: `${kind}.move`,
        entityType: kind === "question" ? "quizQuestion" : kind,
        entityId: id,
        before: { position: from + 1, order: ids },
        after: { position: to + 1, order },
      },
    );
    return { id, moved: true, position: to + 1 };
  });
}

export function moveCourse(ctx: ServiceContext, actorId: number, id: number, input: MoveInput) {
  return move(ctx, actorId, "course", id, input.direction, async (inTx) => ({ parentId: (await requireCourse(inTx, id)).trainingId }));
}

export function moveModule(ctx: ServiceContext, actorId: number, id: number, input: MoveInput) {
  return move(ctx, actorId, "module", id, input.direction, async (inTx) => ({ parentId: (await requireModule(inTx, id)).courseId }));
}

export function moveQuestion(ctx: ServiceContext, actorId: number, id: number, input: MoveInput) {
  return move(ctx, actorId, "question", id, input.direction, async (inTx) => ({ parentId: (await requireQuestion(inTx, id)).quizId }));
}
