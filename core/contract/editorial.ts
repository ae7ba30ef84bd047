import { z } from "zod";
import { adminListQuery, PagingSchema } from "./admin-list.ts";
import { BRAND_KEYS } from "#core/branding/brands.ts";
import { FAQ_TYPES } from "./content.ts";

/**
 * Back office, content (editor, faq, loginImage; ADR 0066/0067): content pages, news and experts edited as drafts,
 * previewed, then published; FAQ sections and questions; the login image of each brand.
 */

export const CONTENT_KINDS = ["page", "news", "expert"] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];
export const CONTENT_LANGS = ["fr", "es"] as const;

/** Slugs of public URLs (/pages/{slug}, /actualites/{slug}, /experts/{slug}). */
export const EditorSlugSchema = z
  .string()
  .trim()
  .min(1)
  .max(160)
  .regex(/^[a-z0-9][a-z0-9-]*$/, { message: "invalidSlug" });

/** The HTML of a body: any text here; the server keeps only the allow-list (content/sanitize.ts). */
const Body = z.string().max(100_000);

/** The fields of a draft, as the editor form posts them. */
export const DraftFieldsSchema = z.strictObject({
  slug: EditorSlugSchema,
  title: z.string().trim().min(1).max(200),
  summary: z.string().trim().max(500).optional(),
  body: Body.optional(),
});
export type DraftFields = z.infer<typeof DraftFieldsSchema>;

/** A new draft (editor/create-page): what it is, for which brand and language, and its first fields. */
export const NewDraftSchema = DraftFieldsSchema.extend({
  kind: z.enum(CONTENT_KINDS),
  brand: z.enum(BRAND_KEYS),
  lang: z.enum(CONTENT_LANGS),
});
export type NewDraft = z.infer<typeof NewDraftSchema>;

/** The editor list's filters: a wrong brand or kind is a 422 (ADR 0066); its sort and page keys are ContentListPageSchema's. */
export const ContentListQuerySchema = z.object({
  brand: z.enum(BRAND_KEYS).optional(),
  kind: z.enum(CONTENT_KINDS).optional(),
  /** Words of the title or the slug (case-insensitive). */
  q: z.string().trim().max(100).optional(),
});
export const CONTENT_SORTS = ["updated", "title", "kind", "brand"] as const;
/** Sort and page of the editor list (ADR 0061, 0086): last changed first by default; bad values fall back. */
export const ContentListPageSchema = adminListQuery(CONTENT_SORTS, "updated", {});
export type ContentListPage = z.infer<typeof ContentListPageSchema>;

export const ContentKindParamsSchema = z.strictObject({ kind: z.enum(CONTENT_KINDS) });

const Fields = z.strictObject({ slug: z.string(), title: z.string(), summary: z.string(), body: z.string() });

export const ContentSummarySchema = z.strictObject({
  kind: z.enum(CONTENT_KINDS),
  /** The live row, null for a new page not yet published. */
  id: z.number().nullable(),
  draftId: z.number().nullable(),
  brand: z.enum(BRAND_KEYS),
  lang: z.enum(CONTENT_LANGS),
  slug: z.string(),
  title: z.string(),
  published: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type ContentSummary = z.infer<typeof ContentSummarySchema>;

export const ContentListSchema = z.strictObject({ items: z.array(ContentSummarySchema), paging: PagingSchema });

export const ContentItemSchema = z.strictObject({
  kind: z.enum(CONTENT_KINDS),
  id: z.number().nullable(),
  draftId: z.number().nullable(),
  brand: z.enum(BRAND_KEYS),
  lang: z.enum(CONTENT_LANGS),
  /** What is online, null before the first publication. */
  live: Fields.nullable(),
  /** The draft being edited, null when there is none (the form then starts from the live fields). */
  draft: Fields.nullable(),
  /** The public path of the item once published (for "see it live"). */
  publicPath: z.string().nullable(),
});
export type ContentItem = z.infer<typeof ContentItemSchema>;

// FAQ ---------------------------------------------------------------------------------------------------------

export { FAQ_TYPES };
export type { FaqType } from "./content.ts";

export const FaqAdminQuerySchema = z.strictObject({ brand: z.enum(BRAND_KEYS).optional() });

export const FaqSectionFieldsSchema = z.strictObject({
  title: z.string().trim().min(1).max(200),
  type: z.enum(FAQ_TYPES),
});

export const NewFaqSectionSchema = FaqSectionFieldsSchema.extend({ brand: z.enum(BRAND_KEYS), lang: z.enum(CONTENT_LANGS) });

export const FaqQuestionFieldsSchema = z.strictObject({
  question: z.string().trim().min(1).max(500),
  answer: z.string().trim().min(1).max(20_000),
});

export const MoveSchema = z.strictObject({ direction: z.enum(["up", "down"]) });

const FaqQuestionSchema = z.strictObject({ id: z.number(), position: z.number(), question: z.string(), answer: z.string() });
export const FaqAdminSectionSchema = z.strictObject({
  id: z.number(),
  brand: z.enum(BRAND_KEYS),
  lang: z.enum(CONTENT_LANGS),
  type: z.enum(FAQ_TYPES),
  title: z.string(),
  position: z.number(),
  questions: z.array(FaqQuestionSchema),
});
export type FaqAdminSection = z.infer<typeof FaqAdminSectionSchema>;

export const FaqAdminSchema = z.strictObject({ sections: z.array(FaqAdminSectionSchema) });
export const FaqAdminQuestionSchema = FaqQuestionSchema.extend({ sectionId: z.number() });
/** A question deleted: the section it was in. */
export const FaqQuestionDeletedSchema = z.strictObject({ sectionId: z.number() });

// Login image --------------------------------------------------------------------------------------------------

export const LOGIN_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const LOGIN_IMAGE_TYPES = ["image/png", "image/jpeg", "image/webp"] as const;

export const BrandParamsSchema = z.strictObject({ brand: z.enum(BRAND_KEYS) });

export const LoginImageSchema = z.strictObject({
  brand: z.enum(BRAND_KEYS),
  url: z.string().nullable(),
  contentType: z.string().nullable(),
  bytes: z.number().nullable(),
  updatedAt: z.string().nullable(),
});
export const LoginImagesSchema = z.strictObject({ items: z.array(LoginImageSchema) });
/** An image uploaded: its brand and its public path. */
export const LoginImageReplacedSchema = z.strictObject({ brand: z.enum(BRAND_KEYS), url: z.string() });
export const PublicLoginImageSchema = z.strictObject({ url: z.string().nullable() });
