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

register(editorialRoutes, endpoints.contentList, async (c, { ctx, query }) => {
  parseInput(ContentListQuerySchema, c.req.query(), c.get("t"));
  const { brand, kind, q, ...page } = query;
  return ok(await editorial.listContent(ctx, brand, kind, q, page));
});

register(editorialRoutes, endpoints.draft, async (c, { ctx, params }) => ok(await editorial.getDraftItem(ctx, params.id)));

register(editorialRoutes, endpoints.createDraft, async (c, { ctx, caller, body }) =>
  ok(await editorial.createDraft(ctx, caller.userId, body), c.get("t")("adminDraftSaved"), 201),
);

register(editorialRoutes, endpoints.saveDraft, async (c, { ctx, caller, params, body }) =>
  ok(await editorial.saveDraft(ctx, caller.userId, params.id, body), c.get("t")("adminDraftSaved")),
);

register(editorialRoutes, endpoints.publishDraft, async (c, { ctx, caller, params }) =>
  ok(await editorial.publishDraft(ctx, caller.userId, params.id), c.get("t")("adminPublished")),
);

register(editorialRoutes, endpoints.discardDraft, async (c, { ctx, caller, params }) => {
  await editorial.discardDraft(ctx, caller.userId, params.id);
  return ok(null, c.get("t")("adminDraftDiscarded"));
});

register(editorialRoutes, endpoints.content, async (c, { ctx, params }) => ok(await editorial.getContentItem(ctx, params.kind, params.id)));

register(editorialRoutes, endpoints.saveDraftOf, async (c, { ctx, caller, params, body }) =>
  ok(await editorial.saveDraftOf(ctx, caller.userId, params.kind, params.id, body), c.get("t")("adminDraftSaved")),
);

// FAQ ----------------------------------------------------------------------------------------------------------

register(editorialRoutes, endpoints.faq, async (c, { ctx, query }) => ok({ sections: await faq.listFaqAdmin(ctx, query.brand) }));

register(editorialRoutes, endpoints.faqSection, async (c, { ctx, params }) => ok(await faq.getFaqSection(ctx, params.id)));

register(editorialRoutes, endpoints.createFaqSection, async (c, { ctx, caller, body }) =>
  ok(await faq.createFaqSection(ctx, caller.userId, body), c.get("t")("contentSaved"), 201),
);

register(editorialRoutes, endpoints.updateFaqSection, async (c, { ctx, caller, params, body }) => {
  await faq.updateFaqSection(ctx, caller.userId, params.id, body);
  return ok(await faq.getFaqSection(ctx, params.id), c.get("t")("contentSaved"));
});

register(editorialRoutes, endpoints.deleteFaqSection, async (c, { ctx, caller, params }) => {
  await faq.deleteFaqSection(ctx, caller.userId, params.id);
  return ok(null, c.get("t")("adminDeleted"));
});

register(editorialRoutes, endpoints.moveFaqSection, async (c, { ctx, caller, params, body }) => {
  await faq.moveFaqSection(ctx, caller.userId, params.id, body.direction);
  return ok(null, c.get("t")("contentSaved"));
});

register(editorialRoutes, endpoints.createFaqQuestion, async (c, { ctx, caller, params, body }) =>
  ok(await faq.createFaqQuestion(ctx, caller.userId, params.id, body), c.get("t")("contentSaved"), 201),
);

register(editorialRoutes, endpoints.faqQuestion, async (c, { ctx, params }) => ok(await faq.getFaqQuestion(ctx, params.id)));

register(editorialRoutes, endpoints.updateFaqQuestion, async (c, { ctx, caller, params, body }) => {
  await faq.updateFaqQuestion(ctx, caller.userId, params.id, body);
  return ok(await faq.getFaqQuestion(ctx, params.id), c.get("t")("contentSaved"));
});

register(editorialRoutes, endpoints.deleteFaqQuestion, async (c, { ctx, caller, params }) => {
  const sectionId = await faq.deleteFaqQuestion(ctx, caller.userId, params.id);
  return ok({ sectionId }, c.get("t")("adminDeleted"));
});

register(editorialRoutes, endpoints.moveFaqQuestion, async (c, { ctx, caller, params, body }) => {
  await faq.moveFaqQuestion(ctx, caller.userId, params.id, body.direction);
  return ok(null, c.get("t")("contentSaved"));
});

// Login image --------------------------------------------------------------------------------------------------

register(editorialRoutes, endpoints.loginImages, async (c, { ctx }) => ok({ items: await listLoginImages(ctx) }));

/** Multipart upload (field "image"): PNG, JPEG or WebP checked by content, size capped (no SVG, ADR 0105); nothing stored on refusal. */
register(editorialRoutes, endpoints.replaceLoginImage, async (c, { ctx, caller, params }) => {
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
  const url = await replaceLoginImage(ctx, caller.userId, params.brand, new Uint8Array(await file.arrayBuffer()));
  return ok({ brand: params.brand, url }, c.get("t")("contentSaved"));
});

register(editorialRoutes, endpoints.resetLoginImage, async (c, { ctx, caller, params }) => {
  await resetLoginImage(ctx, caller.userId, params.brand);
  return ok(null, c.get("t")("adminDeleted"));
});

/** Public: the login image of the host's brand (null: the default illustration). */
register(editorialRoutes, endpoints.publicLoginImage, async (c, { ctx }) => ok({ url: await loginImageUrl(ctx) }));
