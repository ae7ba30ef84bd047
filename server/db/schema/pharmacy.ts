import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { accounts, contracts, users } from "./accounts.ts";

/**
 * Pharmacy management (issue 15 part A): a move of the account's contract to the next product of its brand
 * (updateToNextContractProduct), pending until a holder or referent signs it (contract/sign/{id}), which makes a
 * new contract in force. One pending offer per account at most.
 */
export const contractOffers = pgTable(
  "contract_offers",
  {
    id: serial("id").primaryKey(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    fromContractId: integer("from_contract_id").references(() => contracts.id, { onDelete: "set null" }),
    productName: text("product_name").notNull(),
    priceCents: integer("price_cents").notNull(),
    currency: text("currency").notNull().default("EUR"),
    status: text("status").notNull().default("pending"),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    signedBy: integer("signed_by").references(() => users.id, { onDelete: "set null" }),
    signedAt: timestamp("signed_at", { withTimezone: true }),
    /** The contract the signature created. */
    contractId: integer("contract_id").references(() => contracts.id, { onDelete: "set null" }),
  },
  (t) => [
    index("contract_offers_account_idx").on(t.accountId),
    uniqueIndex("contract_offers_one_pending_unique")
      .on(t.accountId)
      .where(sql`status = 'pending'`),
    check("contract_offers_status_check", sql`${t.status} in ('pending','signed','cancelled')`),
    check("contract_offers_price_check", sql`${t.priceCents} >= 0`),
    check("contract_offers_signed_check", sql`(${t.status} = 'signed') = (${t.signedAt} is not null)`),
  ],
);

export const HISTORY_EXPORT_STATES = ["running", "done", "failed"] as const;

/**
 * A team history export being written (ADR 0076): asked by one referent for the account in use, written in steps
 * (done of total rows) in the background, the file kept here once done. Old jobs are removed when a new one starts.
 */
export const historyExportJobs = pgTable(
  "history_export_jobs",
  {
    id: serial("id").primaryKey(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    state: text("state").notNull().default("running"),
    done: integer("done").notNull().default(0),
    total: integer("total").notNull().default(0),
    filename: text("filename").notNull(),
    /** The CSV (UTF-8 with its byte-order mark) once done. */
    content: text("content"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("history_export_jobs_account_user_idx").on(t.accountId, t.userId, t.createdAt),
    check("history_export_jobs_state_check", sql`${t.state} in ('running','done','failed')`),
    check("history_export_jobs_progress_check", sql`${t.done} >= 0 and ${t.total} >= 0 and ${t.done} <= ${t.total}`),
  ],
);
