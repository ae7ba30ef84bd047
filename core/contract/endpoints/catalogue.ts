/** The catalogue of the brand of the host (ADR 0008), a training's page, and the visitor's bookmarks. */
import { z } from "zod";
import {
  BookmarkParamsSchema,
  BookmarksSchema,
  CataloguePageSchema,
  CatalogueQuerySchema,
  SearchQuerySchema,
  TrainingDetailSchema,
  TrainingRefSchema,
} from "../catalogue.ts";
import { IdListSchema } from "../common.ts";
import { endpoint } from "../endpoint.ts";
import { EmptyBody } from "../ids.ts";

/** A slug as the path gives it: one that is not a slug is the 404 of an unknown training. */
const SlugParams = z.strictObject({ slug: z.string() });

export const catalogueEndpoints = {
  /** A page of the catalogue, filtered and sorted; `favourites=1` needs a session (401 for a guest). */
  list: endpoint({ method: "GET", path: "/catalogue", query: CatalogueQuerySchema, reply: CataloguePageSchema, access: "public" }),
  /** Best matches first, matched words highlighted. */
  search: endpoint({ method: "GET", path: "/catalogue/search", query: SearchQuerySchema, reply: CataloguePageSchema, access: "public" }),
  /** The course page's training (404 when unknown or unpublished, except for admins). */
  training: endpoint({ method: "GET", path: "/training/:slug", params: SlugParams, reply: TrainingDetailSchema, access: "public" }),
  /** The training's id, name, slug and effective type (one catalogue query; ADR 0040). */
  trainingRef: endpoint({ method: "GET", path: "/training/:slug/ref", params: SlugParams, reply: TrainingRefSchema, access: "public" }),
  bookmarks: endpoint({ method: "GET", path: "/user/bookmarks", reply: BookmarksSchema, access: "session" }),
  /** Bookmarks are a change like any other: refused to read-only contracts. The ids bookmarked now. */
  bookmark: endpoint({ method: "PUT", path: "/user/bookmarks/:id", params: BookmarkParamsSchema, body: EmptyBody, reply: IdListSchema, access: "writable" }),
  unbookmark: endpoint({
    method: "DELETE",
    path: "/user/bookmarks/:id",
    params: BookmarkParamsSchema,
    body: EmptyBody,
    reply: IdListSchema,
    access: "writable",
  }),
};
