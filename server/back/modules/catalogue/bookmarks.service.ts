import type { ServiceContext } from "../../service-context.ts";
import type { Brand } from "#core/branding/brands.ts";
import { AppError } from "../../http/app-error.ts";
import { sessionRead, SESSION_BOOKMARKS_READ } from "../../http/read-scope.ts";
import {
  addBookmark,
  findBookmarkableTraining,
  listBookmarkIds,
  listBookmarksOfEveryBrand,
  removeBookmark,
  type BookmarkOfBrand,
} from "./catalogue.repository.ts";

/**
 * The user's bookmarked trainings of the brand, newest first. The session user's were read with their session (ADR
 * 0146): within a web request's read scope they are that read's, otherwise they are read now.
 */
export async function listBookmarks(ctx: ServiceContext, brand: Brand, userId: number): Promise<number[]> {
  const session = ctx.user;
  if (session?.userId !== userId) return listBookmarkIds(ctx.db, userId, brand.key);
  const every = await sessionRead<BookmarkOfBrand[]>(session, SESSION_BOOKMARKS_READ, () => listBookmarksOfEveryBrand(ctx.db, userId));
  return every.filter((bookmark) => bookmark.brand === brand.key).map((bookmark) => bookmark.id);
}

/** Bookmarks a visible training of the brand (idempotent); an unknown id is a 404. */
export async function bookmarkTraining(ctx: ServiceContext, brand: Brand, userId: number, trainingId: number, now: Date): Promise<number[]> {
  if (!(await findBookmarkableTraining(ctx.db, brand.key, trainingId))) throw new AppError("NOT_FOUND", "trainingNotFound");
  await addBookmark(ctx.db, userId, trainingId, now);
  return listBookmarkIds(ctx.db, userId, brand.key);
}

/** Removes a bookmark (idempotent); an id that is not a visible training of the brand is a 404. */
export async function unbookmarkTraining(ctx: ServiceContext, brand: Brand, userId: number, trainingId: number): Promise<number[]> {
  if (!(await findBookmarkableTraining(ctx.db, brand.key, trainingId))) {
    // A bookmark on a training that has since been unpublished can still be removed.
    const current = await listBookmarkIds(ctx.db, userId, brand.key);
    if (!current.includes(trainingId)) throw new AppError("NOT_FOUND", "trainingNotFound");
  }
  await removeBookmark(ctx.db, userId, trainingId);
  return listBookmarkIds(ctx.db, userId, brand.key);
}
