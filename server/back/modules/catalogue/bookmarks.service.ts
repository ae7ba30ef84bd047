import type { ServiceContext } from "../../service-context.ts";
import type { Brand } from "#core/branding/brands.ts";
import { AppError } from "../../http/app-error.ts";
import { addBookmark, findBookmarkableTraining, listBookmarkIds, removeBookmark } from "./catalogue.repository.ts";

export async function listBookmarks(ctx: ServiceContext, brand: Brand, userId: number): Promise<number[]> {
  return listBookmarkIds(ctx.db, userId, brand.key);
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
