import { Hono } from "hono";
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
} from "./content.service.ts";

/**
 * Public content of the brand of the host, in its content language (/back/api/content/...).
 * Reads need no session; the two forms take the CSRF header like every mutation.
 */
export const contentRoutes = new Hono<BackEnv>();

register(contentRoutes, endpoints.newsList, async (c, { ctx, query }) => ok(await listNews(ctx, query.page ?? 1)));

register(contentRoutes, endpoints.news, async (c, { ctx, params }) => ok(await getNews(ctx, params.slug)));

register(contentRoutes, endpoints.page, async (c, { ctx, params }) => ok(await getContentPage(ctx, params.slug)));

register(contentRoutes, endpoints.offer, async (c, { ctx }) => ok(await getSystemPage(ctx, "offer")));

register(contentRoutes, endpoints.welcome, async (c, { ctx }) => ok(await getSystemPage(ctx, "welcome")));

register(contentRoutes, endpoints.trainings, async (c, { ctx }) => ok(await getTrainingsOverview(ctx)));

register(contentRoutes, endpoints.faq, async (c, { ctx, query }) => ok(await getFaq(ctx, query.type)));

register(contentRoutes, endpoints.groupings, async (c, { ctx }) => ok(await getGroupings(ctx)));

register(contentRoutes, endpoints.experts, async (c, { ctx }) => ok(await getExperts(ctx)));

register(contentRoutes, endpoints.expert, async (c, { ctx, params }) => ok(await getExpert(ctx, params.slug)));

register(contentRoutes, endpoints.sitemap, async (c, { ctx }) => ok(await getSitemap(ctx)));

/** POST /back/api/content/contact: name, email, phone, subject, message, consent (+ honeypot "website"). */
register(contentRoutes, endpoints.contact, async (c, { ctx, body }) => {
  await sendContactMessage(ctx, body);
  return ok(null, c.get("t")("contactSent"), 201);
});

/** POST /back/api/content/survey: the custom-training survey (+ honeypot "website"). */
register(contentRoutes, endpoints.survey, async (c, { ctx, body }) => {
  await sendCustomSurvey(ctx, body, c.get("locale"));
  return ok(null, c.get("t")("surveySent"), 201);
});
