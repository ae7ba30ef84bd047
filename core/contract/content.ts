import { z } from "zod";
import { SURVEY_FORMATS, SURVEY_PERIODS, SURVEY_TOPICS, TEAM_SIZES } from "#core/domain/survey-options.ts";

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
    .transform((value) => value.split(",").map((part) => part.trim()).filter(Boolean))
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
