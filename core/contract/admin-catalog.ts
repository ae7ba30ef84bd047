import { z } from "zod";
import { BELGIAN_CATEGORIES } from "../domain/compliance-obligations.ts";
import { ATTESTS, COUNTED_ATTEMPTS, mayHavePassScore } from "#core/domain/pass-rules.ts";
import { TRAINING_TYPES } from "#core/domain/training-type-list.ts";
import { ADMIN_BRANDS, ADMIN_MODULE_TYPES, COMPLIANCE_DPC_TYPES, FUNDING_CODES, ON_FAIL, PROFESSIONS } from "#core/domain/catalogue-choices.ts";
import { QUIZ_KINDS } from "#core/domain/flow-steps.ts";
import { adminListQuery, optionFilter, PagingSchema } from "./admin-list.ts";
import { FormInt, OptionalFormInt } from "./form-fields.ts";
import { Flag } from "./fields.ts";

/**
 * The back office's catalogue tool (issue 16, ADR 0062): trainings with their courses and modules, fundings,
 * session groups, DPC programmes and quizzes. Request schemas double as the forms' schemas (Conform coerces the
 * form's strings): one validation on both tiers.
 */
export type AdminBrand = (typeof ADMIN_BRANDS)[number];
/** The language of a brand's texts and paths. */
export const BRAND_LANGS: Record<AdminBrand, "fr" | "es"> = { fr: "fr", be: "fr", es: "es", "es-campus": "es" };

const Text = (max: number) => z.string().trim().min(1).max(max);
const OptionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((value) => (value ? value : undefined));
/**
 * A list of checkboxes a form posts as text and the API gets as JSON (absent, one value, or several). A single
 * checkbox: Flag (./fields.ts); whole numbers: FormInt and OptionalFormInt (./form-fields.ts).
 */
function FormList<T extends string>(values: readonly [T, ...T[]]) {
  return z.preprocess(
    (value) => (value === undefined || value === "" ? [] : Array.isArray(value) ? value : [value]),
    z.array(z.enum(values)).max(values.length),
  );
}
/** A slug: lower-case letters, digits and single dashes. */
export const SlugSchema = z
  .string()
  .trim()
  .min(2)
  .max(120)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { message: "invalidSlug" });
/** A price HT in the currency's units, as typed: "120", "120.5", "120,50". */
export const PriceSchema = z
  .string()
  .trim()
  .regex(/^\d{1,6}(?:[.,]\d{1,2})?$/, { message: "invalidPrice" });

export function priceToCents(price: string): number {
  const [units, decimals = ""] = price.replace(",", ".").split(".");
  return Number(units) * 100 + Number(decimals.padEnd(2, "0"));
}

/** A training's fields (create and update). */
export const TrainingInputSchema = z
  .strictObject({
    brand: z.enum(ADMIN_BRANDS),
    slug: SlugSchema,
    type: z.enum(TRAINING_TYPES),
    name: Text(200),
    shortName: OptionalText(100),
    description: z.string().trim().max(20_000).default(""),
    durationMinutes: FormInt(0, 100_000),
    priceHt: PriceSchema,
    // A blank field is no points (the form shows 0).
    points: OptionalFormInt(0, 10_000).transform((points) => points ?? 0),
    free: Flag,
    pharmacistsOnly: Flag,
    nonPharmacistsOnly: Flag,
    holdersOnly: Flag,
    nonHoldersOnly: Flag,
    displayForAll: Flag,
    availableOnSpace: Flag,
    availableOnStore: Flag,
    availableFunctions: FormList(PROFESSIONS),
    fundings: FormList(FUNDING_CODES),
    seoTitle: OptionalText(200),
    seoDescription: OptionalText(500),
    // What the training counts for in the compliance tracker (issue 33, ADR 0125): absent is nothing.
    dpcActionTypes: FormList(COMPLIANCE_DPC_TYPES),
    priorityOrientation: Flag,
    certificationAxes: z.preprocess(
      (value) => (value === undefined || value === "" ? [] : Array.isArray(value) ? value : [value]),
      z.array(z.preprocess((value) => (typeof value === "string" && /^[1-4]$/.test(value) ? Number(value) : value), z.int().min(1).max(4))).max(4),
    ),
    belgianCategory: z.preprocess((value) => (value === "" ? undefined : value), z.enum(BELGIAN_CATEGORIES).optional()),
    rcfCredits: z.preprocess(
      (value) =>
        value === "" ? undefined : typeof value === "string" && /^\d{1,3}(?:[.,]\d{1,2})?$/.test(value.trim()) ? Number(value.trim().replace(",", ".")) : value,
      z.number().min(0).max(100).optional(),
    ),
  })
  .superRefine((value, ctx) => {
    if (value.pharmacistsOnly && value.nonPharmacistsOnly) ctx.addIssue({ code: "custom", path: ["nonPharmacistsOnly"], message: "audienceConflict" });
    if (value.holdersOnly && value.nonHoldersOnly) ctx.addIssue({ code: "custom", path: ["nonHoldersOnly"], message: "audienceConflict" });
    if (value.availableOnStore && value.availableFunctions.length === 0)
      ctx.addIssue({ code: "custom", path: ["availableFunctions"], message: "chooseAtLeastOne" });
  });
