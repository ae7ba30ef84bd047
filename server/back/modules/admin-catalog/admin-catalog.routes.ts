import { Hono, type Context } from "hono";
import { z } from "zod";
import type { BackEnv } from "../../context.ts";
import { IdParam } from "#core/contract/ids.ts";
import {
  CatalogListQuerySchema,
  ConfirmInputSchema,
  CourseInputSchema,
  DpcProgrammeInputSchema,
  FaceToFaceInputSchema,
  ModuleInputSchema,
  MoveInputSchema,
  PassRulesInputSchema,
  PublishInputSchema,
  QuestionInputSchema,
  QuizInputSchema,
  TrainingDetailsInputSchema,
  TrainingInputSchema,
} from "#core/contract/admin-catalog.ts";
import { AppError } from "../../http/app-error.ts";
import { success } from "../../http/envelope.ts";
import { requireAdmin } from "../../http/guards.ts";
import { parseBody, parseInput } from "../../http/validate.ts";
import { removeUpload, storeUpload } from "../../../storage/uploads.ts";
import { checkIllustration } from "./illustration.ts";
import * as catalog from "./admin-catalog.service.ts";
import * as structure from "./training-structure.service.ts";

/** The catalogue tool's API (ADR 0062); the admin guard of app.ts has already run for every path here. */
export const adminCatalogRoutes = new Hono<BackEnv>();

const idOf = (c: Context<BackEnv>, name = "id") => parseInput(z.object({ id: IdParam }), { id: c.req.param(name) }, c.var.t).id;
const ctxOf = (c: Context<BackEnv>) => ({ db: c.var.deps.db, now: c.var.deps.now });

adminCatalogRoutes.get("/admin/catalog/trainings", async (c) => {
  return success(c, await catalog.listCatalog(c.var.deps.db, CatalogListQuerySchema.parse(c.req.query())));
});

adminCatalogRoutes.get("/admin/catalog/trainings/:id", async (c) => {
  return success(c, await catalog.getTraining(c.var.deps.db, idOf(c)));
});

adminCatalogRoutes.post("/admin/catalog/trainings", async (c) => {
  const session = await requireAdmin(c);
  const input = await parseBody(c, TrainingInputSchema);
  return success(c, await catalog.createTraining(ctxOf(c), session.userId, input), c.var.t("adminSaved"), 201);
});

adminCatalogRoutes.post("/admin/catalog/trainings/:id", async (c) => {
  const session = await requireAdmin(c);
  const id = idOf(c);
  const input = await parseBody(c, TrainingInputSchema);
  await catalog.updateTraining(ctxOf(c), session.userId, id, input);
  return success(c, { id }, c.var.t("adminSaved"));
});

adminCatalogRoutes.post("/admin/catalog/trainings/:id/publish", async (c) => {
  const session = await requireAdmin(c);
  const id = idOf(c);
  const { published } = await parseBody(c, PublishInputSchema);
  await catalog.setPublished(ctxOf(c), session.userId, id, published);
  return success(c, { id }, c.var.t("adminSaved"));
});

/** The training's main illustration: PNG, JPEG or WebP of at most 2 MB, checked by its bytes (no SVG, ADR 0105). */
adminCatalogRoutes.post("/admin/catalog/trainings/:id/illustration", async (c) => {
  const session = await requireAdmin(c);
  const id = idOf(c);
  const type = c.req.header("content-type") ?? "";
  if (!type.startsWith("multipart/form-data")) throw new AppError("UNSUPPORTED_MEDIA_TYPE", "unsupportedMediaType");
  const form = await c.req.formData().catch(() => {
    throw new AppError("VALIDATION", "adminIllustrationInvalid", { fields: { illustration: ["adminIllustrationInvalid"] } });
  });
  const file = form.get("illustration");
  if (!(file instanceof File)) throw new AppError("VALIDATION", "adminIllustrationInvalid", { fields: { illustration: ["adminIllustrationInvalid"] } });
  const bytes = new Uint8Array(await file.arrayBuffer());
  const kind = checkIllustration(bytes);
  const { env } = c.var.deps;
  await catalog.getTraining(c.var.deps.db, id);
  const stored = await storeUpload(env.DATA_DIR, "illustrations", kind, bytes);
  try {
    const previous = await catalog.setIllustration(ctxOf(c), session.userId, id, stored);
    await removeUpload(env.DATA_DIR, previous);
  } catch (error) {
    await removeUpload(env.DATA_DIR, stored);
    throw error;
  }
  return success(c, { illustration: stored }, c.var.t("adminSaved"));
});

