import { sql } from "drizzle-orm";
import { check, customType, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./accounts.ts";

/** PostgreSQL's bytea, as the drivers return it (a Buffer from pg, a Uint8Array from PGlite). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => "bytea" });

/**
 * Uploaded files kept in the database (the "database" file store, server/storage/database-file-store.ts, ADR 0120):
 * every instance behind the proxy sees the same files without a shared disk. The path is the one the local store
 * would give ("/uploads/avatars/<name>.png"), so a row that names a file does not depend on the store.
 */
export const storedFiles = pgTable(
  "stored_files",
  {
    path: text("path").primaryKey(),
    /** "uploads" (served to anyone at its path) or "private" (only through a route that checks who asks). */
    area: text("area").notNull(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    /** Hex SHA-256 of the bytes: the ETag, and the start of the file's name. */
    sha256: text("sha256").notNull(),
    /** Who uploaded it, when a user did (null once that user is deleted). */
    ownerId: integer("owner_id").references(() => users.id, { onDelete: "set null" }),
    bytes: bytea("bytes").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("stored_files_area_check", sql`${t.area} in ('uploads','private')`), index("stored_files_owner_idx").on(t.ownerId)],
);
