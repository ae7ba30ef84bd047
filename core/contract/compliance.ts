import { z } from "zod";
import { BELGIAN_CATEGORIES, DPC_ACTION_TYPES } from "#core/domain/compliance-obligations.ts";
import { Flag } from "./fields.ts";

/**
 * The professional's compliance tracker and the actions they declare (issue 33, ADR 0125): the declaration form's
 * schema (the web action and the API parse it alike), the referent's review, and the replies.
 */

export const DECLARED_ACTION_STATES = ["declared", "confirmed", "rejected"] as const;

const blank = (value: unknown): unknown => (typeof value === "string" && value.trim() === "" ? undefined : value);
/** A form posts one checked box as a text and several as a list: always a list here. */
const list = (value: unknown): unknown => (value === undefined || value === "" ? [] : Array.isArray(value) ? value : [value]);

const Day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: "invalidDate" })
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), {
    message: "invalidDate",
  });

/** A decimal number typed in a form ("7,5" or "7.5"), or sent as JSON. */
const Decimal = (min: number, max: number) =>
  z.preprocess((value) => {
    const text = blank(value);
    if (typeof text !== "string") return text;
    const normal = text.trim().replace(",", ".");
    return /^\d{1,4}(\.\d{1,2})?$/.test(normal) ? Number(normal) : text;
  }, z.number().min(min).max(max));

export const DeclaredActionSchema = z
  .strictObject({
    title: z.string().trim().min(1).max(200),
    organisation: z.string().trim().min(1).max(200),
    startDate: Day,
    endDate: Day,
    hours: Decimal(0.25, 1000),
    elearning: Flag,
    dpcActionTypes: z.preprocess(list, z.array(z.enum(DPC_ACTION_TYPES as ["training", "practice_analysis", "risk_management"])).max(3)),
    priorityOrientation: Flag,
    certificationAxes: z.preprocess(
      list,
      z.array(z.preprocess((value) => (typeof value === "string" && /^[1-4]$/.test(value) ? Number(value) : value), z.int().min(1).max(4))).max(4),
    ),
    belgianCategory: z.preprocess(blank, z.enum(BELGIAN_CATEGORIES).optional()),
    rcfCredits: z.preprocess(blank, Decimal(0, 100).optional()),
  })
  .refine((value) => value.endDate >= value.startDate, { message: "endBeforeStart", path: ["endDate"] });
export type DeclaredActionInput = z.output<typeof DeclaredActionSchema>;

/** The referent's decision on a declared action: confirm, or reject with an optional reason. */
export const ReviewDeclaredActionSchema = z.strictObject({
  decision: z.enum(["confirm", "reject"]),
  note: z.preprocess(blank, z.string().trim().max(500).optional()),
});

export const PendingQuerySchema = z.strictObject({
  page: z.preprocess(
    blank,
    z
      .string()
      .regex(/^[0-9]{1,6}$/, { message: "invalidPage" })
      .transform(Number)
      .pipe(z.number().int().min(1))
      .default(1),
  ),
});

// ------------------------------------------------------------------ replies

const GapSchema = z.discriminatedUnion("code", [
  z.strictObject({ code: z.literal("dpcActionOfType"), count: z.number(), anyOf: z.array(z.enum(["training", "practice_analysis", "risk_management"])) }),
  z.strictObject({ code: z.literal("dpcPriorityOrientation"), count: z.number() }),
  z.strictObject({ code: z.literal("certificationAxis"), axis: z.number(), count: z.number() }),
  z.strictObject({ code: z.literal("belgiumCredits"), credits: z.number() }),
  z.strictObject({ code: z.literal("belgiumPharmaceuticalCredits"), credits: z.number() }),
  z.strictObject({ code: z.literal("rcfCredits"), credits: z.number() }),
]);

const StatusSchema = z.strictObject({
  obligation: z.enum(["dpcTriennial", "certificationPeriodique", "belgiumCf", "spainRcf"]),
  periodStart: z.string(),
  deadline: z.string(),
  state: z.enum(["met", "in_progress", "at_risk", "late", "voluntary"]),
  gaps: z.array(GapSchema),
  figures: z.record(z.string(), z.number()),
});
export type TrackerStatus = z.infer<typeof StatusSchema>;

/** What an action counts for (the same fields on a training and on a declared action). */
const CountsForSchema = z.strictObject({
  dpcActionTypes: z.array(z.string()),
  priorityOrientation: z.boolean(),
  certificationAxes: z.array(z.number()),
  belgianCategory: z.string().nullable(),
  rcfCredits: z.number().nullable(),
});

const CountedActionSchema = z.strictObject({
  title: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  hours: z.number(),
  origin: z.enum(["attestation", "confirmed"]),
  /** The training's page slug for a platform attestation. */
  trainingSlug: z.string().nullable(),
  countsFor: CountsForSchema,
});

export const DeclaredActionSchemaOut = z.strictObject({
  id: z.number(),
  title: z.string(),
  organisation: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  hours: z.number(),
  elearning: z.boolean(),
  state: z.enum(DECLARED_ACTION_STATES),
  reviewNote: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  proofName: z.string(),
  /** The proof through its authorised route (under /back/api). */
  proofPath: z.string(),
  countsFor: CountsForSchema,
});
export type DeclaredActionItem = z.infer<typeof DeclaredActionSchemaOut>;

/** GET /user/compliance: where the caller stands, what counts, what they declared. */
export const TrackerSchema = z.strictObject({
  country: z.enum(["FR", "BE", "ES"]),
  profession: z.enum(["pharmacist", "preparer", "assistant", "student", "other"]),
  registeredOn: z.string().nullable(),
  today: z.string(),
  statuses: z.array(StatusSchema),
  counted: z.array(CountedActionSchema),
  declared: z.array(DeclaredActionSchemaOut),
});
export type Tracker = z.infer<typeof TrackerSchema>;

export const DeclaredActionSavedSchema = z.strictObject({ id: z.number(), state: z.enum(DECLARED_ACTION_STATES) });

/** GET /referent/compliance/declared-actions: the account's members' actions awaiting confirmation, a page of them. */
export const PendingDeclaredActionsSchema = z.strictObject({
  items: z.array(
    DeclaredActionSchemaOut.extend({ learner: z.strictObject({ id: z.number(), firstName: z.string(), lastName: z.string(), email: z.string() }) }),
  ),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  pageCount: z.number(),
  readOnly: z.boolean(),
});
export type PendingDeclaredActions = z.infer<typeof PendingDeclaredActionsSchema>;

export const ReviewedSchema = z.strictObject({ id: z.number(), state: z.enum(DECLARED_ACTION_STATES), changed: z.boolean() });