adminCatalogRoutes.post("/admin/catalog/trainings/:id/courses", async (c) => {
  const session = await requireAdmin(c);
  const id = idOf(c);
  const input = await parseBody(c, CourseInputSchema);
  return success(c, await structure.addCourse(ctxOf(c), session.userId, id, input), c.var.t("adminSaved"), 201);
});

adminCatalogRoutes.post("/admin/catalog/courses/:id/delete", async (c) => {
  const session = await requireAdmin(c);
  const id = idOf(c);
  await parseBody(c, ConfirmInputSchema);
  await structure.removeCourse(ctxOf(c), session.userId, id);
  return success(c, null, c.var.t("adminSaved"));
});

adminCatalogRoutes.post("/admin/catalog/courses/:id/modules", async (c) => {
  const session = await requireAdmin(c);
  const id = idOf(c);
  const input = await parseBody(c, ModuleInputSchema);
  return success(c, await structure.addModule(ctxOf(c), session.userId, id, input), c.var.t("adminSaved"), 201);
});

adminCatalogRoutes.post("/admin/catalog/modules/:id/delete", async (c) => {
  const session = await requireAdmin(c);
  const id = idOf(c);
  await parseBody(c, ConfirmInputSchema);
  await structure.removeModule(ctxOf(c), session.userId, id);
  return success(c, null, c.var.t("adminSaved"));
});

adminCatalogRoutes.post("/admin/catalog/trainings/:id/faceToFaces", async (c) => {
  const session = await requireAdmin(c);
  const id = idOf(c);
  const input = await parseBody(c, FaceToFaceInputSchema);
  return success(c, await structure.addFaceToFace(ctxOf(c), session.userId, id, input), c.var.t("adminSaved"), 201);
});

adminCatalogRoutes.post("/admin/catalog/trainings/:id/programmes", async (c) => {
  const session = await requireAdmin(c);
  const id = idOf(c);
  const input = await parseBody(c, DpcProgrammeInputSchema);
  return success(c, await structure.addProgramme(ctxOf(c), session.userId, id, input), c.var.t("adminSaved"), 201);
});

adminCatalogRoutes.post("/admin/catalog/trainings/:id/quizzes", async (c) => {
  const session = await requireAdmin(c);
  const id = idOf(c);
  const input = await parseBody(c, QuizInputSchema);
  return success(c, await structure.addQuiz(ctxOf(c), session.userId, id, input), c.var.t("adminSaved"), 201);
});

adminCatalogRoutes.post("/admin/catalog/quizzes/:id/questions", async (c) => {
  const session = await requireAdmin(c);
  const id = idOf(c);
  const input = await parseBody(c, QuestionInputSchema);
  return success(c, await structure.addQuestion(ctxOf(c), session.userId, id, input), c.var.t("adminSaved"), 201);
});

// ------------------------------------------------------------------ edits, order and deletions (ADR 0080)
// Edits take the add form's schema; moves `{ direction: "up" | "down" }`; deletions `{ confirm: true }` (ADR 0061).

adminCatalogRoutes.post("/admin/catalog/courses/:id", async (c) => {
  const session = await requireAdmin(c);
  const id = idOf(c);
  await structure.updateCourse(ctxOf(c), session.userId, id, await parseBody(c, CourseInputSchema));
  return success(c, { id }, c.var.t("adminSaved"));
});

