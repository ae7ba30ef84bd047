import { z } from "zod";
import { MODULE_TYPES, TRAINING_TYPES } from "#core/domain/training-types.ts";

/**
 * Pieces the response schemas share. Replies are `z.strictObject`s: a field renamed or added on one side only is a
 * parse error (in development and in the tests), not a silent `undefined` on a page.
 */
export const TrainingTypeSchema = z.enum(TRAINING_TYPES);
export const ModuleKindSchema = z.enum(
  Object.values(MODULE_TYPES) as [(typeof MODULE_TYPES)[keyof typeof MODULE_TYPES], ...(typeof MODULE_TYPES)[keyof typeof MODULE_TYPES][]],
);
export const RatingSchema = z.strictObject({ average: z.number(), count: z.number() });
/** A reply with no data (`data: null`). */
export const NoDataSchema = z.null();
/** A list of ids (bookmarks). */
export const IdListSchema = z.array(z.number());