export type TrainingInput = z.infer<typeof TrainingInputSchema>;

export const PublishInputSchema = z.strictObject({ published: z.union([z.boolean(), z.enum(["true", "false"]).transform((v) => v === "true")]) });

/** A module type code: 1 to 7 or 9. */
const ModuleTypeSchema = FormInt(1, 9).refine((n) => (ADMIN_MODULE_TYPES as readonly number[]).includes(n), { message: "invalidType" });

export const CourseInputSchema = z.strictObject({
  name: Text(200),
  moduleType: ModuleTypeSchema,
  durationMinutes: FormInt(0, 100_000),
});
export const ModuleInputSchema = z.strictObject({
  title: Text(200),
  type: ModuleTypeSchema,
  durationMinutes: FormInt(0, 100_000),
});
export const FaceToFaceInputSchema = z.strictObject({ name: Text(200), virtualClass: Flag });
export const DpcProgrammeInputSchema = z.strictObject({
  actionNumber: z
    .string()
    .trim()
    .regex(/^\d{11}$/, { message: "invalidActionNumber" }),
  name: Text(200),
  priceHt: PriceSchema,
  durationMinutes: FormInt(0, 100_000),
});
/** A passing score belongs to a post-test or a stand-alone quiz only: a pre-test measures, an evaluation asks opinions (ADR 0107). */
export const QuizInputSchema = z
  .strictObject({
    title: Text(200),
    kind: z.enum(QUIZ_KINDS),
    passScore: OptionalFormInt(0, 100),
  })
  .superRefine((value, ctx) => {
    if (value.passScore !== undefined && !mayHavePassScore(value.kind)) ctx.addIssue({ code: "custom", path: ["passScore"], message: "passScoreNotGraded" });
  });
/**
 * A training's pass rules (ADR 0107). On a failure: `retry` (up to `maxAttempts` attempts in all, empty for no limit,
 * each after `retryWaitMinutes`) or `end` (one attempt: a failure ends the training without attestation).
 */
export const PassRulesInputSchema = z
  .strictObject({
    attests: z.enum(ATTESTS),
    onFail: z.enum(ON_FAIL),
    maxAttempts: OptionalFormInt(2, 20),
    retryWaitMinutes: OptionalFormInt(0, 43_200).transform((minutes) => minutes ?? 0),
    countedAttempt: z.enum(COUNTED_ATTEMPTS),
    revealAnswers: Flag,
  })
  .superRefine((value, ctx) => {
    if (value.onFail === "end" && value.maxAttempts !== undefined) ctx.addIssue({ code: "custom", path: ["maxAttempts"], message: "retryOnly" });
    if (value.onFail === "end" && value.retryWaitMinutes > 0) ctx.addIssue({ code: "custom", path: ["retryWaitMinutes"], message: "retryOnly" });
  });
