/**
 * Public content of the brand of the host, in its content language (ADR 0009): reads need no session; the two forms
 * take the CSRF header like every write, and a honeypot field ("website").
 */
import { z } from "zod";
import { NoDataSchema } from "../common.ts";
import {
  ContactSchema,
  ContentPagePayloadSchema,
  ExpertPayloadSchema,
  ExpertsPayloadSchema,
  FaqPayloadSchema,
  FaqQuerySchema,
  GroupingsPayloadSchema,
  NewsListPayloadSchema,
  NewsPayloadSchema,
  NewsQuerySchema,
  SitemapPayloadSchema,
  SurveySchema,
  TrainingsOverviewPayloadSchema,
} from "../content.ts";
import { endpoint } from "../endpoint.ts";

/** A slug as the path gives it: an unknown one is a 404 of the service. */
const SlugParams = z.strictObject({ slug: z.string() });

export const contentEndpoints = {
  newsList: endpoint({ method: "GET", path: "/content/news", query: NewsQuerySchema, reply: NewsListPayloadSchema, access: "public" }),
  news: endpoint({ method: "GET", path: "/content/news/:slug", params: SlugParams, reply: NewsPayloadSchema, access: "public" }),
  page: endpoint({ method: "GET", path: "/content/pages/:slug", params: SlugParams, reply: ContentPagePayloadSchema, access: "public" }),
  offer: endpoint({ method: "GET", path: "/content/offer", reply: ContentPagePayloadSchema, access: "public" }),
  welcome: endpoint({ method: "GET", path: "/content/welcome", reply: ContentPagePayloadSchema, access: "public" }),
  trainings: endpoint({ method: "GET", path: "/content/trainings", reply: TrainingsOverviewPayloadSchema, access: "public" }),
  faq: endpoint({ method: "GET", path: "/content/faq", query: FaqQuerySchema, reply: FaqPayloadSchema, access: "public" }),
  groupings: endpoint({ method: "GET", path: "/content/groupings", reply: GroupingsPayloadSchema, access: "public" }),
  experts: endpoint({ method: "GET", path: "/content/experts", reply: ExpertsPayloadSchema, access: "public" }),
  expert: endpoint({ method: "GET", path: "/content/experts/:slug", params: SlugParams, reply: ExpertPayloadSchema, access: "public" }),
  sitemap: endpoint({ method: "GET", path: "/content/sitemap", reply: SitemapPayloadSchema, access: "public" }),
  contact: endpoint({ method: "POST", path: "/content/contact", body: ContactSchema, reply: NoDataSchema, access: "public" }),
  /** The custom-training survey. */
  survey: endpoint({ method: "POST", path: "/content/survey", body: SurveySchema, reply: NoDataSchema, access: "public" }),
};
