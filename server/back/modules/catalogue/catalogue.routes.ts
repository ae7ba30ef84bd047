import { Hono } from "hono";
import type { BackEnv } from "../../context.ts";
import { AppError } from "../../http/app-error.ts";
import { success } from "../../http/envelope.ts";
import { requireSession, requireWritableSession } from "../../http/guards.ts";
import { EmptyBody } from "#core/contract/ids.ts";
import { parseBody, parseInput } from "../../http/validate.ts";
import { BookmarkParamsSchema, CatalogueQuerySchema, SearchQuerySchema, SlugSchema } from "#core/contract/catalogue.ts";
import {
  bookmarkTraining,
  getTrainingDetail,
  getTrainingRef,
  listBookmarks,
  listCatalogue,
  loadViewer,
  unbookmarkTraining,
} from "./catalogue.service.ts";

export const catalogueRoutes = new Hono<BackEnv>();

/** The visitor's profile is only read when a filter or the page needs it. */
const viewerOf = (c: { var: BackEnv["Variables"] }) => loadViewer(c.var.deps.db, c.var.session);

/** GET /back/api/catalogue: a page of Catalog courses of the host brand, filtered and sorted. */
/** `favourites=1` keeps the logged-in visitor's bookmarks (401 for a guest): the paginated list of bookmarks. */
const bookmarkedBy = (c: Parameters<typeof requireSession>[0], favourites: boolean | undefined) => (favourites ? requireSession(c).userId : null);

catalogueRoutes.get("/catalogue", async (c) => {
  const query = parseInput(CatalogueQuerySchema, c.req.query(), c.var.t);
  const viewer = query.audience === "mine" ? await viewerOf(c) : null;
  return success(c, await listCatalogue(c.var.deps.db, c.var.brand, query, viewer, bookmarkedBy(c, query.favourites)));
});

/** GET /back/api/catalogue/search?q=: best matches first, matched words highlighted. */
catalogueRoutes.get("/catalogue/search", async (c) => {
  const query = parseInput(SearchQuerySchema, c.req.query(), c.var.t);
  const viewer = query.audience === "mine" ? await viewerOf(c) : null;
  return success(c, await listCatalogue(c.var.deps.db, c.var.brand, query, viewer, bookmarkedBy(c, query.favourites)));
});

/** GET /back/api/training/:slug: the course page's training (404 when unknown or unpublished, except for admins). */
catalogueRoutes.get("/training/:slug", async (c) => {
  const slug = SlugSchema.safeParse(c.req.param("slug"));
  if (!slug.success) throw new AppError("NOT_FOUND", "trainingNotFound");
  return success(c, await getTrainingDetail(c.var.deps.db, c.var.brand, slug.data, await viewerOf(c)));
});

/** GET /back/api/training/:slug/ref: the training's id, name, slug and effective type (one catalogue query; ADR 0040). */
catalogueRoutes.get("/training/:slug/ref", async (c) => {
  const slug = SlugSchema.safeParse(c.req.param("slug"));
  if (!slug.success) throw new AppError("NOT_FOUND", "trainingNotFound");
  return success(c, await getTrainingRef(c.var.deps.db, c.var.brand, slug.data, await viewerOf(c)));
});

catalogueRoutes.get("/user/bookmarks", async (c) => {
  const session = requireSession(c);
  return success(c, await listBookmarks(c.var.deps.db, c.var.brand, session.userId));
});

/** Bookmarks are a change like any other: refused to read-only contracts. */
catalogueRoutes.put("/user/bookmarks/:id", async (c) => {
  const session = await requireWritableSession(c);
  const { id } = parseInput(BookmarkParamsSchema, { id: c.req.param("id") }, c.var.t);
  await parseBody(c, EmptyBody);
  const ids = await bookmarkTraining(c.var.deps.db, c.var.brand, session.userId, id, c.var.deps.now());
  return success(c, ids, c.var.t("bookmarkAdded"));
});

catalogueRoutes.delete("/user/bookmarks/:id", async (c) => {
  const session = await requireWritableSession(c);
  const { id } = parseInput(BookmarkParamsSchema, { id: c.req.param("id") }, c.var.t);
  await parseBody(c, EmptyBody);
  const ids = await unbookmarkTraining(c.var.deps.db, c.var.brand, session.userId, id);
  return success(c, ids, c.var.t("bookmarkRemoved"));
});