export type PassRulesInput = z.infer<typeof PassRulesInputSchema>;
/** The stored rules of an input: `end` is one attempt; `retry` without a number has no limit. */
export function passRulesOfInput(input: PassRulesInput) {
  return {
    attests: input.attests,
    maxAttempts: input.onFail === "end" ? 1 : (input.maxAttempts ?? null),
    retryWaitMinutes: input.onFail === "end" ? 0 : input.retryWaitMinutes,
    countedAttempt: input.countedAttempt,
    revealAnswers: input.revealAnswers,
  };
}
/** A question with its choices (one per line; the correct ones start with "*"). */
export const QuestionInputSchema = z
  .strictObject({
    text: Text(1000),
    kind: z.enum(["single", "multiple"]),
    choices: z.string().trim().min(1).max(5000),
    explanation: OptionalText(2000),
  })
  .superRefine((value, ctx) => {
    const lines = choiceLines(value.choices);
    const correct = lines.filter((l) => l.correct).length;
    if (lines.length < 2 || correct === 0 || (value.kind === "single" && correct !== 1))
      ctx.addIssue({ code: "custom", path: ["choices"], message: "invalidChoices" });
  });
export function choiceLines(text: string): { text: string; correct: boolean }[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => (line.startsWith("*") ? { text: line.slice(1).trim(), correct: true } : { text: line, correct: false }))
    .filter((line) => line.text.length > 0);
}
/** A destructive action's body: the explicit confirmation (ADR 0061). */
export const ConfirmInputSchema = z.strictObject({ confirm: Flag.refine((value) => value, { message: "confirmRequired" }) });
/**
 * A training's objectives (skills, knowledge: one per line), tags (comma-separated) and trainers (people of the
 * training's brand), ADR 0082. Each list replaces the stored one.
 */
export const TrainingDetailsInputSchema = z.strictObject({
  skills: z.string().trim().max(5000).default(""),
  knowledge: z.string().trim().max(5000).default(""),
  tags: z.string().trim().max(500).default(""),
  trainers: z.preprocess(
    (value) => (value === undefined || value === "" ? [] : Array.isArray(value) ? value : [value]),
    z.array(FormInt(1, 2_147_483_647)).max(20),
  ),
});
export type TrainingDetailsInput = z.infer<typeof TrainingDetailsInputSchema>;
/** The non-empty trimmed lines of a text. */
export function textLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}
/** Tags as typed: comma-separated, trimmed, without repeats. */
export function tagList(text: string): string[] {
  return [
    ...new Set(
      text
        .split(",")
        .map((tag) => tag.trim())
        .filter(Boolean),
    ),
  ];
}
/** Moving a course, a module or a question one place up or down in its list (ADR 0080). */
export const MOVE_DIRECTIONS = ["up", "down"] as const;
export const MoveInputSchema = z.strictObject({ direction: z.enum(MOVE_DIRECTIONS) });
export type MoveInput = z.infer<typeof MoveInputSchema>;
/** A move's answer: `moved` is false when the item was already first (up) or last (down); nothing is written then. */
export const MovedSchema = z.strictObject({ id: z.number().int(), moved: z.boolean(), position: z.number().int() });

// ------------------------------------------------------------------ replies

export const CATALOG_SORTS = ["updated", "name", "brand", "type", "price"] as const;
export const CatalogListQuerySchema = adminListQuery(CATALOG_SORTS, "updated", {
  brand: optionFilter(ADMIN_BRANDS),
  type: optionFilter(TRAINING_TYPES),
  published: optionFilter(["yes", "no"]),
});
export type CatalogListQuery = z.infer<typeof CatalogListQuerySchema>;

export const CatalogListItemSchema = z.strictObject({
  id: z.number().int(),
  brand: z.string(),
  lang: z.string(),
  slug: z.string(),
  type: z.string(),
  name: z.string(),
  priceHtCents: z.number().int(),
  currency: z.string(),
  isPublished: z.boolean(),
  availableOnStore: z.boolean(),
  availableOnSpace: z.boolean(),
  updatedAt: z.string(),
});
export const CatalogListSchema = z.strictObject({ items: z.array(CatalogListItemSchema), paging: PagingSchema });
export type CatalogList = z.infer<typeof CatalogListSchema>;

