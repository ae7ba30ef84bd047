import { Hono, type Context } from "hono";
import type { BackEnv } from "../../context.ts";
import { success } from "../../http/envelope.ts";
import { parseBody, parseInput } from "../../http/validate.ts";
import { ContactSchema, FaqQuerySchema, NewsQuerySchema, SurveySchema } from "#core/contract/content.ts";
import {
  getContentPage,
  getExpert,
  getExperts,
  getFaq,
  getGroupings,
  getNews,
  getSitemap,
  getSystemPage,
  getTrainingsOverview,
  listNews,
  sendContactMessage,
  sendCustomSurvey,
  type FormDeps,
} from "./content.service.ts";

/**
 * Public content of the brand of the host, in its content language (/back/api/content/...).
 * Reads need no session; the two forms take the CSRF header like every mutation.
 */
export const contentRoutes = new Hono<BackEnv>();

const db = (c: Context<BackEnv>) => c.var.deps.db;

contentRoutes.get("/content/news", async (c) => {
  const query = parseInput(NewsQuerySchema, c.req.query(), c.var.t);
  return success(c, await listNews(db(c), c.var.brand, c.var.deps.now(), query.page ?? 1));
});

contentRoutes.get("/content/news/:slug", async (c) => success(c, await getNews(db(c), c.var.brand, c.var.deps.now(), c.req.param("slug"))));

contentRoutes.get("/content/pages/:slug", async (c) => success(c, await getContentPage(db(c), c.var.brand, c.req.param("slug"))));

contentRoutes.get("/content/offer", async (c) => success(c, await getSystemPage(db(c), c.var.brand, "offer")));

contentRoutes.get("/content/welcome", async (c) => success(c, await getSystemPage(db(c), c.var.brand, "welcome")));

contentRoutes.get("/content/trainings", async (c) => success(c, await getTrainingsOverview(db(c), c.var.brand)));

contentRoutes.get("/content/faq", async (c) => {
  const query = parseInput(FaqQuerySchema, c.req.query(), c.var.t);
  return success(c, await getFaq(db(c), c.var.brand, query.type));
});

contentRoutes.get("/content/groupings", async (c) => success(c, await getGroupings(db(c), c.var.brand)));

contentRoutes.get("/content/experts", async (c) => success(c, await getExperts(db(c), c.var.brand)));

contentRoutes.get("/content/experts/:slug", async (c) => success(c, await getExpert(db(c), c.var.brand, c.req.param("slug"))));

contentRoutes.get("/content/sitemap", async (c) => success(c, await getSitemap(db(c), c.var.brand, c.var.deps.now())));

function formDeps(c: Context<BackEnv>): FormDeps {
  const { db, mailer, now } = c.var.deps;
  return {
    db,
    mailer,
    logger: c.var.logger,
    now: now(),
    brand: c.var.brand,
    userId: c.var.session?.userId ?? null,
    accountId: c.var.session?.accountId ?? null,
  };
}

/** POST /back/api/content/contact: name, email, phone, subject, message, consent (+ honeypot "website"). */
contentRoutes.post("/content/contact", async (c) => {
  const input = await parseBody(c, ContactSchema);
  await sendContactMessage(formDeps(c), input);
  return success(c, null, c.var.t("contactSent"), 201);
});

/** POST /back/api/content/survey: the custom-training survey (+ honeypot "website"). */
contentRoutes.post("/content/survey", async (c) => {
  const input = await parseBody(c, SurveySchema);
  await sendCustomSurvey(formDeps(c), input, c.var.locale);
  return success(c, null, c.var.t("surveySent"), 201);
});
