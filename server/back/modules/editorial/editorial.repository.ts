import { and, asc, desc, eq, max, ne, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.ts";
import { contentDrafts, contentPages, faqQuestions, faqSections, loginImages, news, people } from "../../../db/schema/index.ts";

export type DraftRow = typeof contentDrafts.$inferSelect;
export type LiveFields = { id: number; brand: string; lang: string; slug: string; title: string; summary: string; body: string; updatedAt: Date | null };

// Live rows of the three kinds, as one shape ----------------------------------------------------------------

/** Each kind's columns as the one shape of live rows (LiveFields). */
const PAGE_FIELDS = {
  id: contentPages.id,
  brand: contentPages.brand,
  lang: contentPages.lang,
  slug: contentPages.slug,
  title: contentPages.title,
  summary: sql<string>`''`,
  body: contentPages.body,
  updatedAt: contentPages.updatedAt,
};
const NEWS_FIELDS = {
  id: news.id,
  brand: news.brand,
  lang: news.lang,
  slug: news.slug,
  title: news.title,
  summary: news.summary,
  body: news.body,
  updatedAt: news.publishedAt,
};
const PERSON_FIELDS = {
  id: people.id,
  brand: people.brand,
  lang: sql<string>`case when ${people.brand} in ('es','es-campus') then 'es' else 'fr' end`,
  slug: people.slug,
  title: people.name,
  summary: sql<string>`coalesce(${people.title}, '')`,
  body: sql<string>`coalesce(${people.bio}, '')`,
  updatedAt: sql<Date | null>`null`,
};

/** Content pages (system pages, whose slugs start with "_", included: offer, welcome, trainings). */
export async function listPages(db: DbOrTx, brand: string | undefined): Promise<LiveFields[]> {
  return db
    .select(PAGE_FIELDS)
    .from(contentPages)
    .where(brand ? eq(contentPages.brand, brand) : undefined)
    .orderBy(asc(contentPages.brand), asc(contentPages.slug));
}

export async function listNewsItems(db: DbOrTx, brand: string | undefined): Promise<(LiveFields & { publishedAt: Date | null })[]> {
  return db
    .select({ ...NEWS_FIELDS, publishedAt: news.publishedAt })
    .from(news)
    .where(brand ? eq(news.brand, brand) : undefined)
    .orderBy(asc(news.brand), desc(news.publishedAt), asc(news.id));
}

export async function listPeople(db: DbOrTx, brand: string | undefined): Promise<LiveFields[]> {
  return db
    .select(PERSON_FIELDS)
    .from(people)
    .where(brand ? eq(people.brand, brand) : undefined)
    .orderBy(asc(people.brand), asc(people.name));
}

export async function findLive(db: DbOrTx, kind: string, id: number): Promise<LiveFields | undefined> {
  const rows =
    kind === "page"
      ? await listWhere(db, "page", eq(contentPages.id, id))
      : kind === "news"
        ? await listWhere(db, "news", eq(news.id, id))
        : await listWhere(db, "expert", eq(people.id, id));
  return rows[0];
}

async function listWhere(db: DbOrTx, kind: string, where: SQL): Promise<LiveFields[]> {
  if (kind === "page") {
    return db.select(PAGE_FIELDS).from(contentPages).where(where).for("update");
  }
  if (kind === "news") {
    return db.select(NEWS_FIELDS).from(news).where(where).for("update");
  }
  return db.select(PERSON_FIELDS).from(people).where(where).for("update");
}

/** Whether another live row of that kind and brand has the slug (the unique index is per brand). */
export async function slugTaken(db: DbOrTx, kind: string, brand: string, slug: string, exceptId: number | null): Promise<boolean> {
  const table = kind === "page" ? contentPages : kind === "news" ? news : people;
  const rows = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.brand, brand), eq(table.slug, slug), exceptId === null ? undefined : ne(table.id, exceptId)))
    .limit(1);
  return rows.length > 0;
}

export async function insertLive(
  db: DbOrTx,
  kind: string,
  row: { brand: string; lang: string; slug: string; title: string; summary: string; body: string },
  now: Date,
): Promise<number> {
  if (kind === "page") {
    const [created] = await db
      .insert(contentPages)
      .values({ brand: row.brand, lang: row.lang, slug: row.slug, title: row.title, body: row.body, updatedAt: now })
      .returning({ id: contentPages.id });
    return created.id;
  }
  if (kind === "news") {
    const [created] = await db
      .insert(news)
      .values({ brand: row.brand, lang: row.lang, slug: row.slug, title: row.title, summary: row.summary, body: row.body, publishedAt: now, createdAt: now })
      .returning({ id: news.id });
    return created.id;
  }
  const [created] = await db
    .insert(people)
    .values({ brand: row.brand, slug: row.slug, name: row.title, title: row.summary || null, bio: row.body || null })
    .returning({ id: people.id });
  return created.id;
}

