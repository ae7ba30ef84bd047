import { z } from "zod";
import { isIsoDate } from "#core/domain/dates.ts";
import { PagingSchema } from "./admin-list.ts";
import { FormId } from "./fields.ts";

/**
 * Audit evidence packs (issue 33, ADR 0127): the ZIP of one face-to-face or virtual session, or of an e-learning
 * training over a period, built in the background. An administrator's pack holds every learner; a referent's only
 * the learners the pharmacy in use enrolled.
 */

const Day = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: "invalidDate" })
  .refine(isIsoDate, { message: "invalidDate" });

/** One session (its training is the session's), or one training over a period (from..to, both days included). */
export const StartEvidencePackSchema = z
  .strictObject({
    sessionId: FormId.optional(),
    trainingId: FormId.optional(),
    periodStart: Day.optional(),
    periodEnd: Day.optional(),
  })
  .superRefine((value, issues) => {
    if (value.sessionId !== undefined) return;
    if (value.trainingId === undefined) issues.addIssue({ code: "custom", path: ["trainingId"], message: "required" });
    if (value.periodStart === undefined) issues.addIssue({ code: "custom", path: ["periodStart"], message: "required" });
    if (value.periodEnd === undefined) issues.addIssue({ code: "custom", path: ["periodEnd"], message: "required" });
    if (value.periodStart && value.periodEnd && value.periodEnd < value.periodStart) {
      issues.addIssue({ code: "custom", path: ["periodEnd"], message: "endBeforeStart" });
    }
  });
export type StartEvidencePack = z.infer<typeof StartEvidencePackSchema>;

export const EvidencePackSchema = z.strictObject({
  id: z.number(),
  trainingId: z.number(),
  trainingName: z.string(),
  sessionId: z.number().nullable(),
  sessionName: z.string().nullable(),
  periodStart: z.string().nullable(),
  periodEnd: z.string().nullable(),
  /** The pharmacy a referent's pack is limited to; null for an administrator's. */
  accountId: z.number().nullable(),
  state: z.enum(["running", "done", "failed"]),
  done: z.number(),
  total: z.number(),
  percent: z.number(),
  filename: z.string(),
  size: z.number().nullable(),
  sha256: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type EvidencePack = z.infer<typeof EvidencePackSchema>;

/** The packs of one scope (a session, a training), newest first, paged. */
export const EvidencePackListQuerySchema = z.object({
  trainingId: z.coerce.number().int().min(1).max(2_147_483_647).optional().catch(undefined),
  sessionId: z.coerce.number().int().min(1).max(2_147_483_647).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
});

export const EvidencePackListSchema = z.strictObject({ items: z.array(EvidencePackSchema), paging: PagingSchema });
export type EvidencePackList = z.infer<typeof EvidencePackListSchema>;

/** What a referent may build a pack of: the sessions and e-learning trainings the pharmacy's learners followed. */
export const EvidencePackChoicesSchema = z.strictObject({
  sessions: z.array(z.strictObject({ id: z.number(), name: z.string(), startDate: z.string(), trainingId: z.number(), trainingName: z.string() })),
  trainings: z.array(z.strictObject({ id: z.number(), name: z.string() })),
});
export type EvidencePackChoices = z.infer<typeof EvidencePackChoicesSchema>;

/** What the ZIP's index.json says of each file (and the index PDF prints). */
export const EVIDENCE_KINDS = ["attestations", "attendance", "connectionLogs", "satisfaction", "mailReceipts", "invoices", "trainers"] as const;
export type EvidenceKind = (typeof EVIDENCE_KINDS)[number];
