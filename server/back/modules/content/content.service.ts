import { contactMessageMail, surveyMail } from "../../../mail/contact-templates.ts";
import { pageCountOf } from "#core/domain/pagination.ts";
import { effectiveTrainingType, isTrainingType, moduleKindOf, TRAINING_TYPES, type ModuleKind, type TrainingType } from "#core/domain/training-types.ts";
import { AppError } from "../../http/app-error.ts";
import type { ServiceContext } from "../../service-context.ts";
import { listCourseKinds, listTrainingIdsWithDpc } from "../home/home.repository.ts";
import { toFeaturedTraining } from "../home/home.service.ts";
import {
  countContactMessagesSince,
  countPublishedNews,
  countSurveyAnswersSince,
  countTrainingsByType,
  findContentPage,
  findExpert,
  findPublishedNews,
  insertContactMessage,
  insertSurveyAnswer,
  listContentPageDates,
  listExpertDates,
  listExperts,
  listExpertTrainings,
  listFaq,
  listGroupings,
  listNewsDates,
  listPublishedNews,
  listTrainingDates,
  type NewsSummaryRow,
} from "./content.repository.ts";
import { CUSTOM_SURVEY, FAQ_TYPES, NEWS_PAGE_SIZE, SLUG_PATTERN, type ContactInput, type FaqType, type SurveyInput } from "#core/contract/content.ts";
import { htmlToText, sanitizeContentHtml } from "./sanitize.ts";
import type {
  ContentPagePayload,
  ExpertPayload,
  ExpertsPayload,
  FaqPayload,
  GroupingsPayload,
  NewsListPayload,
  NewsPayload,
  NewsSummary,
  SitemapPayload,
  TrainingsOverviewPayload,
} from "#core/contract/content.ts";
import type { FeaturedTraining } from "#core/contract/home.ts";

