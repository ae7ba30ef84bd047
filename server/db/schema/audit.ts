import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./accounts.ts";

/**
 * The audit log of the back office (issue 16, ADR 0060): one row per administrator change, written in the same
 * transaction as the change itself (server/back/modules/audit/audit.service.ts `recordAdminChange`), so a change
 * and its record are committed or lost together. Rows are never updated nor deleted by the application.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: serial("id").primaryKey(),
    /** The administrator (null once that user is deleted; `actor_email` still names them). */
    actorId: integer("actor_id").references(() => users.id, { onDelete: "set null" }),
    /** The actor's e-mail when the change was made (the log stays readable after the user is gone). */
    actorEmail: text("actor_email").notNull(),
    /** A dotted verb: "training.create", "session.cancel", "order.markPaid"... */
    action: text("action").notNull(),
    /** What was changed: "training", "session", "order", "page"... */
    entityType: text("entity_type").notNull(),
    /** Its id as text (composite keys are written "a:b"). */
    entityId: text("entity_id").notNull(),
    /** The entity before the change (null for a creation) and after it (null for a deletion). */
    before: jsonb("before"),
    after: jsonb("after"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("audit_log_created_idx").on(t.createdAt.desc(), t.id.desc()),
    index("audit_log_entity_idx").on(t.entityType, t.entityId),
    index("audit_log_actor_idx").on(t.actorId),
    check("audit_log_action_check", sql`length(${t.action}) between 1 and 100`),
    check("audit_log_entity_type_check", sql`length(${t.entityType}) between 1 and 100`),
  ],
);
