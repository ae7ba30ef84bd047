import { Hono, type Context } from "hono";
import { z } from "zod";
import {
  BrandParamsSchema,
  ContentKindParamsSchema,
  ContentListPageSchema,
  ContentListQuerySchema,
  DraftFieldsSchema,
  FaqAdminQuerySchema,
  FaqQuestionFieldsSchema,
  FaqSectionFieldsSchema,
  LOGIN_IMAGE_MAX_BYTES,
  MoveSchema,
  NewDraftSchema,
  NewFaqSectionSchema,
} from "#core/contract/editorial.ts";
import { EmptyBody, IdParam } from "#core/contract/ids.ts";
import type { BackEnv } from "../../context.ts";
import { AppError } from "../../http/app-error.ts";
import { success } from "../../http/envelope.ts";
import { requireAdmin } from "../../http/guards.ts";
import { parseBody, parseInput } from "../../http/validate.ts";
import * as editorial from "./editorial.service.ts";
import * as faq from "./faq-admin.service.ts";
import { listLoginImages, loginImageUrl, replaceLoginImage, resetLoginImage } from "./login-image.service.ts";

/** Back office: content pages, news and experts (editor), FAQ (faq), login images (loginImage). Admin only. */
export const editorialRoutes = new Hono<BackEnv>();

const IdParams = z.strictObject({ id: IdParam });
const idOf = (c: Context<BackEnv>) => parseInput(IdParams, { id: c.req.param("id") }, c.var.t).id;

// Content ------------------------------------------------------------------------------------------------------

editorialRoutes.get("/admin/content", async (c) => {
  await requireAdmin(c);
  const query = parseInput(ContentListQuerySchema, c.req.query(), c.var.t);
  return success(c, await editorial.listContent(c.var.deps.db, query.brand, query.kind, query.q, ContentListPageSchema.parse(c.req.query())));
});

editorialRoutes.get("/admin/content/drafts/:id", async (c) => {
  await requireAdmin(c);
  return success(c, await editorial.getDraftItem(c.var.deps.db, idOf(c)));
});

editorialRoutes.post("/admin/content/drafts", async (c) => {
  const session = await requireAdmin(c);
  const input = await parseBody(c, NewDraftSchema);
  return success(c, await editorial.createDraft(c.var.deps.db, session.userId, input, c.var.deps.now()), c.var.t("adminDraftSaved"), 201);
});

editorialRoutes.post("/admin/content/drafts/:id", async (c) => {
  const session = await requireAdmin(c);
  const id = idOf(c);
  const input = await parseBody(c, DraftFieldsSchema);
  return success(c, await editorial.saveDraft(c.var.deps.db, session.userId, id, input, c.var.deps.now()), c.var.t("adminDraftSaved"));
});

editorialRoutes.post("/admin/content/drafts/:id/publish", async (c) => {
  const session = await requireAdmin(c);
  const id = idOf(c);
  await parseBody(c, EmptyBody);
  return success(c, await editorial.publishDraft(c.var.deps.db, session.userId, id, c.var.deps.now()), c.var.t("adminPublished"));
});

editorialRoutes.delete("/admin/content/drafts/:id", async (c) => {
  const session = await requireAdmin(c);
  const id = idOf(c);
  await parseBody(c, EmptyBody);
  await editorial.discardDraft(c.var.deps.db, session.userId, id);
  return success(c, null, c.var.t("adminDraftDiscarded"));
});

editorialRoutes.get("/admin/content/:kind/:id", async (c) => {
  await requireAdmin(c);
  const { kind } = parseInput(ContentKindParamsSchema, { kind: c.req.param("kind") }, c.var.t);
  return success(c, await editorial.getContentItem(c.var.deps.db, kind, idOf(c)));
});

editorialRoutes.post("/admin/content/:kind/:id/draft", async (c) => {
  const session = await requireAdmin(c);
  const { kind } = parseInput(ContentKindParamsSchema, { kind: c.req.param("kind") }, c.var.t);
  const id = idOf(c);
  const input = await parseBody(c, DraftFieldsSchema);
  return success(c, await editorial.saveDraftOf(c.var.deps.db, session.userId, kind, id, input, c.var.deps.now()), c.var.t("adminDraftSaved"));
});

// FAQ ----------------------------------------------------------------------------------------------------------

editorialRoutes.get("/admin/faq", async (c) => {
  await requireAdmin(c);
  const query = parseInput(FaqAdminQuerySchema, c.req.query(), c.var.t);
  return success(c, { sections: await faq.listFaqAdmin(c.var.deps.db, query.brand) });
});

editorialRoutes.get("/admin/faq/sections/:id", async (c) => {
  await requireAdmin(c);
  return success(c, await faq.getFaqSection(c.var.deps.db, idOf(c)));
});

editorialRoutes.post("/admin/faq/sections", async (c) => {
  const session = await requireAdmin(c);
  const input = await parseBody(c, NewFaqSectionSchema);
  return success(c, await faq.createFaqSection(c.var.deps.db, session.userId, input), c.var.t("contentSaved"), 201);
});

