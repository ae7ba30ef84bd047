import { Hono } from "hono";
import { adminCatalogEndpoints as endpoints } from "#core/contract/endpoints/admin-catalog.ts";
import type { BackEnv } from "../../context.ts";
import { AppError } from "../../http/app-error.ts";
import { ok, register } from "../../http/register.ts";
import { checkIllustration } from "./illustration.ts";
import * as catalog from "./admin-catalog.service.ts";
import * as structure from "./training-structure.service.ts";

/** The catalogue tool's API (ADR 0062); the admin guard of app.ts has already run for every path here. */
export const adminCatalogRoutes = new Hono<BackEnv>();

register(adminCatalogRoutes, endpoints.list, async (_c, { ctx, query }) => ok(await catalog.listCatalog(ctx, query)));

register(adminCatalogRoutes, endpoints.training, async (_c, { ctx, params }) => ok(await catalog.getTraining(ctx, params.id)));

register(adminCatalogRoutes, endpoints.create, async (c, { ctx, caller, body }) =>
  ok(await catalog.createTraining(ctx, caller.userId, body), c.get("t")("adminSaved"), 201),
);

register(adminCatalogRoutes, endpoints.update, async (c, { ctx, caller, params: { id }, body }) => {
  await catalog.updateTraining(ctx, caller.userId, id, body);
  return ok({ id }, c.get("t")("adminSaved"));
});

register(adminCatalogRoutes, endpoints.publish, async (c, { ctx, caller, params: { id }, body }) => {
  await catalog.setPublished(ctx, caller.userId, id, body.published);
  return ok({ id }, c.get("t")("adminSaved"));
});

/** The training's main illustration: PNG, JPEG or WebP of at most 2 MB, checked by its bytes (no SVG, ADR 0105). */
register(adminCatalogRoutes, endpoints.illustration, async (c, { ctx, caller, params: { id } }) => {
  const type = c.req.header("content-type") ?? "";
  if (!type.startsWith("multipart/form-data")) throw new AppError("UNSUPPORTED_MEDIA_TYPE", "unsupportedMediaType");
  const form = await c.req.formData().catch(() => {
    throw new AppError("VALIDATION", "adminIllustrationInvalid", { fields: { illustration: ["adminIllustrationInvalid"] } });
  });
  const file = form.get("illustration");
  if (!(file instanceof File)) throw new AppError("VALIDATION", "adminIllustrationInvalid", { fields: { illustration: ["adminIllustrationInvalid"] } });
  const bytes = new Uint8Array(await file.arrayBuffer());
  const kind = checkIllustration(bytes);
  await catalog.getTraining(ctx, id);
  const stored = await ctx.files.put({ area: "uploads", folder: "illustrations", extension: kind, bytes, ownerId: caller.userId });
  try {
    const previous = await catalog.setIllustration(ctx, caller.userId, id, stored);
    await ctx.files.remove(previous);
  } catch (error) {
    await ctx.files.remove(stored);
    throw error;
  }
  return ok({ illustration: stored }, c.get("t")("adminSaved"));
});

/** Objectives, tags and trainers (ADR 0082). */
register(adminCatalogRoutes, endpoints.details, async (c, { ctx, caller, params: { id }, body }) => {
  await catalog.updateDetails(ctx, caller.userId, id, body);
  return ok({ id }, c.get("t")("adminSaved"));
});

/** Pass rules (ADR 0107). */
register(adminCatalogRoutes, endpoints.passRules, async (c, { ctx, caller, params: { id }, body }) => {
  await catalog.updatePassRules(ctx, caller.userId, id, body);
  return ok({ id }, c.get("t")("adminSaved"));
});

// ------------------------------------------------------------------ the training's parts (ADR 0062, 0080)
// Edits take the add form's schema; moves `{ direction: "up" | "down" }`; deletions `{ confirm: true }` (ADR 0061).

register(adminCatalogRoutes, endpoints.addCourse, async (c, { ctx, caller, params: { id }, body }) =>
  ok(await structure.addCourse(ctx, caller.userId, id, body), c.get("t")("adminSaved"), 201),
);

register(adminCatalogRoutes, endpoints.updateCourse, async (c, { ctx, caller, params: { id }, body }) => {
  await structure.updateCourse(ctx, caller.userId, id, body);
  return ok({ id }, c.get("t")("adminSaved"));
});

