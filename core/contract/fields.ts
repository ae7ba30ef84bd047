import { z } from "zod";
import { Id, IdParam } from "./ids.ts";

/**
 * Field helpers shared by the request schemas of every module: one definition each (issue 31). Ids themselves
 * (`Id`, `IdParam`, `EmptyBody`) are in ./ids.ts, form numbers (`FormInt`) in ./form-fields.ts.
 */

/**
 * A yes/no switch: a form checkbox ("on", "true", "false", or absent), a query-string switch ("1"/"0", "on"/"off",
 * "true"/"false"; "" is absent) or a JSON boolean. Absent is false: no caller tells "absent" from "no" (the catalogue's
 * `new` and `favourites` filters, the back office's checkboxes). Any other text is refused.
 */
export const Flag = z.preprocess(
  (value) => (value === "" ? undefined : value),
  z
    .union([z.boolean(), z.enum(["1", "true", "on", "0", "false", "off"])])
    .optional()
    .transform((value) => value === true || value === "1" || value === "true" || value === "on"),
);

/** An id typed in a form (text: digits, spaces around allowed) or sent as a JSON number; a number either way. */
export const FormId = z.preprocess((value) => (typeof value === "string" && /^\d{1,10}$/.test(value.trim()) ? Number(value.trim()) : value), Id);

/** The path parameters of a route that names one row by its id (`/things/:id`). */
export const IdParams = z.strictObject({ id: IdParam });
