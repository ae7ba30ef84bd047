import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./accounts.ts";

/** Back office, part B (issue 16, ADR 0066/0067): content drafts and the login image of each brand. */
export const CONTENT_KINDS = ["page", "news", "expert"] as const;

const brandCheck = (column: unknown) => sql`${column} in ('fr','be','es','es-campus')`;

/**
 * The draft of a content page, news item or expert, edited in the back office and previewed before it is published.
 * `entityId` is the live row (content_pages, news or people) it will replace, or null for a new one (created on
 * publish). One draft per live row. Bodies are stored sanitised (the allow-list of content/sanitize.ts).
 */
export const contentDrafts = pgTable(
  "content_drafts",
  {
    id: serial("id").primaryKey(),
    kind: text("kind").notNull(),
    entityId: integer("entity_id"),
    brand: text("brand").notNull(),
    lang: text("lang").notNull(),
    slug: text("slug").notNull(),
    /** Page and news title; an expert's name. */
    title: text("title").notNull(),
    /** News summary; an expert's job title; unused for pages. */
    summary: text("summary").notNull().default(""),
    /** Sanitised HTML: page and news body, an expert's biography. */
    body: text("body").notNull().default(""),
    updatedBy: integer("updated_by").references(() => users.id, { onDelete: "set null" }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("content_drafts_entity_unique")
      .on(t.kind, t.entityId)
      .where(sql`entity_id is not null`),
    index("content_drafts_brand_idx").on(t.brand, t.kind),
    check("content_drafts_kind_check", sql`${t.kind} in ('page','news','expert')`),
    check("content_drafts_brand_check", brandCheck(t.brand)),
    check("content_drafts_lang_check", sql`${t.lang} in ('fr','es')`),
  ],
);

/** The image of the login page of a brand (a stored upload under /uploads/login/); none means the default one. */
export const loginImages = pgTable(
  "login_images",
  {
    brand: text("brand").primaryKey(),
    path: text("path").notNull(),
    contentType: text("content_type").notNull(),
    bytes: integer("bytes").notNull(),
    updatedBy: integer("updated_by").references(() => users.id, { onDelete: "set null" }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("login_images_brand_check", brandCheck(t.brand)), check("login_images_bytes_check", sql`${t.bytes} > 0`)],
);