register(adminCatalogRoutes, endpoints.moveCourse, async (c, { ctx, caller, params: { id }, body }) =>
  ok(await structure.moveCourse(ctx, caller.userId, id, body), c.get("t")("adminSaved")),
);

register(adminCatalogRoutes, endpoints.removeCourse, async (c, { ctx, caller, params: { id } }) => {
  await structure.removeCourse(ctx, caller.userId, id);
  return ok(null, c.get("t")("adminSaved"));
});

register(adminCatalogRoutes, endpoints.addModule, async (c, { ctx, caller, params: { id }, body }) =>
  ok(await structure.addModule(ctx, caller.userId, id, body), c.get("t")("adminSaved"), 201),
);

register(adminCatalogRoutes, endpoints.updateModule, async (c, { ctx, caller, params: { id }, body }) => {
  await structure.updateModule(ctx, caller.userId, id, body);
  return ok({ id }, c.get("t")("adminSaved"));
});

register(adminCatalogRoutes, endpoints.moveModule, async (c, { ctx, caller, params: { id }, body }) =>
  ok(await structure.moveModule(ctx, caller.userId, id, body), c.get("t")("adminSaved")),
);

register(adminCatalogRoutes, endpoints.removeModule, async (c, { ctx, caller, params: { id } }) => {
  await structure.removeModule(ctx, caller.userId, id);
  return ok(null, c.get("t")("adminSaved"));
});

register(adminCatalogRoutes, endpoints.addFaceToFace, async (c, { ctx, caller, params: { id }, body }) =>
  ok(await structure.addFaceToFace(ctx, caller.userId, id, body), c.get("t")("adminSaved"), 201),
);

register(adminCatalogRoutes, endpoints.addProgramme, async (c, { ctx, caller, params: { id }, body }) =>
  ok(await structure.addProgramme(ctx, caller.userId, id, body), c.get("t")("adminSaved"), 201),
);

register(adminCatalogRoutes, endpoints.updateProgramme, async (c, { ctx, caller, params: { id }, body }) => {
  await structure.updateProgramme(ctx, caller.userId, id, body);
  return ok({ id }, c.get("t")("adminSaved"));
});

register(adminCatalogRoutes, endpoints.removeProgramme, async (c, { ctx, caller, params: { id } }) => {
  await structure.removeProgramme(ctx, caller.userId, id);
  return ok(null, c.get("t")("adminSaved"));
});

register(adminCatalogRoutes, endpoints.addQuiz, async (c, { ctx, caller, params: { id }, body }) =>
  ok(await structure.addQuiz(ctx, caller.userId, id, body), c.get("t")("adminSaved"), 201),
);

register(adminCatalogRoutes, endpoints.updateQuiz, async (c, { ctx, caller, params: { id }, body }) => {
  await structure.updateQuiz(ctx, caller.userId, id, body);
  return ok({ id }, c.get("t")("adminSaved"));
});

register(adminCatalogRoutes, endpoints.removeQuiz, async (c, { ctx, caller, params: { id } }) => {
  await structure.removeQuiz(ctx, caller.userId, id);
  return ok(null, c.get("t")("adminSaved"));
});

register(adminCatalogRoutes, endpoints.addQuestion, async (c, { ctx, caller, params: { id }, body }) =>
  ok(await structure.addQuestion(ctx, caller.userId, id, body), c.get("t")("adminSaved"), 201),
);

register(adminCatalogRoutes, endpoints.updateQuestion, async (c, { ctx, caller, params: { id }, body }) => {
  await structure.updateQuestion(ctx, caller.userId, id, body);
  return ok({ id }, c.get("t")("adminSaved"));
});

register(adminCatalogRoutes, endpoints.moveQuestion, async (c, { ctx, caller, params: { id }, body }) =>
  ok(await structure.moveQuestion(ctx, caller.userId, id, body), c.get("t")("adminSaved")),
);

register(adminCatalogRoutes, endpoints.removeQuestion, async (c, { ctx, caller, params: { id } }) => {
  await structure.removeQuestion(ctx, caller.userId, id);
  return ok(null, c.get("t")("adminSaved"));
});
