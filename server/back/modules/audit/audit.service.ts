import type { ServiceContext } from "../../service-context.ts";
import { ADMIN_PAGE_SIZE, paging } from "#core/contract/admin-list.ts";
import type { AuditList, AuditListQuery } from "#core/contract/audit.ts";
import { countAuditEntries, insertAuditEntry, listAuditEntityTypes, listAuditEntries, type AuditRow } from "./audit.repository.ts";

/**
 * One administrator change, as the audit log records it (ADR 0060). `before` is null for a creation, `after` null for
 * a deletion; both are plain JSON (the rows as the service read and wrote them).
 */
export type AdminChange = {
  actorId: number;
  action: string;
  entityType: string;
  entityId: string | number;
  before: unknown;
  after: unknown;
};

/**
 * Records an administrator change. Call it with the transaction that makes the change, so the change and its record
 * are committed together or not at all: `ctx.db.transaction(async (tx) => { ...change...; await recordAdminChange({ ...ctx, db: tx }, {...}) })`.
 * `at`: the instant the service stamped the change with, when it took one.
 */
export async function recordAdminChange(ctx: ServiceContext, change: AdminChange, at: Date = ctx.now()): Promise<void> {
  await insertAuditEntry(
    ctx.db,
    {
      actorId: change.actorId,
      action: change.action,
      entityType: change.entityType,
      entityId: String(change.entityId),
      before: toJson(change.before),
      after: toJson(change.after),
    },
    at,
  );
}

/** Dates become ISO strings, undefined becomes null: what jsonb stores is what the page shows. */
function toJson(value: unknown): unknown {
  if (value === undefined) return null;
  return JSON.parse(JSON.stringify(value, (_key, v: unknown) => (v instanceof Date ? v.toISOString() : v))) as unknown;
}

function entryOf(row: AuditRow) {
  return {
    id: row.id,
    at: row.createdAt.toISOString(),
    actorId: row.actorId,
    actorEmail: row.actorEmail,
    action: row.action,
    entityType: row.entityType,
    entityId: row.entityId,
    before: row.before ?? null,
    after: row.after ?? null,
  };
}

/** The audit log, filtered, sorted and paged (the list pattern of ADR 0061). */
export async function listAuditLog(ctx: ServiceContext, query: AuditListQuery): Promise<AuditList> {
  const { db } = ctx;
  const [total, rows, entityTypes] = await Promise.all([
    countAuditEntries(db, query),
    listAuditEntries(db, query, { limit: ADMIN_PAGE_SIZE, offset: (query.page - 1) * ADMIN_PAGE_SIZE }),
    listAuditEntityTypes(db),
  ]);
  return { items: rows.map(entryOf), paging: paging(total, query.page), entityTypes };
}
