import { z } from "zod";
import { adminListQuery, DateFilter, PagingSchema } from "./admin-list.ts";

/** The audit log (ADR 0060): one row per administrator change. */
export const AUDIT_SORTS = ["at", "action", "actor"] as const;

export const AuditListQuerySchema = adminListQuery(AUDIT_SORTS, "at", {
  /** Exact entity type ("training", "session"...). */
  entityType: z
    .string()
    .trim()
    .max(100)
    .regex(/^[A-Za-z][A-Za-z0-9_.-]*$/)
    .optional()
    .catch(undefined),
  /** Exact entity id (with entityType: one thing's history). */
  entityId: z
    .string()
    .trim()
    .max(100)
    .regex(/^[A-Za-z0-9_.:-]+$/)
    .optional()
    .catch(undefined),
  from: DateFilter,
  to: DateFilter,
});
export type AuditListQuery = z.infer<typeof AuditListQuerySchema>;

export const AuditEntrySchema = z.strictObject({
  id: z.number().int(),
  at: z.string(),
  actorId: z.number().int().nullable(),
  actorEmail: z.string(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AuditListSchema = z.strictObject({
  items: z.array(AuditEntrySchema),
  paging: PagingSchema,
  /** The entity types present in the log, for the filter's options. */
  entityTypes: z.array(z.string()),
});
export type AuditList = z.infer<typeof AuditListSchema>;
