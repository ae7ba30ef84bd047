import { Hono, type Context } from "hono";
import { SlugSchema } from "#core/contract/catalogue.ts";
import { catalogueEndpoints as endpoints } from "#core/contract/endpoints/catalogue.ts";
import type { BackEnv } from "../../context.ts";
import { AppError } from "../../http/app-error.ts";
import { requireSession } from "../../http/guards.ts";
import { ok, register } from "../../http/register.ts";
import { bookmarkTraining, getTrainingDetail, getTrainingRef, listBookmarks, listCatalogue, loadViewer, unbookmarkTraining } from "./catalogue.service.ts";

export const catalogueRoutes = new Hono<BackEnv>();

/** The visitor's profile is only read when a filter or the page needs it. */
const viewerOf = (c: Context<BackEnv>) => loadViewer(c.get("ctx"));

/** `favourites=1` keeps the logged-in visitor's bookmarks (401 for a guest): the paginated list of bookmarks. */
const bookmarkedBy = (c: Context<BackEnv>, favourites: boolean | undefined) => (favourites ? requireSession(c).userId : null);

/** A slug that is not one is the 404 of an unknown training. */
function slugOf(raw: string): string {
  const slug = SlugSchema.safeParse(raw);
  if (!slug.success) throw new AppError("NOT_FOUND", "trainingNotFound");
  return slug.data;
}

register(catalogueRoutes, endpoints.list, async (c, { ctx, query }) => {
  const viewer = query.audience === "mine" ? await viewerOf(c) : null;
  return ok(await listCatalogue(ctx, query, viewer, bookmarkedBy(c, query.favourites)));
});

register(catalogueRoutes, endpoints.search, async (c, { ctx, query }) => {
  const viewer = query.audience === "mine" ? await viewerOf(c) : null;
  return ok(await listCatalogue(ctx, query, viewer, bookmarkedBy(c, query.favourites)));
});

register(catalogueRoutes, endpoints.training, async (c, { ctx, params }) =>
  ok(await getTrainingDetail(ctx, c.get("brand"), slugOf(params.slug), await viewerOf(c))),
);

register(catalogueRoutes, endpoints.trainingRef, async (c, { ctx, params }) =>
  ok(await getTrainingRef(ctx, c.get("brand"), slugOf(params.slug), await viewerOf(c))),
);

register(catalogueRoutes, endpoints.bookmarks, async (c, { ctx, caller }) => ok(await listBookmarks(ctx, c.get("brand"), caller.userId)));

register(catalogueRoutes, endpoints.bookmark, async (c, { ctx, caller, params }) =>
  ok(await bookmarkTraining(ctx, c.get("brand"), caller.userId, params.id, c.get("deps").now()), c.get("t")("bookmarkAdded")),
);

register(catalogueRoutes, endpoints.unbookmark, async (c, { ctx, caller, params }) =>
  ok(await unbookmarkTraining(ctx, c.get("brand"), caller.userId, params.id), c.get("t")("bookmarkRemoved")),
);
