import { Hono, type Context } from "hono";
import { adminCatalogEndpoints as endpoints } from "#core/contract/endpoints/admin-catalog.ts";
import type { BackEnv } from "../../context.ts";
import { AppError } from "../../http/app-error.ts";
import { ok, register } from "../../http/register.ts";
import { removeUpload, storeUpload } from "../../../storage/uploads.ts";
import { checkIllustration } from "./illustration.ts";
import * as catalog from "./admin-catalog.service.ts";
import * as structure from "./training-structure.service.ts";

/** The catalogue tool's API (ADR 0062); the admin guard of app.ts has already run for every path here. */
export const adminCatalogRoutes = new Hono<BackEnv>();

const ctxOf = (c: Context<BackEnv>) => ({ db: c.var.deps.db, now: c.var.deps.now });

register(adminCatalogRoutes, endpoints.list, async (c, { query }) => ok(await catalog.listCatalog(c.var.deps.db, query)));

register(adminCatalogRoutes, endpoints.training, async (c, { params }) => ok(await catalog.getTraining(c.var.deps.db, params.id)));

register(adminCatalogRoutes, endpoints.create, async (c, { caller, body }) =>
  ok(await catalog.createTraining(ctxOf(c), caller.userId, body), c.var.t("adminSaved"), 201),
);

register(adminCatalogRoutes, endpoints.update, async (c, { caller, params: { id }, body }) => {
  await catalog.updateTraining(ctxOf(c), caller.userId, id, body);
  return ok({ id }, c.var.t("adminSaved"));
});

register(adminCatalogRoutes, endpoints.publish, async (c, { caller, params: { id }, body }) => {
  await catalog.setPublished(ctxOf(c), caller.userId, id, body.published);
  return ok({ id }, c.var.t("adminSaved"));
});

/** The training's main illustration: PNG, JPEG or WebP of at most 2 MB, checked by its bytes (no SVG, ADR 0105). */
register(adminCatalogRoutes, endpoints.illustration, async (c, { caller, params: { id } }) => {
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
    const previous = await catalog.setIllustration(ctxOf(c), caller.userId, id, stored);
    await removeUpload(env.DATA_DIR, previous);
  } catch (error) {
    await removeUpload(env.DATA_DIR, stored);
    throw error;
  }
  return ok({ illustration: stored }, c.var.t("adminSaved"));
});

/** Objectives, tags and trainers (ADR 0082). */
register(adminCatalogRoutes, endpoints.details, async (c, { caller, params: { id }, body }) => {
  await catalog.updateDetails(ctxOf(c), caller.userId, id, body);
  return ok({ id }, c.var.t("adminSaved"));
});

/** Pass rules (ADR 0107). */
register(adminCatalogRoutes, endpoints.passRules, async (c, { caller, params: { id }, body }) => {
  await catalog.updatePassRules(ctxOf(c), caller.userId, id, body);
  return ok({ id }, c.var.t("adminSaved"));
});

// ------------------------------------------------------------------ the training's parts (ADR 0062, 0080)
// Edits take the add form's schema; moves `{ direction: "up" | "down" }`; deletions `{ confirm: true }` (ADR 0061).

register(adminCatalogRoutes, endpoints.addCourse, async (c, { caller, params: { id }, body }) =>
  ok(await structure.addCourse(ctxOf(c), caller.userId, id, body), c.var.t("adminSaved"), 201),
);

register(adminCatalogRoutes, endpoints.updateCourse, async (c, { caller, params: { id }, body }) => {
  await structure.updateCourse(ctxOf(c), caller.userId, id, body);
  return ok({ id }, c.var.t("adminSaved"));
});

register(adminCatalogRoutes, endpoints.moveCourse, async (c, { caller, params: { id }, body }) =>
  ok(await structure.moveCourse(ctxOf(c), caller.userId, id, body), c.var.t("adminSaved")),
);

register(adminCatalogRoutes, endpoints.removeCourse, async (c, { caller, params: { id } }) => {
  await structure.removeCourse(ctxOf(c), caller.userId, id);
  return ok(null, c.var.t("adminSaved"));
});

register(adminCatalogRoutes, endpoints.addModule, async (c, { caller, params: { id }, body }) =>
  ok(await structure.addModule(ctxOf(c), caller.userId, id, body), c.var.t("adminSaved"), 201),
);

register(adminCatalogRoutes, endpoints.updateModule, async (c, { caller, params: { id }, body }) => {
  await structure.updateModule(ctxOf(c), caller.userId, id, body);
  return ok({ id }, c.var.t("adminSaved"));
});

register(adminCatalogRoutes, endpoints.moveModule, async (c, { caller, params: { id }, body }) =>
  ok(await structure.moveModule(ctxOf(c), caller.userId, id, body), c.var.t("adminSaved")),
);

register(adminCatalogRoutes, endpoints.removeModule, async (c, { caller, params: { id } }) => {
  await structure.removeModule(ctxOf(c), caller.userId, id);
  return ok(null, c.var.t("adminSaved"));
});

register(adminCatalogRoutes, endpoints.addFaceToFace, async (c, { caller, params: { id }, body }) =>
  ok(await structure.addFaceToFace(ctxOf(c), caller.userId, id, body), c.var.t("adminSaved"), 201),
);

register(adminCatalogRoutes, endpoints.addProgramme, async (c, { caller, params: { id }, body }) =>
  ok(await structure.addProgramme(ctxOf(c), caller.userId, id, body), c.var.t("adminSaved"), 201),
);

register(adminCatalogRoutes, endpoints.updateProgramme, async (c, { caller, params: { id }, body }) => {
  await structure.updateProgramme(ctxOf(c), caller.userId, id, body);
  return ok({ id }, c.var.t("adminSaved"));
});

register(adminCatalogRoutes, endpoints.removeProgramme, async (c, { caller, params: { id } }) => {
  await structure.removeProgramme(ctxOf(c), caller.userId, id);
  return ok(null, c.var.t("adminSaved"));
});

register(adminCatalogRoutes, endpoints.addQuiz, async (c, { caller, params: { id }, body }) =>
  ok(await structure.addQuiz(ctxOf(c), caller.userId, id, body), c.var.t("adminSaved"), 201),
);

register(adminCatalogRoutes, endpoints.updateQuiz, async (c, { caller, params: { id }, body }) => {
  await structure.updateQuiz(ctxOf(c), caller.userId, id, body);
  return ok({ id }, c.var.t("adminSaved"));
});

register(adminCatalogRoutes, endpoints.removeQuiz, async (c, { caller, params: { id } }) => {
  await structure.removeQuiz(ctxOf(c), caller.userId, id);
  return ok(null, c.var.t("adminSaved"));
});

register(adminCatalogRoutes, endpoints.addQuestion, async (c, { caller, params: { id }, body }) =>
  ok(await structure.addQuestion(ctxOf(c), caller.userId, id, body), c.var.t("adminSaved"), 201),
);

register(adminCatalogRoutes, endpoints.updateQuestion, async (c, { caller, params: { id }, body }) => {
  await structure.updateQuestion(ctxOf(c), caller.userId, id, body);
  return ok({ id }, c.var.t("adminSaved"));
});

register(adminCatalogRoutes, endpoints.moveQuestion, async (c, { caller, params: { id }, body }) =>
  ok(await structure.moveQuestion(ctxOf(c), caller.userId, id, body), c.var.t("adminSaved")),
);

register(adminCatalogRoutes, endpoints.removeQuestion, async (c, { caller, params: { id } }) => {
  await structure.removeQuestion(ctxOf(c), caller.userId, id);
  return ok(null, c.var.t("adminSaved"));
});
