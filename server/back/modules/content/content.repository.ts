import { and, asc, count, desc, eq, gt, inArray, isNotNull, lte, not, sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import {
  contactMessages,
  contentPages,
  faqQuestions,
  faqSections,
  groupings,
  news,
  people,
  surveyAnswers,
  trainingPeople,
  trainings,
} from "../../../db/schema/index.ts";
import type { BrandKey } from "#core/branding/brands.ts";
import { hasDpcDataColumn } from "../catalogue/catalogue.repository.ts";
import { trainingCardColumns } from "../home/home.repository.ts";

type Lang = "fr" | "es";

// Every query is scoped by brand (and by content language where the table has one).

const publishedNews = (brand: BrandKey, lang: Lang, now: Date) =>
  and(eq(news.brand, brand), eq(news.lang, lang), isNotNull(news.publishedAt), lte(news.publishedAt, now));

export async function countPublishedNews(db: Db, brand: BrandKey, lang: Lang, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(news)
    .where(publishedNews(brand, lang, now));
  return Number(row?.n ?? 0);
}

const NEWS_SUMMARY_COLUMNS = {
  id: news.id,
  slug: news.slug,
  title: news.title,
  summary: news.summary,
  illustration: news.illustration,
  publishedAt: news.publishedAt,
};

export type NewsSummaryRow = { id: number; slug: string; title: string; summary: string; illustration: string | null; publishedAt: Date | null };

/** Published news, newest first. */
export async function listPublishedNews(
  db: Db,
  brand: BrandKey,
  lang: Lang,
  now: Date,
  page: { limit: number; offset: number; excludeId?: number },
): Promise<NewsSummaryRow[]> {
  const where = page.excludeId ? and(publishedNews(brand, lang, now), not(eq(news.id, page.excludeId))) : publishedNews(brand, lang, now);
  return db.select(NEWS_SUMMARY_COLUMNS).from(news).where(where).orderBy(desc(news.publishedAt), desc(news.id)).limit(page.limit).offset(page.offset);
}

export async function findPublishedNews(db: Db, brand: BrandKey, lang: Lang, slug: string, now: Date) {
  const [row] = await db
    .select({ ...NEWS_SUMMARY_COLUMNS, body: news.body })
    .from(news)
    .where(and(publishedNews(brand, lang, now), eq(news.slug, slug)))
    .limit(1);
  return row ?? null;
}

export async function findContentPage(db: Db, brand: BrandKey, lang: Lang, slug: string) {
  const [row] = await db
    .select({ slug: contentPages.slug, title: contentPages.title, body: contentPages.body, updatedAt: contentPages.updatedAt })
    .from(contentPages)
    .where(and(eq(contentPages.brand, brand), eq(contentPages.lang, lang), eq(contentPages.slug, slug)))
    .limit(1);
  return row ?? null;
}

export async function listContentPageDates(db: Db, brand: BrandKey, lang: Lang) {
  return db
    .select({ slug: contentPages.slug, title: contentPages.title, updatedAt: contentPages.updatedAt })
    .from(contentPages)
    .where(and(eq(contentPages.brand, brand), eq(contentPages.lang, lang)))
    .orderBy(asc(contentPages.slug));
}

export async function listNewsDates(db: Db, brand: BrandKey, lang: Lang, now: Date) {
  return db
    .select({ slug: news.slug, publishedAt: news.publishedAt })
    .from(news)
    .where(publishedNews(brand, lang, now))
    .orderBy(desc(news.publishedAt), desc(news.id));
}

export type FaqRow = {
  sectionId: number;
  type: string;
  title: string;
  sectionPosition: number;
  questionId: number | null;
  question: string | null;
  answer: string | null;
  position: number | null;
};

/** Sections of the given types with their questions (sections without questions included). */
export async function listFaq(db: Db, brand: BrandKey, lang: Lang, types: readonly string[]): Promise<FaqRow[]> {
  if (!types.length) return [];
  return db
    .select({
      sectionId: faqSections.id,
      type: faqSections.type,
      title: faqSections.title,
      sectionPosition: faqSections.position,
      questionId: faqQuestions.id,
      question: faqQuestions.question,
      answer: faqQuestions.answer,
      position: faqQuestions.position,
    })
    .from(faqSections)
    .leftJoin(faqQuestions, eq(faqQuestions.sectionId, faqSections.id))
    .where(and(eq(faqSections.brand, brand), eq(faqSections.lang, lang), inArray(faqSections.type, [...types])))
    .orderBy(asc(faqSections.position), asc(faqSections.id), asc(faqQuestions.position), asc(faqQuestions.id));
}

export async function listGroupings(db: Db, brand: BrandKey) {
  return db
    .select({
      slug: groupings.slug,
      name: groupings.name,
      description: groupings.description,
      logo: groupings.logo,
      website: groupings.website,
    })
    .from(groupings)
    .where(eq(groupings.brand, brand))
    .orderBy(asc(groupings.position), asc(groupings.name));
}

/** Trainings a visitor may see on the public site. */
const visibleTrainings = (brand: BrandKey, lang: Lang) =>
  and(eq(trainings.brand, brand), eq(trainings.lang, lang), eq(trainings.isPublished, true), eq(trainings.isTest, false));

/** Experts of a brand with how many visible trainings they take part in. */
export async function listExperts(db: Db, brand: BrandKey, lang: Lang) {
  const linked = db
    .select({ personId: trainingPeople.personId, trainingCount: sql<number>`count(distinct ${trainingPeople.trainingId})::int`.as("training_count") })
    .from(trainingPeople)
    .innerJoin(trainings, eq(trainings.id, trainingPeople.trainingId))
    .where(and(visibleTrainings(brand, lang), eq(trainings.obsolete, false)))
    .groupBy(trainingPeople.personId)
    .as("linked");
  return db
    .select({
      id: people.id,
      slug: people.slug,
      name: people.name,
      title: people.title,
      photo: people.photo,
      trainingCount: sql<number>`coalesce(${linked.trainingCount}, 0)`,
    })
    .from(people)
    .leftJoin(linked, eq(linked.personId, people.id))
    .where(eq(people.brand, brand))
    .orderBy(asc(people.name), asc(people.id));
}

export async function findExpert(db: Db, brand: BrandKey, slug: string) {
  const [row] = await db
    .select({ id: people.id, slug: people.slug, name: people.name, title: people.title, bio: people.bio, photo: people.photo })
    .from(people)
    .where(and(eq(people.brand, brand), eq(people.slug, slug)))
    .limit(1);
  return row ?? null;
}

/** The visible trainings an expert takes part in, with the same columns as the home's cards. */
export async function listExpertTrainings(db: Db, brand: BrandKey, lang: Lang, personId: number) {
  return db
    .selectDistinctOn([trainings.id], trainingCardColumns)
    .from(trainings)
    .innerJoin(trainingPeople, eq(trainingPeople.trainingId, trainings.id))
    .where(and(visibleTrainings(brand, lang), eq(trainings.obsolete, false), eq(trainingPeople.personId, personId)))
    .orderBy(asc(trainings.id))
    .limit(50);
}

/** How many visible trainings the brand has per type. */
export async function countTrainingsByType(db: Db, brand: BrandKey, lang: Lang): Promise<Map<string, number>> {
  const rows = await db
    .select({ type: trainings.type, n: count() })
    .from(trainings)
    .where(and(visibleTrainings(brand, lang), eq(trainings.obsolete, false)))
    .groupBy(trainings.type);
  return new Map(rows.map((row) => [row.type, Number(row.n)]));
}

export async function listTrainingDates(db: Db, brand: BrandKey, lang: Lang) {
  return db
    .select({
      type: trainings.type,
      slug: trainings.slug,
      isVirtual: trainings.isVirtual,
      hasDpcData: hasDpcDataColumn,
      lastUpdate: trainings.lastUpdate,
      updatedAt: trainings.updatedAt,
    })
    .from(trainings)
    .where(visibleTrainings(brand, lang))
    .orderBy(asc(trainings.type), asc(trainings.slug));
}

/** The newest change among an expert's trainings, per expert. */
export async function listExpertDates(db: Db, brand: BrandKey, lang: Lang) {
  return db
    .select({ slug: people.slug, lastmod: sql<Date | string | null>`max(coalesce(${trainings.lastUpdate}, ${trainings.updatedAt}))` })
    .from(people)
    .leftJoin(trainingPeople, eq(trainingPeople.personId, people.id))
    .leftJoin(trainings, and(eq(trainings.id, trainingPeople.trainingId), visibleTrainings(brand, lang)))
    .where(eq(people.brand, brand))
    .groupBy(people.slug)
    .orderBy(asc(people.slug));
}

// Contact messages and survey answers ------------------------------------------------------

export async function countContactMessagesSince(db: Db, brand: BrandKey, since: Date, email?: string): Promise<number> {
  const where = and(
    eq(contactMessages.brand, brand),
    eq(contactMessages.kind, "contact"),
    gt(contactMessages.createdAt, since),
    email ? sql`lower(${contactMessages.email}) = ${email.toLowerCase()}` : undefined,
  );
  const [row] = await db.select({ n: count() }).from(contactMessages).where(where);
  return Number(row?.n ?? 0);
}

export async function insertContactMessage(
  db: Db,
  values: {
    brand: BrandKey;
    userId: number | null;
    accountId: number | null;
    name: string;
    email: string;
    phone: string | null;
    subject: string;
    message: string;
    createdAt: Date;
  },
): Promise<number> {
  const [row] = await db
    .insert(contactMessages)
    .values({ ...values, kind: "contact" })
    .returning({ id: contactMessages.id });
  return row.id;
}

export async function countSurveyAnswersSince(db: Db, brand: BrandKey, survey: string, since: Date, email?: string): Promise<number> {
  const where = and(
    eq(surveyAnswers.brand, brand),
    eq(surveyAnswers.survey, survey),
    gt(surveyAnswers.createdAt, since),
    email ? sql`lower(${surveyAnswers.answers}->>'email') = ${email.toLowerCase()}` : undefined,
  );
  const [row] = await db.select({ n: count() }).from(surveyAnswers).where(where);
  return Number(row?.n ?? 0);
}

export async function insertSurveyAnswer(
  db: Db,
  values: { brand: BrandKey; survey: string; userId: number | null; answers: Record<string, unknown>; createdAt: Date },
): Promise<number> {
  const [row] = await db.insert(surveyAnswers).values(values).returning({ id: surveyAnswers.id });
  return row.id;
}
