import { relations, sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { accounts, advisors, users } from "./accounts.ts";

export const FAQ_SECTION_TYPES = ["general", "funding", "shop", "account"] as const;
export const CONTACT_MESSAGE_KINDS = ["contact", "advisor"] as const;

const brandCheck = (column: unknown) => sql`${column} in ('fr','be','es','es-campus')`;
const langCheck = (column: unknown) => sql`${column} in ('fr','es')`;

export const news = pgTable(
  "news",
  {
    id: serial("id").primaryKey(),
    brand: text("brand").notNull(),
    lang: text("lang").notNull(),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    summary: text("summary").notNull().default(""),
    /** HTML. */
    body: text("body").notNull().default(""),
    illustration: text("illustration"),
    /** Null for a draft. */
    publishedAt: timestamp("published_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("news_brand_slug_unique").on(t.brand, t.slug),
    index("news_brand_published_idx").on(t.brand, t.publishedAt.desc()),
    check("news_brand_check", brandCheck(t.brand)),
    check("news_lang_check", langCheck(t.lang)),
  ],
);

/** Static pages served at /pages/{slug}: about, legal notice, terms of sale, privacy... */
export const contentPages = pgTable(
  "content_pages",
  {
    id: serial("id").primaryKey(),
    brand: text("brand").notNull(),
    lang: text("lang").notNull(),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    /** HTML. */
    body: text("body").notNull().default(""),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("content_pages_brand_slug_unique").on(t.brand, t.slug),
    check("content_pages_brand_check", brandCheck(t.brand)),
    check("content_pages_lang_check", langCheck(t.lang)),
  ],
);

export const faqSections = pgTable(
  "faq_sections",
  {
    id: serial("id").primaryKey(),
    brand: text("brand").notNull(),
    lang: text("lang").notNull(),
    /** general for /faq, funding for /bonificacion. */
    type: text("type").notNull().default("general"),
    title: text("title").notNull(),
    position: integer("position").notNull().default(0),
  },
  (t) => [
    index("faq_sections_brand_type_idx").on(t.brand, t.type, t.position),
    check("faq_sections_brand_check", brandCheck(t.brand)),
    check("faq_sections_lang_check", langCheck(t.lang)),
    check("faq_sections_type_check", sql`${t.type} in ('general','funding','shop','account')`),
  ],
);

export const faqQuestions = pgTable(
  "faq_questions",
  {
    id: serial("id").primaryKey(),
    sectionId: integer("section_id")
      .notNull()
      .references(() => faqSections.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
    question: text("question").notNull(),
    /** HTML. */
    answer: text("answer").notNull(),
  },
  (t) => [index("faq_questions_section_idx").on(t.sectionId, t.position)],
);

/** Pharmacy groupings (groupements / grupos) shown at /groupements. */
export const groupings = pgTable(
  "groupings",
  {
    id: serial("id").primaryKey(),
    brand: text("brand").notNull(),
    slug: text("slug").notNull(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    logo: text("logo"),
    website: text("website"),
    position: integer("position").notNull().default(0),
  },
  (t) => [uniqueIndex("groupings_brand_slug_unique").on(t.brand, t.slug), check("groupings_brand_check", brandCheck(t.brand))],
);

/** Messages from the contact form (kind contact) or to the personal advisor (kind advisor). */
export const contactMessages = pgTable(
  "contact_messages",
  {
    id: serial("id").primaryKey(),
    brand: text("brand").notNull(),
    kind: text("kind").notNull().default("contact"),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    accountId: integer("account_id").references(() => accounts.id, { onDelete: "set null" }),
    advisorId: integer("advisor_id").references(() => advisors.id, { onDelete: "set null" }),
    name: text("name"),
    email: text("email"),
    phone: text("phone"),
    subject: text("subject"),
    message: text("message").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    handledAt: timestamp("handled_at", { withTimezone: true }),
  },
  (t) => [
    index("contact_messages_created_idx").on(t.createdAt.desc()),
    index("contact_messages_user_idx").on(t.userId),
    check("contact_messages_brand_check", brandCheck(t.brand)),
    check("contact_messages_kind_check", sql`${t.kind} in ('contact','advisor')`),
    check("contact_messages_sender_check", sql`${t.userId} is not null or ${t.email} is not null`),
  ],
);

/** Answers to the custom-training survey (/formulaire/formulaire-sur-mesure, /encuesta) and feedback forms. */
export const surveyAnswers = pgTable(
  "survey_answers",
  {
    id: serial("id").primaryKey(),
    brand: text("brand").notNull(),
    survey: text("survey").notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    answers: jsonb("answers").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("survey_answers_survey_idx").on(t.survey, t.createdAt), check("survey_answers_brand_check", brandCheck(t.brand))],
);

// Relations (for db.query.*).
export const faqSectionsRelations = relations(faqSections, ({ many }) => ({
  questions: many(faqQuestions),
}));
export const faqQuestionsRelations = relations(faqQuestions, ({ one }) => ({
  section: one(faqSections, { fields: [faqQuestions.sectionId], references: [faqSections.id] }),
}));
export const contactMessagesRelations = relations(contactMessages, ({ one }) => ({
  user: one(users, { fields: [contactMessages.userId], references: [users.id] }),
  account: one(accounts, { fields: [contactMessages.accountId], references: [accounts.id] }),
  advisor: one(advisors, { fields: [contactMessages.advisorId], references: [advisors.id] }),
}));
export const surveyAnswersRelations = relations(surveyAnswers, ({ one }) => ({
  user: one(users, { fields: [surveyAnswers.userId], references: [users.id] }),
}));