export async function updateLive(
  db: DbOrTx,
  kind: string,
  id: number,
  row: { slug: string; title: string; summary: string; body: string },
  now: Date,
): Promise<void> {
  if (kind === "page") await db.update(contentPages).set({ slug: row.slug, title: row.title, body: row.body, updatedAt: now }).where(eq(contentPages.id, id));
  else if (kind === "news") {
    // A draft news item (never published) goes online when published from the back office.
    await db
      .update(news)
      .set({
        slug: row.slug,
        title: row.title,
        summary: row.summary,
        body: row.body,
        publishedAt: sql`coalesce(${news.publishedAt}, ${now.toISOString()}::timestamptz)`,
      })
      .where(eq(news.id, id));
  } else
    await db
      .update(people)
      .set({ slug: row.slug, name: row.title, title: row.summary || null, bio: row.body || null })
      .where(eq(people.id, id));
}

// Drafts -------------------------------------------------------------------------------------------------------

export async function listDrafts(db: DbOrTx, brand: string | undefined): Promise<DraftRow[]> {
  return db
    .select()
    .from(contentDrafts)
    .where(brand ? eq(contentDrafts.brand, brand) : undefined)
    .orderBy(asc(contentDrafts.id));
}

export async function findDraft(db: DbOrTx, id: number, lock = false): Promise<DraftRow | undefined> {
  const query = db.select().from(contentDrafts).where(eq(contentDrafts.id, id)).limit(1);
  const [row] = lock ? await query.for("update") : await query;
  return row;
}

export async function findDraftOf(db: DbOrTx, kind: string, entityId: number): Promise<DraftRow | undefined> {
  const [row] = await db
    .select()
    .from(contentDrafts)
    .where(and(eq(contentDrafts.kind, kind), eq(contentDrafts.entityId, entityId)))
    .limit(1);
  return row;
}

export async function insertDraft(db: DbOrTx, row: typeof contentDrafts.$inferInsert): Promise<DraftRow> {
  const [created] = await db.insert(contentDrafts).values(row).returning();
  return created;
}

export async function updateDraft(
  db: DbOrTx,
  id: number,
  fields: { slug: string; title: string; summary: string; body: string; updatedBy: number; updatedAt: Date },
): Promise<DraftRow> {
  const [row] = await db.update(contentDrafts).set(fields).where(eq(contentDrafts.id, id)).returning();
  return row;
}

export async function deleteDraft(db: DbOrTx, id: number): Promise<void> {
  await db.delete(contentDrafts).where(eq(contentDrafts.id, id));
}

// FAQ ----------------------------------------------------------------------------------------------------------

export type FaqSectionRow = typeof faqSections.$inferSelect;
export type FaqQuestionRow = typeof faqQuestions.$inferSelect;

export async function listFaqSections(db: DbOrTx, brand: string | undefined): Promise<FaqSectionRow[]> {
  return db
    .select()
    .from(faqSections)
    .where(brand ? eq(faqSections.brand, brand) : undefined)
    .orderBy(asc(faqSections.brand), asc(faqSections.lang), asc(faqSections.type), asc(faqSections.position), asc(faqSections.id));
}

export async function listFaqQuestionsOf(db: DbOrTx, sectionIds: number[]): Promise<FaqQuestionRow[]> {
  if (!sectionIds.length) return [];
  return db
    .select()
    .from(faqQuestions)
    .where(sql`${faqQuestions.sectionId} in ${sectionIds}`)
    .orderBy(asc(faqQuestions.position), asc(faqQuestions.id));
}

export async function findFaqSection(db: DbOrTx, id: number, lock = false): Promise<FaqSectionRow | undefined> {
  const query = db.select().from(faqSections).where(eq(faqSections.id, id)).limit(1);
  const [row] = lock ? await query.for("update") : await query;
  return row;
}

export async function findFaqQuestion(db: DbOrTx, id: number, lock = false): Promise<FaqQuestionRow | undefined> {
  const query = db.select().from(faqQuestions).where(eq(faqQuestions.id, id)).limit(1);
  const [row] = lock ? await query.for("update") : await query;
  return row;
}

export async function nextSectionPosition(db: DbOrTx, brand: string, lang: string, type: string): Promise<number> {
  const [row] = await db
    .select({ top: max(faqSections.position) })
    .from(faqSections)
    .where(and(eq(faqSections.brand, brand), eq(faqSections.lang, lang), eq(faqSections.type, type)));
  return (row?.top ?? 0) + 1;
}

