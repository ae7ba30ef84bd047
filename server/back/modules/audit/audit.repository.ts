import { and, asc, count, desc, eq, gte, ilike, lt, or, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.ts";
import { auditLog, users } from "../../../db/schema/index.ts";
import type { AuditListQuery } from "#core/contract/audit.ts";

export type AuditRow = typeof auditLog.$inferSelect;

export type AuditInsert = {
  actorId: number;
  action: string;
  entityType: string;
  entityId: string;
  before: unknown;
  after: unknown;
};

/** Writes one audit row, naming the actor by their current e-mail (kept if the user is deleted later). */
export async function insertAuditEntry(db: DbOrTx, entry: AuditInsert, at: Date): Promise<AuditRow> {
  const [row] = await db
    .insert(auditLog)
    .values({
      actorId: entry.actorId,
      actorEmail: sql`(select ${users.email} from ${users} where ${users.id} = ${entry.actorId})`,
      action: entry.action,
      entityType: entry.entityType,
      entityId: entry.entityId,
      before: entry.before ?? null,
      after: entry.after ?? null,
      createdAt: at,
    })
    .returning();
  return row;
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function whereOf(query: AuditListQuery): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  if (query.q) {
    const like = `%${escapeLike(query.q)}%`;
    parts.push(or(ilike(auditLog.action, like), ilike(auditLog.actorEmail, like), ilike(auditLog.entityType, like), ilike(auditLog.entityId, like)));
  }
  if (query.entityType) parts.push(eq(auditLog.entityType, query.entityType));
  if (query.entityId) parts.push(eq(auditLog.entityId, query.entityId));
  if (query.from) parts.push(gte(auditLog.createdAt, new Date(`${query.from}T00:00:00Z`)));
  if (query.to) parts.push(lt(auditLog.createdAt, new Date(Date.parse(`${query.to}T00:00:00Z`) + 86_400_000)));
  return parts.length ? and(...parts) : undefined;
}

const SORT_COLUMNS = { at: auditLog.createdAt, action: auditLog.action, actor: auditLog.actorEmail } as const;

export async function countAuditEntries(db: DbOrTx, query: AuditListQuery): Promise<number> {
  const [row] = await db.select({ total: count() }).from(auditLog).where(whereOf(query));
  return row?.total ?? 0;
}

export async function listAuditEntries(db: DbOrTx, query: AuditListQuery, page: { limit: number; offset: number }): Promise<AuditRow[]> {
  const direction = query.dir === "asc" ? asc : desc;
  return db
    .select()
    .from(auditLog)
    .where(whereOf(query))
    .orderBy(direction(SORT_COLUMNS[query.sort]), direction(auditLog.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function listAuditEntityTypes(db: DbOrTx): Promise<string[]> {
  const rows = await db.selectDistinct({ entityType: auditLog.entityType }).from(auditLog).orderBy(asc(auditLog.entityType));
  return rows.map((r) => r.entityType);
}
