import type { Db } from "../../../db/client.ts";
import type { Brand } from "#core/branding/brands.ts";
import { AppError } from "../../http/app-error.ts";
import { addBookmark, findBookmarkableTraining, listBookmarkIds, removeBookmark } from "./catalogue.repository.ts";

export async function listBookmarks(db: Db, brand: Brand, userId: number): Promise<number[]> {
  return listBookmarkIds(db, userId, brand.key);
}

/** Bookmarks a visible training of the brand (idempotent); an unknown id is a 404. */
export async function bookmarkTraining(db: Db, brand: Brand, userId: number, trainingId: number, now: Date): Promise<number[]> {
  if (!(await findBookmarkableTraining(db, brand.key, trainingId))) throw new AppError("NOT_FOUND", "trainingNotFound");
  await addBookmark(db, userId, trainingId, now);
  return listBookmarkIds(db, userId, brand.key);
}

/** Removes a bookmark (idempotent); an id that is not a visible training of the brand is a 404. */
export async function unbookmarkTraining(db: Db, brand: Brand, userId: number, trainingId: number): Promise<number[]> {
  if (!(await findBookmarkableTraining(db, brand.key, trainingId))) {
    // A bookmark on a training that has since been unpublished can still be removed.
    const current = await listBookmarkIds(db, userId, brand.key);
    if (!current.includes(trainingId)) throw new AppError("NOT_FOUND", "trainingNotFound");
  }
  await removeBookmark(db, userId, trainingId);
  return listBookmarkIds(db, userId, brand.key);
}
