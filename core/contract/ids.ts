import { z } from "zod";

/** Ids are PostgreSQL `integer`s: 1 to 2^31-1. A bigger number is not an id (and would make the query fail). */
export const MAX_ID = 2_147_483_647;

/**
 * An id in a JSON body: a JSON integer. Nothing is coerced: `true`, `""`, `"0x10"`, `"12"`, `1.5` are refused,
 * so a value never means something its sender did not write (ADR 0018).
 */
export const Id = z.int().min(1).max(MAX_ID);

/** An id in a path parameter or a query string (text by nature): decimal digits only, then the same range. */
export const IdParam = z
  .string()
  .regex(/^[1-9][0-9]{0,9}$/, { message: "invalidType" })
  .transform(Number)
  .pipe(z.number().max(MAX_ID));

/** The body of an endpoint that takes none: nothing, or an empty JSON object. Anything else is a 422. */
export const EmptyBody = z.strictObject({});