editorialRoutes.post("/admin/faq/sections/:id", async (c) => {
  const session = await requireAdmin(c);
  const id = idOf(c);
  const input = await parseBody(c, FaqSectionFieldsSchema);
  await faq.updateFaqSection(c.var.deps.db, session.userId, id, input);
  return success(c, await faq.getFaqSection(c.var.deps.db, id), c.var.t("contentSaved"));
});

editorialRoutes.delete("/admin/faq/sections/:id", async (c) => {
  const session = await requireAdmin(c);
  const id = idOf(c);
  await parseBody(c, EmptyBody);
  await faq.deleteFaqSection(c.var.deps.db, session.userId, id);
  return success(c, null, c.var.t("adminDeleted"));
});

editorialRoutes.post("/admin/faq/sections/:id/move", async (c) => {
  const session = await requireAdmin(c);
  const id = idOf(c);
  const input = await parseBody(c, MoveSchema);
  await faq.moveFaqSection(c.var.deps.db, session.userId, id, input.direction);
  return success(c, null, c.var.t("contentSaved"));
});

editorialRoutes.post("/admin/faq/sections/:id/questions", async (c) => {
  const session = await requireAdmin(c);
  const id = idOf(c);
  const input = await parseBody(c, FaqQuestionFieldsSchema);
  return success(c, await faq.createFaqQuestion(c.var.deps.db, session.userId, id, input), c.var.t("contentSaved"), 201);
});

editorialRoutes.get("/admin/faq/questions/:id", async (c) => {
  await requireAdmin(c);
  return success(c, await faq.getFaqQuestion(c.var.deps.db, idOf(c)));
});

editorialRoutes.post("/admin/faq/questions/:id", async (c) => {
  const session = await requireAdmin(c);
  const id = idOf(c);
  const input = await parseBody(c, FaqQuestionFieldsSchema);
  await faq.updateFaqQuestion(c.var.deps.db, session.userId, id, input);
  return success(c, await faq.getFaqQuestion(c.var.deps.db, id), c.var.t("contentSaved"));
});

editorialRoutes.delete("/admin/faq/questions/:id", async (c) => {
  const session = await requireAdmin(c);
  const id = idOf(c);
  await parseBody(c, EmptyBody);
  const sectionId = await faq.deleteFaqQuestion(c.var.deps.db, session.userId, id);
  return success(c, { sectionId }, c.var.t("adminDeleted"));
});

editorialRoutes.post("/admin/faq/questions/:id/move", async (c) => {
  const session = await requireAdmin(c);
  const id = idOf(c);
  const input = await parseBody(c, MoveSchema);
  await faq.moveFaqQuestion(c.var.deps.db, session.userId, id, input.direction);
  return success(c, null, c.var.t("contentSaved"));
});

// Login image --------------------------------------------------------------------------------------------------

editorialRoutes.get("/admin/loginImage", async (c) => {
  await requireAdmin(c);
  return success(c, { items: await listLoginImages(c.var.deps.db) });
});

/** Multipart upload (field "image"): PNG, JPEG or WebP checked by content, size capped (no SVG, ADR 0105); nothing stored on refusal. */
editorialRoutes.post("/admin/loginImage/:brand", async (c) => {
  const session = await requireAdmin(c);
  const { brand } = parseInput(BrandParamsSchema, { brand: c.req.param("brand") }, c.var.t);
  const type = c.req.header("content-type") ?? "";
  if (!type.startsWith("multipart/form-data")) throw new AppError("UNSUPPORTED_MEDIA_TYPE", "unsupportedMediaType");
  const form = await c.req.formData().catch(() => {
    throw new AppError("VALIDATION", "adminImageMissing", { fields: { image: ["adminImageMissing"] } });
  });
  const file = form.get("image");
  if (!(file instanceof File) || file.size === 0) throw new AppError("VALIDATION", "adminImageMissing", { fields: { image: ["adminImageMissing"] } });
  if (file.size > LOGIN_IMAGE_MAX_BYTES) {
    throw new AppError("PAYLOAD_TOO_LARGE", "adminImageTooLarge", {
      values: { max: LOGIN_IMAGE_MAX_BYTES / 1024 / 1024 },
      fields: { image: ["adminImageTooLarge"] },
    });
  }
  const { db, env, now } = c.var.deps;
  const url = await replaceLoginImage({ db, dataDir: env.DATA_DIR, now: now() }, session.userId, brand, new Uint8Array(await file.arrayBuffer()));
  return success(c, { brand, url }, c.var.t("contentSaved"));
});

editorialRoutes.delete("/admin/loginImage/:brand", async (c) => {
  const session = await requireAdmin(c);
  const { brand } = parseInput(BrandParamsSchema, { brand: c.req.param("brand") }, c.var.t);
  await parseBody(c, EmptyBody);
  await resetLoginImage({ db: c.var.deps.db, dataDir: c.var.deps.env.DATA_DIR }, session.userId, brand);
  return success(c, null, c.var.t("adminDeleted"));
});

/** Public: the login image of the host's brand (null: the default illustration). */
editorialRoutes.get("/content/loginImage", async (c) => success(c, { url: await loginImageUrl(c.var.deps.db, c.var.brand.key) }));
