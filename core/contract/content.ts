import { z } from "zod";
import { SURVEY_FORMATS, SURVEY_PERIODS, SURVEY_TOPICS, TEAM_SIZES } from "#core/domain/survey-options.ts";
import { TrainingTypeSchema } from "./common.ts";
import { FeaturedTrainingSchema } from "./home.ts";

export { SURVEY_FORMATS, SURVEY_PERIODS, SURVEY_TOPICS, TEAM_SIZES };

/** Slugs in public URLs: lower-case words joined by dashes (system pages start with "_" and never match). */
export const SLUG_PATTERN = /^[a-z0-9][a-z0-9-]{0,159}$/;

export const NEWS_PAGE_SIZE = 10;

/** ?page=N: an integer from 1 (default 1). The upper bound (page count) is checked by the service. */
export const NewsQuerySchema = z.strictObject({
  page: z
    .string()
    .regex(/^[0-9]{1,6}$/, { message: "invalidPage" })
    .transform(Number)
    .pipe(z.number().int().min(1))
    .optional(),
});

export const FAQ_TYPES = ["general", "account", "shop", "funding"] as const;
export type FaqType = (typeof FAQ_TYPES)[number];

/** ?type=general,account (comma list, or repeated); every type when absent. */
export const FaqQuerySchema = z.strictObject({
  type: z
    .string()
    .max(100)
    .transform((value) =>
      value
        .split(",")
        .map((part) => part.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.enum(FAQ_TYPES)).min(1))
    .optional(),
});

/** A checkbox: checked when posted as true, "on", "true", "1" or "yes"; anything else (absent included) is unchecked. */
const CheckboxBoolean = z.preprocess((value) => {
  if (value === true) return true;
  return typeof value === "string" && ["on", "true", "1", "yes"].includes(value.trim().toLowerCase());
}, z.boolean());

const Consent = CheckboxBoolean.refine((value) => value === true, { message: "consentRequired" });

const Phone = z
  .string()
  .trim()
  .max(30)
  .refine((v) => v === "" || /^\+?[0-9 ().-]{6,}$/.test(v), { message: "invalidPhone" });

const Email = z.string().trim().min(1).max(254).pipe(z.email());

/** The honeypot: a field people never see. Bots fill it; the request then "succeeds" and nothing is kept. */
const Honeypot = z.string().max(500).optional();

export const ContactSchema = z.strictObject({
  name: z.string().trim().min(1).max(120),
  email: Email,
  phone: Phone.optional(),
  subject: z.string().trim().min(3).max(150),
  message: z.string().trim().min(10).max(5000),
  consent: Consent,
  website: Honeypot,
});
export type ContactInput = z.infer<typeof ContactSchema>;

export const CUSTOM_SURVEY = "custom-training";

/** One value or several (repeated form fields arrive as arrays): at least one, all from the list. */
const Many = <T extends readonly string[]>(values: T) =>
  z.preprocess(
    (value) => (value === undefined || value === null || value === "" ? [] : Array.isArray(value) ? value : [value]),
    z
      .array(z.string().max(60))
      .max(values.length * 2)
      .refine((list) => list.length > 0, { message: "chooseAtLeastOne" })
      .refine((list) => list.every((item) => values.includes(item)), { message: "invalidType" })
      .transform((list) => [...new Set(list)] as T[number][]),
  );

/** A select: its empty "Choose..." option counts as missing. */
const Choice = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .preprocess((value) => (value === "" || value === null ? undefined : value), z.enum(values).optional())
    .refine((value) => value !== undefined, { message: "required" });

export const SurveySchema = z.strictObject({
  pharmacyName: z.string().trim().min(1).max(150),
  contactName: z.string().trim().min(1).max(120),
  email: Email,
  phone: Phone.optional(),
  postalCode: z
    .string()
    .trim()
    .max(10)
    .refine((v) => v === "" || /^[0-9A-Za-z -]{4,10}$/.test(v), { message: "invalidType" })
    .optional(),
  teamSize: Choice(TEAM_SIZES),
  topics: Many(SURVEY_TOPICS),
  formats: Many(SURVEY_FORMATS),
  period: Choice(SURVEY_PERIODS),
  details: z.string().trim().max(3000).optional(),
  consent: Consent,
  website: Honeypot,
});
export type SurveyInput = z.infer<typeof SurveySchema>;