/** Dates travel as ISO strings. */
function iso(value: Date | string | null | undefined): string | null {
  if (!value) return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

function requireSlug(slug: string): string {
  if (!SLUG_PATTERN.test(slug)) throw new AppError("NOT_FOUND", "notFound");
  return slug;
}

// News ---------------------------------------------------------------------------------------

function toNewsSummary(row: NewsSummaryRow): NewsSummary {
  return { slug: row.slug, title: row.title, summary: row.summary, illustration: row.illustration, publishedAt: iso(row.publishedAt) };
}

/** One page of the brand's published news, newest first (10 a page). A page past the last is a 404. */
export async function listNews(ctx: ServiceContext, page = 1): Promise<NewsListPayload> {
  const { db, brand } = ctx;
  const now = ctx.now();
  const total = await countPublishedNews(db, brand.key, brand.contentLang, now);
  const pageCount = pageCountOf(total, NEWS_PAGE_SIZE);
  if (page < 1 || page > pageCount) throw new AppError("NOT_FOUND", "invalidPage");
  const rows = await listPublishedNews(db, brand.key, brand.contentLang, now, { limit: NEWS_PAGE_SIZE, offset: (page - 1) * NEWS_PAGE_SIZE });
  return { items: rows.map(toNewsSummary), page, pageSize: NEWS_PAGE_SIZE, pageCount, total };
}

/** A published news item (drafts and future items are 404) and the three latest others. */
export async function getNews(ctx: ServiceContext, slug: string): Promise<NewsPayload> {
  const { db, brand } = ctx;
  const now = ctx.now();
  const row = await findPublishedNews(db, brand.key, brand.contentLang, requireSlug(slug), now);
  if (!row) throw new AppError("NOT_FOUND", "notFound");
  const latest = await listPublishedNews(db, brand.key, brand.contentLang, now, { limit: 3, offset: 0, excludeId: row.id });
  return {
    news: { ...toNewsSummary(row), body: sanitizeContentHtml(row.body), description: row.summary || htmlToText(row.body, 160) },
    latest: latest.map(toNewsSummary),
  };
}

// Content pages --------------------------------------------------------------------------------

/** System pages (shown at their own paths, not at /pages/{slug}) have slugs starting with "_". */
export const SYSTEM_PAGES = { offer: "_offer", welcome: "_welcome", trainings: "_trainings" } as const;
export type SystemPageKey = keyof typeof SYSTEM_PAGES;

async function contentPage(ctx: ServiceContext, slug: string): Promise<ContentPagePayload | null> {
  const { db, brand } = ctx;
  const row = await findContentPage(db, brand.key, brand.contentLang, slug);
  if (!row) return null;
  const body = sanitizeContentHtml(row.body);
  return { slug: row.slug, title: row.title, body, description: htmlToText(body, 160), updatedAt: iso(row.updatedAt) };
}

/** A public content page (/pages/{slug}). */
export async function getContentPage(ctx: ServiceContext, slug: string): Promise<ContentPagePayload> {
  const page = await contentPage(ctx, requireSlug(slug));
  if (!page) throw new AppError("NOT_FOUND", "notFound");
  return page;
}

/** The offer and welcome pages: a system content page of the brand. */
export async function getSystemPage(ctx: ServiceContext, key: SystemPageKey): Promise<ContentPagePayload> {
  const page = await contentPage(ctx, SYSTEM_PAGES[key]);
  if (!page) throw new AppError("NOT_FOUND", "notFound");
  return page;
}

/** The training types the brand offers (with how many trainings), and the intro page when there is one. */
export async function getTrainingsOverview(ctx: ServiceContext): Promise<TrainingsOverviewPayload> {
  const { db, brand } = ctx;
  const [intro, counts] = await Promise.all([contentPage(ctx, SYSTEM_PAGES.trainings), countTrainingsByType(db, brand.key, brand.contentLang)]);
  const types = TRAINING_TYPES.filter((type) => (counts.get(type) ?? 0) > 0).map((type) => ({ type, count: counts.get(type)! }));
  return { intro, types };
}

// FAQ, groupings --------------------------------------------------------------------------------

/** FAQ sections of some types (all when none given), in type order then position, answers sanitised. */
export async function getFaq(ctx: ServiceContext, types: readonly FaqType[] = FAQ_TYPES): Promise<FaqPayload> {
  const { db, brand } = ctx;
  const rows = await listFaq(db, brand.key, brand.contentLang, types);
  const sections: FaqPayload["sections"] = [];
  const byId = new Map<number, FaqPayload["sections"][number]>();
  for (const row of rows) {
    let section = byId.get(row.sectionId);
    if (!section) {
      section = { id: row.sectionId, type: row.type as FaqType, title: row.title, questions: [] };
      byId.set(row.sectionId, section);
      sections.push(section);
    }
    if (row.questionId !== null && row.question !== null) {
      section.questions.push({ id: row.questionId, question: row.question, answer: sanitizeContentHtml(row.answer) });
    }
  }
  const order = (type: FaqType) => types.indexOf(type);
  sections.sort((a, b) => order(a.type) - order(b.type));
  return { sections: sections.filter((section) => section.questions.length > 0) };
}

export async function getGroupings(ctx: ServiceContext): Promise<GroupingsPayload> {
  const rows = await listGroupings(ctx.db, ctx.brand.key);
  return {
    groupings: rows.map((row) => ({ ...row, website: row.website && /^https?:\/\//i.test(row.website) ? row.website : null })),
  };
}

// Experts -------------------------------------------------------------------------------------

const expertPhoto = (slug: string, photo: string | null) => photo ?? `/media/experts/${slug}.svg`;

export async function getExperts(ctx: ServiceContext): Promise<ExpertsPayload> {
  const { db, brand } = ctx;
  const rows = await listExperts(db, brand.key, brand.contentLang);
  return {
    experts: rows.map((row) => ({
      slug: row.slug,
      name: row.name,
      title: row.title,
      photo: expertPhoto(row.slug, row.photo),
      trainingCount: Number(row.trainingCount ?? 0),
    })),
  };
}

function courseKinds(rows: { moduleType: number; isVirtual: boolean }[]): ModuleKind[] {
  return rows
    .map((row) => {
      const kind = moduleKindOf(row.moduleType);
      return kind === "faceToFace" && row.isVirtual ? "virtualClass" : kind;
    })
    .filter((kind): kind is ModuleKind => kind !== null);
}

/** An expert and the visible trainings they take part in (as catalogue cards, by name). */
export async function getExpert(ctx: ServiceContext, slug: string): Promise<ExpertPayload> {
  const { db, brand } = ctx;
  const expert = await findExpert(db, brand.key, requireSlug(slug));
  if (!expert) throw new AppError("NOT_FOUND", "notFound");
  const rows = await listExpertTrainings(db, brand.key, brand.contentLang, expert.id);
  const ids = rows.map((row) => row.id);
  const [kinds, withDpc] = await Promise.all([listCourseKinds(db, ids), listTrainingIdsWithDpc(db, ids)]);
  const trainings = rows
    .map((row) => toFeaturedTraining(row, courseKinds(kinds.filter((k) => k.trainingId === row.id)), withDpc.has(row.id)))
    .filter((training): training is FeaturedTraining => training !== null)
    .sort((a, b) => a.name.localeCompare(b.name, brand.contentLang));
  return {
    expert: { slug: expert.slug, name: expert.name, title: expert.title, bio: expert.bio, photo: expertPhoto(expert.slug, expert.photo) },
    trainings,
  };
}

// Sitemap -------------------------------------------------------------------------------------

/** What the sitemap lists for a brand besides its static pages. */
export async function getSitemap(ctx: ServiceContext): Promise<SitemapPayload> {
  const { db, brand } = ctx;
  const now = ctx.now();
  const [newsRows, pageRows, expertRows, trainingRows] = await Promise.all([
    listNewsDates(db, brand.key, brand.contentLang, now),
    listContentPageDates(db, brand.key, brand.contentLang),
    listExpertDates(db, brand.key, brand.contentLang),
    listTrainingDates(db, brand.key, brand.contentLang),
  ]);
  const news = newsRows.map((row) => ({ slug: row.slug, lastmod: iso(row.publishedAt) }));
  const pages = pageRows.filter((row) => SLUG_PATTERN.test(row.slug)).map((row) => ({ slug: row.slug, lastmod: iso(row.updatedAt) }));
  const trainings = trainingRows
    .filter((row) => isTrainingType(row.type))
    // The course page's own address (a DPC without programme is a "formation"...), not one that redirects to it.
    .map((row) => ({
      type: effectiveTrainingType({ type: row.type as TrainingType, isVirtual: row.isVirtual, hasDpcData: row.hasDpcData }),
      slug: row.slug,
      lastmod: iso(row.lastUpdate ?? row.updatedAt),
    }));
  const dates = [...news, ...pages, ...trainings]
    .map((entry) => entry.lastmod)
    .filter((d): d is string => d !== null)
    .sort();
  const lastmod = dates.at(-1) ?? null;
  const experts = expertRows.map((row) => ({ slug: row.slug, lastmod: iso(row.lastmod) ?? lastmod }));
  return { lastmod, news, pages, experts, trainings };
}

// Contact form and survey -----------------------------------------------------------------------

export const MESSAGE_WINDOW_MINUTES = 15;
/** Per sender address and window: generous for people, a wall for scripts. */
export const MAX_MESSAGES_PER_EMAIL = 3;
/** Per brand and minute: a flood guard for scripts that vary the address. */
export const MAX_MESSAGES_PER_BRAND_MINUTE = 30;

/** One line: no line breaks in names and subjects (mail headers). */
// eslint-disable-next-line no-control-regex -- control characters are what this removes
const oneLine = (value: string) => value.replace(/[\r\n\t\u0000-\u001f\u007f]+/g, " ").trim();

async function checkRate(count: (since: Date, email?: string) => Promise<number>, now: Date, email: string) {
  const windowStart = new Date(now.getTime() - MESSAGE_WINDOW_MINUTES * 60_000);
  const minuteStart = new Date(now.getTime() - 60_000);
  const [byEmail, byBrand] = await Promise.all([count(windowStart, email), count(minuteStart)]);
  if (byEmail >= MAX_MESSAGES_PER_EMAIL || byBrand >= MAX_MESSAGES_PER_BRAND_MINUTE) {
    throw new AppError("RATE_LIMITED", "tooManyMessages", { values: { minutes: MESSAGE_WINDOW_MINUTES } });
  }
}

/**
 * Stores a contact-form message of the request's brand (and of its user, when logged in) and mails it to the brand's
 * contact address. A filled honeypot answers like a success and keeps nothing. A mail failure is logged: the message
 * stays stored.
 */
export async function sendContactMessage(ctx: ServiceContext, input: ContactInput): Promise<{ stored: boolean }> {
  if (input.website && input.website.trim() !== "") {
    ctx.logger.info({ brand: ctx.brand.key }, "contact form honeypot filled: ignored");
    return { stored: false };
  }
  const now = ctx.now();
  await checkRate((since, email) => countContactMessagesSince(ctx.db, ctx.brand.key, since, email), now, input.email);
  const values = {
    brand: ctx.brand.key,
    userId: ctx.user?.userId ?? null,
    accountId: ctx.user?.accountId ?? null,
    name: oneLine(input.name),
    email: input.email,
    phone: input.phone?.trim() || null,
    subject: oneLine(input.subject),
    message: input.message,
    createdAt: now,
  };
  const id = await insertContactMessage(ctx.db, values);
  const mail = contactMessageMail({ ...values, brand: ctx.brand, phone: values.phone ?? "" });
  await ctx.mailer
    .send({ to: ctx.brand.contactEmail, replyTo: input.email, ...mail })
    .catch((error: unknown) => ctx.logger.error({ err: error, contactMessageId: id }, "contact message stored but not mailed"));
  return { stored: true };
}

/** Stores the custom-training survey answers (with the language they were given in) and mails them to the brand's contact address. */
export async function sendCustomSurvey(ctx: ServiceContext, input: SurveyInput, locale: string): Promise<{ stored: boolean }> {
  if (input.website && input.website.trim() !== "") {
    ctx.logger.info({ brand: ctx.brand.key }, "survey honeypot filled: ignored");
    return { stored: false };
  }
  const now = ctx.now();
  await checkRate((since, email) => countSurveyAnswersSince(ctx.db, ctx.brand.key, CUSTOM_SURVEY, since, email), now, input.email);
  const { consent: _consent, website: _website, ...rest } = input;
  const answers = {
    ...rest,
    pharmacyName: oneLine(rest.pharmacyName),
    contactName: oneLine(rest.contactName),
    phone: rest.phone?.trim() || undefined,
    postalCode: rest.postalCode?.trim() || undefined,
    details: rest.details?.trim() || undefined,
    locale,
  };
  const id = await insertSurveyAnswer(ctx.db, { brand: ctx.brand.key, survey: CUSTOM_SURVEY, userId: ctx.user?.userId ?? null, answers, createdAt: now });
  await ctx.mailer
    .send({ to: ctx.brand.contactEmail, replyTo: input.email, ...surveyMail({ brand: ctx.brand, answers }) })
    .catch((error: unknown) => ctx.logger.error({ err: error, surveyAnswerId: id }, "survey answers stored but not mailed"));
  return { stored: true };
}
