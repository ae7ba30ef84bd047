import { Hono, type Context } from "hono";
import { contentEndpoints as endpoints } from "#core/contract/endpoints/content.ts";
import type { BackEnv } from "../../context.ts";
import { ok, register } from "../../http/register.ts";
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

register(contentRoutes, endpoints.newsList, async (c, { query }) => ok(await listNews(db(c), c.var.brand, c.var.deps.now(), query.page ?? 1)));

register(contentRoutes, endpoints.news, async (c, { params }) => ok(await getNews(db(c), c.var.brand, c.var.deps.now(), params.slug)));

register(contentRoutes, endpoints.page, async (c, { params }) => ok(await getContentPage(db(c), c.var.brand, params.slug)));

register(contentRoutes, endpoints.offer, async (c) => ok(await getSystemPage(db(c), c.var.brand, "offer")));

register(contentRoutes, endpoints.welcome, async (c) => ok(await getSystemPage(db(c), c.var.brand, "welcome")));

register(contentRoutes, endpoints.trainings, async (c) => ok(await getTrainingsOverview(db(c), c.var.brand)));

register(contentRoutes, endpoints.faq, async (c, { query }) => ok(await getFaq(db(c), c.var.brand, query.type)));

register(contentRoutes, endpoints.groupings, async (c) => ok(await getGroupings(db(c), c.var.brand)));

register(contentRoutes, endpoints.experts, async (c) => ok(await getExperts(db(c), c.var.brand)));

register(contentRoutes, endpoints.expert, async (c, { params }) => ok(await getExpert(db(c), c.var.brand, params.slug)));

register(contentRoutes, endpoints.sitemap, async (c) => ok(await getSitemap(db(c), c.var.brand, c.var.deps.now())));

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
register(contentRoutes, endpoints.contact, async (c, { body }) => {
  await sendContactMessage(formDeps(c), body);
  return ok(null, c.var.t("contactSent"), 201);
});

/** POST /back/api/content/survey: the custom-training survey (+ honeypot "website"). */
register(contentRoutes, endpoints.survey, async (c, { body }) => {
  await sendCustomSurvey(formDeps(c), body, c.var.locale);
  return ok(null, c.var.t("surveySent"), 201);
});
