import { Hono } from "hono";
import { ContentListQuerySchema, LOGIN_IMAGE_MAX_BYTES } from "#core/contract/editorial.ts";
import { editorialEndpoints as endpoints } from "#core/contract/endpoints/editorial.ts";
import type { BackEnv } from "../../context.ts";
import { AppError } from "../../http/app-error.ts";
import { ok, register } from "../../http/register.ts";
import { parseInput } from "../../http/validate.ts";
import * as editorial from "./editorial.service.ts";
import * as faq from "./faq-admin.service.ts";
import { listLoginImages, loginImageUrl, replaceLoginImage, resetLoginImage } from "./login-image.service.ts";

/** Back office: content pages, news and experts (editor), FAQ (faq), login images (loginImage). Admin only. */
export const editorialRoutes = new Hono<BackEnv>();

// Content ------------------------------------------------------------------------------------------------------

register(editorialRoutes, endpoints.contentList, async (c, { query }) => {
  parseInput(ContentListQuerySchema, c.req.query(), c.var.t);
  const { brand, kind, q, ...page } = query;
  return ok(await editorial.listContent(c.var.deps.db, brand, kind, q, page));
});

register(editorialRoutes, endpoints.draft, async (c, { params }) => ok(await editorial.getDraftItem(c.var.deps.db, params.id)));

register(editorialRoutes, endpoints.createDraft, async (c, { caller, body }) =>
  ok(await editorial.createDraft(c.var.deps.db, caller.userId, body, c.var.deps.now()), c.var.t("adminDraftSaved"), 201),
);

register(editorialRoutes, endpoints.saveDraft, async (c, { caller, params, body }) =>
  ok(await editorial.saveDraft(c.var.deps.db, caller.userId, params.id, body, c.var.deps.now()), c.var.t("adminDraftSaved")),
);

register(editorialRoutes, endpoints.publishDraft, async (c, { caller, params }) =>
  ok(await editorial.publishDraft(c.var.deps.db, caller.userId, params.id, c.var.deps.now()), c.var.t("adminPublished")),
);

register(editorialRoutes, endpoints.discardDraft, async (c, { caller, params }) => {
  await editorial.discardDraft(c.var.deps.db, caller.userId, params.id);
  return ok(null, c.var.t("adminDraftDiscarded"));
});

register(editorialRoutes, endpoints.content, async (c, { params }) => ok(await editorial.getContentItem(c.var.deps.db, params.kind, params.id)));

register(editorialRoutes, endpoints.saveDraftOf, async (c, { caller, params, body }) =>
  ok(await editorial.saveDraftOf(c.var.deps.db, caller.userId, params.kind, params.id, body, c.var.deps.now()), c.var.t("adminDraftSaved")),
);

// FAQ ----------------------------------------------------------------------------------------------------------

register(editorialRoutes, endpoints.faq, async (c, { query }) => ok({ sections: await faq.listFaqAdmin(c.var.deps.db, query.brand) }));

register(editorialRoutes, endpoints.faqSection, async (c, { params }) => ok(await faq.getFaqSection(c.var.deps.db, params.id)));

register(editorialRoutes, endpoints.createFaqSection, async (c, { caller, body }) =>
  ok(await faq.createFaqSection(c.var.deps.db, caller.userId, body), c.var.t("contentSaved"), 201),
);

register(editorialRoutes, endpoints.updateFaqSection, async (c, { caller, params, body }) => {
  await faq.updateFaqSection(c.var.deps.db, caller.userId, params.id, body);
  return ok(await faq.getFaqSection(c.var.deps.db, params.id), c.var.t("contentSaved"));
});

register(editorialRoutes, endpoints.deleteFaqSection, async (c, { caller, params }) => {
  await faq.deleteFaqSection(c.var.deps.db, caller.userId, params.id);
  return ok(null, c.var.t("adminDeleted"));
});

register(editorialRoutes, endpoints.moveFaqSection, async (c, { caller, params, body }) => {
  await faq.moveFaqSection(c.var.deps.db, caller.userId, params.id, body.direction);
  return ok(null, c.var.t("contentSaved"));
});

register(editorialRoutes, endpoints.createFaqQuestion, async (c, { caller, params, body }) =>
  ok(await faq.createFaqQuestion(c.var.deps.db, caller.userId, params.id, body), c.var.t("contentSaved"), 201),
);

register(editorialRoutes, endpoints.faqQuestion, async (c, { params }) => ok(await faq.getFaqQuestion(c.var.deps.db, params.id)));

register(editorialRoutes, endpoints.updateFaqQuestion, async (c, { caller, params, body }) => {
  await faq.updateFaqQuestion(c.var.deps.db, caller.userId, params.id, body);
  return ok(await faq.getFaqQuestion(c.var.deps.db, params.id), c.var.t("contentSaved"));
});

register(editorialRoutes, endpoints.deleteFaqQuestion, async (c, { caller, params }) => {
  const sectionId = await faq.deleteFaqQuestion(c.var.deps.db, caller.userId, params.id);
  return ok({ sectionId }, c.var.t("adminDeleted"));
});

register(editorialRoutes, endpoints.moveFaqQuestion, async (c, { caller, params, body }) => {
  await faq.moveFaqQuestion(c.var.deps.db, caller.userId, params.id, body.direction);
  return ok(null, c.var.t("contentSaved"));
});

// Login image --------------------------------------------------------------------------------------------------

register(editorialRoutes, endpoints.loginImages, async (c) => ok({ items: await listLoginImages(c.var.deps.db) }));

/** Multipart upload (field "image"): PNG, JPEG or WebP checked by content, size capped (no SVG, ADR 0105); nothing stored on refusal. */
register(editorialRoutes, endpoints.replaceLoginImage, async (c, { caller, params }) => {
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
  const url = await replaceLoginImage({ db, dataDir: env.DATA_DIR, now: now() }, caller.userId, params.brand, new Uint8Array(await file.arrayBuffer()));
  return ok({ brand: params.brand, url }, c.var.t("contentSaved"));
});

register(editorialRoutes, endpoints.resetLoginImage, async (c, { caller, params }) => {
  await resetLoginImage({ db: c.var.deps.db, dataDir: c.var.deps.env.DATA_DIR }, caller.userId, params.brand);
  return ok(null, c.var.t("adminDeleted"));
});

/** Public: the login image of the host's brand (null: the default illustration). */
register(editorialRoutes, endpoints.publicLoginImage, async (c) => ok({ url: await loginImageUrl(c.var.deps.db, c.var.brand.key) }));