const ModuleSchema = z.strictObject({
  id: z.number().int(),
  position: z.number().int(),
  type: z.number().int(),
  title: z.string(),
  durationMinutes: z.number().int(),
});
const CourseSchema = z.strictObject({
  id: z.number().int(),
  position: z.number().int(),
  moduleType: z.number().int(),
  name: z.string(),
  durationMinutes: z.number().int(),
  modules: z.array(ModuleSchema),
});
const SessionSummarySchema = z.strictObject({
  id: z.number().int(),
  name: z.string(),
  startDate: z.string(),
  city: z.string().nullable(),
  maxParticipants: z.number().int(),
  currentParticipants: z.number().int(),
});
const FaceToFaceSchema = z.strictObject({ id: z.number().int(), name: z.string(), virtualClass: z.boolean(), sessions: z.array(SessionSummarySchema) });
/** `enrolments`: learners enrolled through the programme (then it cannot be deleted). */
const ProgrammeSchema = z.strictObject({
  id: z.number().int(),
  actionNumber: z.string(),
  name: z.string(),
  priceHtCents: z.number().int(),
  durationMinutes: z.number().int(),
  enrolments: z.number().int(),
});
const QuestionSchema = z.strictObject({
  id: z.number().int(),
  position: z.number().int(),
  kind: z.string(),
  text: z.string(),
  explanation: z.string().nullable(),
  choices: z.array(z.strictObject({ text: z.string(), correct: z.boolean() })),
});
/** `attempts`: learners' attempts at the quiz (then neither it nor its questions can be deleted). */
const QuizSchema = z.strictObject({
  id: z.number().int(),
  title: z.string(),
  kind: z.string(),
  passScore: z.number().int().nullable(),
  attempts: z.number().int(),
  questions: z.array(QuestionSchema),
});

/** A training's pass rules as the back office shows them; `custom`: set by an administrator, else the type's defaults. */
export const AdminPassRulesSchema = z.strictObject({
  attests: z.enum(ATTESTS),
  maxAttempts: z.number().int().nullable(),
  retryWaitMinutes: z.number().int(),
  countedAttempt: z.enum(COUNTED_ATTEMPTS),
  revealAnswers: z.boolean(),
  custom: z.boolean(),
});

export const AdminTrainingSchema = z.strictObject({
  id: z.number().int(),
  brand: z.enum(ADMIN_BRANDS),
  lang: z.string(),
  slug: z.string(),
  type: z.enum(TRAINING_TYPES),
  name: z.string(),
  shortName: z.string().nullable(),
  description: z.string(),
  durationMinutes: z.number().int(),
  priceHt: z.string(),
  currency: z.string(),
  points: z.number().int(),
  free: z.boolean(),
  pharmacistsOnly: z.boolean(),
  nonPharmacistsOnly: z.boolean(),
  holdersOnly: z.boolean(),
  nonHoldersOnly: z.boolean(),
  displayForAll: z.boolean(),
  availableOnSpace: z.boolean(),
  availableOnStore: z.boolean(),
  availableFunctions: z.array(z.string()),
  fundings: z.array(z.string()),
  seoTitle: z.string().nullable(),
  seoDescription: z.string().nullable(),
  dpcActionTypes: z.array(z.string()),
  priorityOrientation: z.boolean(),
  certificationAxes: z.array(z.number().int()),
  belgianCategory: z.string().nullable(),
  rcfCredits: z.number().nullable(),
  isPublished: z.boolean(),
  mainIllustration: z.string().nullable(),
  updatedAt: z.string(),
  skills: z.array(z.string()),
  knowledge: z.array(z.string()),
  tags: z.array(z.string()),
  trainers: z.array(z.number().int()),
  /** The people of the training's brand who may be named its trainers. */
  people: z.array(z.strictObject({ id: z.number().int(), name: z.string() })),
  courses: z.array(CourseSchema),
  faceToFaces: z.array(FaceToFaceSchema),
  programmes: z.array(ProgrammeSchema),
  quizzes: z.array(QuizSchema),
  passRules: AdminPassRulesSchema,
});
export type AdminTraining = z.infer<typeof AdminTrainingSchema>;
/** The id of the training or part created or changed. */
export const CreatedSchema = z.strictObject({ id: z.number().int() });
/** A new illustration's stored path (under the uploads). */
export const IllustrationSchema = z.strictObject({ illustration: z.string() });