// ------------------------------------------------------------------ responses (the `data` of each reply)

export const NewsSummarySchema = z.strictObject({
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  illustration: z.string().nullable(),
  publishedAt: z.string().nullable(),
});
export type NewsSummary = z.infer<typeof NewsSummarySchema>;

/** GET /content/news. */
export const NewsListPayloadSchema = z.strictObject({
  items: z.array(NewsSummarySchema),
  page: z.number(),
  pageSize: z.number(),
  pageCount: z.number(),
  total: z.number(),
});
export type NewsListPayload = z.infer<typeof NewsListPayloadSchema>;

/** GET /content/news/:slug. */
export const NewsPayloadSchema = z.strictObject({
  news: NewsSummarySchema.extend({ body: z.string(), description: z.string() }),
  latest: z.array(NewsSummarySchema),
});
export type NewsPayload = z.infer<typeof NewsPayloadSchema>;

/** GET /content/pages/:slug, /content/offer, /content/welcome. */
export const ContentPagePayloadSchema = z.strictObject({
  slug: z.string(),
  title: z.string(),
  body: z.string(),
  description: z.string(),
  updatedAt: z.string().nullable(),
});
export type ContentPagePayload = z.infer<typeof ContentPagePayloadSchema>;

/** GET /content/trainings. */
export const TrainingsOverviewPayloadSchema = z.strictObject({
  intro: ContentPagePayloadSchema.nullable(),
  types: z.array(z.strictObject({ type: TrainingTypeSchema, count: z.number() })),
});
export type TrainingsOverviewPayload = z.infer<typeof TrainingsOverviewPayloadSchema>;

/** GET /content/faq. */
export const FaqPayloadSchema = z.strictObject({
  sections: z.array(
    z.strictObject({
      id: z.number(),
      type: z.enum(FAQ_TYPES),
      title: z.string(),
      questions: z.array(z.strictObject({ id: z.number(), question: z.string(), answer: z.string() })),
    }),
  ),
});
export type FaqPayload = z.infer<typeof FaqPayloadSchema>;

/** GET /content/groupings. */
export const GroupingsPayloadSchema = z.strictObject({
  groupings: z.array(
    z.strictObject({ slug: z.string(), name: z.string(), description: z.string(), logo: z.string().nullable(), website: z.string().nullable() }),
  ),
});
export type GroupingsPayload = z.infer<typeof GroupingsPayloadSchema>;

export const ExpertSummarySchema = z.strictObject({
  slug: z.string(),
  name: z.string(),
  title: z.string().nullable(),
  photo: z.string().nullable(),
  trainingCount: z.number(),
});

/** GET /content/experts. */
export const ExpertsPayloadSchema = z.strictObject({ experts: z.array(ExpertSummarySchema) });
export type ExpertsPayload = z.infer<typeof ExpertsPayloadSchema>;

/** GET /content/experts/:slug. */
export const ExpertPayloadSchema = z.strictObject({
  expert: ExpertSummarySchema.omit({ trainingCount: true }).extend({ bio: z.string().nullable() }),
  trainings: z.array(FeaturedTrainingSchema),
});
export type ExpertPayload = z.infer<typeof ExpertPayloadSchema>;

const DatedSlugSchema = z.strictObject({ slug: z.string(), lastmod: z.string().nullable() });

/** GET /content/sitemap: what the sitemap lists for a brand besides its static pages. */
export const SitemapPayloadSchema = z.strictObject({
  /** The newest change of the brand's content: the lastmod of pages without their own date. */
  lastmod: z.string().nullable(),
  news: z.array(DatedSlugSchema),
  pages: z.array(DatedSlugSchema),
  experts: z.array(DatedSlugSchema),
  trainings: z.array(z.strictObject({ type: z.string(), slug: z.string(), lastmod: z.string().nullable() })),
});
export type SitemapPayload = z.infer<typeof SitemapPayloadSchema>;