export async function nextQuestionPosition(db: DbOrTx, sectionId: number): Promise<number> {
  const [row] = await db
    .select({ top: max(faqQuestions.position) })
    .from(faqQuestions)
    .where(eq(faqQuestions.sectionId, sectionId));
  return (row?.top ?? 0) + 1;
}

export async function insertFaqSection(db: DbOrTx, row: typeof faqSections.$inferInsert): Promise<FaqSectionRow> {
  const [created] = await db.insert(faqSections).values(row).returning();
  return created;
}

export async function updateFaqSection(db: DbOrTx, id: number, fields: Partial<typeof faqSections.$inferInsert>): Promise<FaqSectionRow> {
  const [row] = await db.update(faqSections).set(fields).where(eq(faqSections.id, id)).returning();
  return row;
}

export async function deleteFaqSection(db: DbOrTx, id: number): Promise<void> {
  await db.delete(faqSections).where(eq(faqSections.id, id));
}

export async function insertFaqQuestion(db: DbOrTx, row: typeof faqQuestions.$inferInsert): Promise<FaqQuestionRow> {
  const [created] = await db.insert(faqQuestions).values(row).returning();
  return created;
}

export async function updateFaqQuestion(db: DbOrTx, id: number, fields: Partial<typeof faqQuestions.$inferInsert>): Promise<FaqQuestionRow> {
  const [row] = await db.update(faqQuestions).set(fields).where(eq(faqQuestions.id, id)).returning();
  return row;
}

export async function deleteFaqQuestion(db: DbOrTx, id: number): Promise<void> {
  await db.delete(faqQuestions).where(eq(faqQuestions.id, id));
}

/** The neighbouring section (same brand, language and type) above or below, to swap positions with. */
export async function neighbourSection(db: DbOrTx, section: FaqSectionRow, direction: "up" | "down"): Promise<FaqSectionRow | undefined> {
  const [row] = await db
    .select()
    .from(faqSections)
    .where(
      and(
        eq(faqSections.brand, section.brand),
        eq(faqSections.lang, section.lang),
        eq(faqSections.type, section.type),
        ne(faqSections.id, section.id),
        direction === "up"
          ? sql`(${faqSections.position}, ${faqSections.id}) < (${section.position}, ${section.id})`
          : sql`(${faqSections.position}, ${faqSections.id}) > (${section.position}, ${section.id})`,
      ),
    )
    .orderBy(direction === "up" ? desc(faqSections.position) : asc(faqSections.position), direction === "up" ? desc(faqSections.id) : asc(faqSections.id))
    .limit(1)
    .for("update");
  return row;
}

export async function neighbourQuestion(db: DbOrTx, question: FaqQuestionRow, direction: "up" | "down"): Promise<FaqQuestionRow | undefined> {
  const [row] = await db
    .select()
    .from(faqQuestions)
    .where(
      and(
        eq(faqQuestions.sectionId, question.sectionId),
        ne(faqQuestions.id, question.id),
        direction === "up"
          ? sql`(${faqQuestions.position}, ${faqQuestions.id}) < (${question.position}, ${question.id})`
          : sql`(${faqQuestions.position}, ${faqQuestions.id}) > (${question.position}, ${question.id})`,
      ),
    )
    .orderBy(direction === "up" ? desc(faqQuestions.position) : asc(faqQuestions.position), direction === "up" ? desc(faqQuestions.id) : asc(faqQuestions.id))
    .limit(1)
    .for("update");
  return row;
}

// Login images -------------------------------------------------------------------------------------------------

export type LoginImageRow = typeof loginImages.$inferSelect;

export async function listLoginImages(db: DbOrTx): Promise<LoginImageRow[]> {
  return db.select().from(loginImages);
}

export async function findLoginImage(db: DbOrTx, brand: string): Promise<LoginImageRow | undefined> {
  const [row] = await db.select().from(loginImages).where(eq(loginImages.brand, brand)).limit(1);
  return row;
}

export async function upsertLoginImage(db: DbOrTx, row: typeof loginImages.$inferInsert): Promise<void> {
  await db
    .insert(loginImages)
    .values(row)
    .onConflictDoUpdate({
      target: loginImages.brand,
      set: { path: row.path, contentType: row.contentType, bytes: row.bytes, updatedBy: row.updatedBy, updatedAt: row.updatedAt },
    });
}

export async function deleteLoginImage(db: DbOrTx, brand: string): Promise<void> {
  await db.delete(loginImages).where(eq(loginImages.brand, brand));
}