adminCatalogRoutes.post("/admin/catalog/courses/:id/move", async (c) => {
  const session = await requireAdmin(c);
  const id = idOf(c);
  return success(c, await structure.moveCourse(ctxOf(c), session.userId, id, await parseBody(c, MoveInputSchema)), c.var.t("adminSaved"));
});

adminCatalogRoutes.post("/admin/catalog/modules/:id", async (c) => {
  const session = await requireAdmin(c);
  const id = idOf(c);
  await structure.updateModule(ctxOf(c), session.userId, id, await parseBody(c, ModuleInputSchema));
  return success(c, { id }, c.var.t("adminSaved"));
});

adminCatalogRoutes.post("/admin/catalog/modules/:id/move", async (c) => {
  const session = await requireAdmin(c);
  const id = idOf(c);
  return success(c, await structure.moveModule(ctxOf(c), session.userId, id, await parseBody(c, MoveInputSchema)), c.var.t("adminSaved"));
});

adminCatalogRoutes.post("/admin/catalog/programmes/:id", async (c) => {
  const session = await requireAdmin(c);
  const id = idOf(c);
  await structure.updateProgramme(ctxOf(c), session.userId, id, await parseBody(c, DpcProgrammeInputSchema));
  return success(c, { id }, c.var.t("adminSaved"));
});

adminCatalogRoutes.post("/admin/catalog/programmes/:id/delete", async (c) => {
  const session = await requireAdmin(c);
  const id = idOf(c);
  await parseBody(c, ConfirmInputSchema);
  await structure.removeProgramme(ctxOf(c), session.userId, id);
  return success(c, null, c.var.t("adminSaved"));
});

adminCatalogRoutes.post("/admin/catalog/quizzes/:id", async (c) => {
  const session = await requireAdmin(c);
  const id = idOf(c);
  await structure.updateQuiz(ctxOf(c), session.userId, id, await parseBody(c, QuizInputSchema));
  return success(c, { id }, c.var.t("adminSaved"));
});

adminCatalogRoutes.post("/admin/catalog/quizzes/:id/delete", async (c) => {
  const session = await requireAdmin(c);
  const id = idOf(c);
  await parseBody(c, ConfirmInputSchema);
  await structure.removeQuiz(ctxOf(c), session.userId, id);
  return success(c, null, c.var.t("adminSaved"));
});

adminCatalogRoutes.post("/admin/catalog/questions/:id", async (c) => {
  const session = await requireAdmin(c);
  const id = idOf(c);
  await structure.updateQuestion(ctxOf(c), session.userId, id, await parseBody(c, QuestionInputSchema));
  return success(c, { id }, c.var.t("adminSaved"));
});

adminCatalogRoutes.post("/admin/catalog/questions/:id/move", async (c) => {
  const session = await requireAdmin(c);
  const id = idOf(c);
  return success(c, await structure.moveQuestion(ctxOf(c), session.userId, id, await parseBody(c, MoveInputSchema)), c.var.t("adminSaved"));
});

adminCatalogRoutes.post("/admin/catalog/questions/:id/delete", async (c) => {
  const session = await requireAdmin(c);
  const id = idOf(c);
  await parseBody(c, ConfirmInputSchema);
  await structure.removeQuestion(ctxOf(c), session.userId, id);
  return success(c, null, c.var.t("adminSaved"));
});

/** Objectives, tags and trainers (ADR 0082). */
adminCatalogRoutes.post("/admin/catalog/trainings/:id/details", async (c) => {
  const session = await requireAdmin(c);
  const id = idOf(c);
  await catalog.updateDetails(ctxOf(c), session.userId, id, await parseBody(c, TrainingDetailsInputSchema));
  return success(c, { id }, c.var.t("adminSaved"));
});

/** Pass rules (ADR 0107). */
adminCatalogRoutes.post("/admin/catalog/trainings/:id/pass-rules", async (c) => {
  const session = await requireAdmin(c);
  const id = idOf(c);
  await catalog.updatePassRules(ctxOf(c), session.userId, id, await parseBody(c, PassRulesInputSchema));
  return success(c, { id }, c.var.t("adminSaved"));
});
