/** Back office, content (ADR 0066, 0067): content pages, news and experts (editor), FAQ, login images. Administrators only, but for the public login image. */
import { NoDataSchema } from "../common.ts";
import {
  BrandParamsSchema,
  ContentItemSchema,
  ContentKindParamsSchema,
  ContentListPageSchema,
  ContentListQuerySchema,
  ContentListSchema,
  DraftFieldsSchema,
  FaqAdminQuerySchema,
  FaqAdminQuestionSchema,
  FaqAdminSchema,
  FaqAdminSectionSchema,
  FaqQuestionDeletedSchema,
  FaqQuestionFieldsSchema,
  FaqSectionFieldsSchema,
  LoginImageReplacedSchema,
  LoginImagesSchema,
  MoveSchema,
  NewDraftSchema,
  NewFaqSectionSchema,
  PublicLoginImageSchema,
} from "../editorial.ts";
import { endpoint } from "../endpoint.ts";
import { IdParams } from "../fields.ts";
import { EmptyBody } from "../ids.ts";

/** A live item by its kind and id (/admin/content/page/3). */
const ContentParams = ContentKindParamsSchema.extend(IdParams.shape);

export const editorialEndpoints = {
  /**
   * The editor list: its filters (a wrong brand or kind is a 422, ADR 0066) and its sort and page (bad values fall
   * back, ADR 0061). The handler also checks the filters on the raw query (ContentListQuerySchema), as before.
   */
  contentList: endpoint({
    method: "GET",
    path: "/admin/content",
    query: ContentListPageSchema.extend(ContentListQuerySchema.shape),
    reply: ContentListSchema,
    access: "admin",
  }),
  draft: endpoint({ method: "GET", path: "/admin/content/drafts/:id", params: IdParams, reply: ContentItemSchema, access: "admin" }),
  createDraft: endpoint({ method: "POST", path: "/admin/content/drafts", body: NewDraftSchema, reply: ContentItemSchema, access: "admin" }),
  saveDraft: endpoint({
    method: "POST",
    path: "/admin/content/drafts/:id",
    params: IdParams,
    body: DraftFieldsSchema,
    reply: ContentItemSchema,
    access: "admin",
  }),
  publishDraft: endpoint({
    method: "POST",
    path: "/admin/content/drafts/:id/publish",
    params: IdParams,
    body: EmptyBody,
    reply: ContentItemSchema,
    access: "admin",
  }),
  discardDraft: endpoint({ method: "DELETE", path: "/admin/content/drafts/:id", params: IdParams, body: EmptyBody, reply: NoDataSchema, access: "admin" }),
  content: endpoint({ method: "GET", path: "/admin/content/:kind/:id", params: ContentParams, reply: ContentItemSchema, access: "admin" }),
  /** Saves the draft of a live item (made on its first save). */
  saveDraftOf: endpoint({
    method: "POST",
    path: "/admin/content/:kind/:id/draft",
    params: ContentParams,
    body: DraftFieldsSchema,
    reply: ContentItemSchema,
    access: "admin",
  }),

  faq: endpoint({ method: "GET", path: "/admin/faq", query: FaqAdminQuerySchema, reply: FaqAdminSchema, access: "admin" }),
  faqSection: endpoint({ method: "GET", path: "/admin/faq/sections/:id", params: IdParams, reply: FaqAdminSectionSchema, access: "admin" }),
  createFaqSection: endpoint({ method: "POST", path: "/admin/faq/sections", body: NewFaqSectionSchema, reply: FaqAdminSectionSchema, access: "admin" }),
  updateFaqSection: endpoint({
    method: "POST",
    path: "/admin/faq/sections/:id",
    params: IdParams,
    body: FaqSectionFieldsSchema,
    reply: FaqAdminSectionSchema,
    access: "admin",
  }),
  deleteFaqSection: endpoint({ method: "DELETE", path: "/admin/faq/sections/:id", params: IdParams, body: EmptyBody, reply: NoDataSchema, access: "admin" }),
  moveFaqSection: endpoint({ method: "POST", path: "/admin/faq/sections/:id/move", params: IdParams, body: MoveSchema, reply: NoDataSchema, access: "admin" }),
  createFaqQuestion: endpoint({
    method: "POST",
    path: "/admin/faq/sections/:id/questions",
    params: IdParams,
    body: FaqQuestionFieldsSchema,
    reply: FaqAdminQuestionSchema,
    access: "admin",
  }),
  faqQuestion: endpoint({ method: "GET", path: "/admin/faq/questions/:id", params: IdParams, reply: FaqAdminQuestionSchema, access: "admin" }),
  updateFaqQuestion: endpoint({
    method: "POST",
    path: "/admin/faq/questions/:id",
    params: IdParams,
    body: FaqQuestionFieldsSchema,
    reply: FaqAdminQuestionSchema,
    access: "admin",
  }),
  /** Its reply names the section the question was in. */
  deleteFaqQuestion: endpoint({
    method: "DELETE",
    path: "/admin/faq/questions/:id",
    params: IdParams,
    body: EmptyBody,
    reply: FaqQuestionDeletedSchema,
    access: "admin",
  }),
  moveFaqQuestion: endpoint({
    method: "POST",
    path: "/admin/faq/questions/:id/move",
    params: IdParams,
    body: MoveSchema,
    reply: NoDataSchema,
    access: "admin",
  }),

  loginImages: endpoint({ method: "GET", path: "/admin/loginImage", reply: LoginImagesSchema, access: "admin" }),
  /** Multipart upload (field "image"): PNG, JPEG or WebP checked by content, size capped (no SVG, ADR 0105); nothing stored on refusal. */
  replaceLoginImage: endpoint({
    method: "POST",
    path: "/admin/loginImage/:brand",
    params: BrandParamsSchema,
    body: "multipart",
    reply: LoginImageReplacedSchema,
    access: "admin",
  }),
  resetLoginImage: endpoint({
    method: "DELETE",
    path: "/admin/loginImage/:brand",
    params: BrandParamsSchema,
    body: EmptyBody,
    reply: NoDataSchema,
    access: "admin",
  }),
  /** Public: the login image of the host's brand (null: the default illustration). */
  publicLoginImage: endpoint({ method: "GET", path: "/content/loginImage", reply: PublicLoginImageSchema, access: "public" }),
};
