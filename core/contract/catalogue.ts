import { z } from "zod";
import { IdParam } from "./ids.ts";
import { MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE } from "#core/domain/pagination.ts";
import { TRAINING_TYPES } from "#core/domain/training-types.ts";

export const CATALOGUE_FUNDINGS = ["dpc", "fundae", "free"] as const;
export type CatalogueFunding = (typeof CATALOGUE_FUNDINGS)[number];

export const CATALOGUE_SORTS = ["newest", "alphabeticalOrder", "rating"] as const;
export type CatalogueSort = (typeof CATALOGUE_SORTS)[number];

/** "mine": only the trainings whose audience the visitor belongs to (everything for a guest). */
export const CATALOGUE_AUDIENCES = ["all", "mine"] as const;

/** Longest accepted search text; longer is a 422. */
export const MAX_QUERY_LENGTH = 200;
/** Longest duration bound accepted, in minutes (a year of days). */
export const MAX_DURATION_MINUTES = 525_600;

// An empty query value (`?type=`) means "not given": that is what an untouched GET form sends.
const blank = (value: unknown): unknown => (value === "" ? undefined : value);

/** A whole number written in decimal digits only ("12"); "1e3", "0x10", " 5" and "5.0" are refused. */
const Digits = (max: number) =>
  z.preprocess(
    blank,
    z
      .string()
      .regex(/^[0-9]{1,9}$/, { message: "invalidType" })
      .transform(Number)
      .pipe(z.number().int().max(max))
      .optional(),
  );

const Page = z.preprocess(
  blank,
  z
    .string()
    .regex(/^[0-9]{1,9}$/, { message: "invalidType" })
    .transform(Number)
    .pipe(z.number().int().min(1))
    .default(1),
);

const PageSize = z.preprocess(
  blank,
  z
    .string()
    .regex(/^[0-9]{1,9}$/, { message: "invalidType" })
    .transform(Number)
    .pipe(z.number().int().min(1).max(MAX_PAGE_SIZE))
    .default(DEFAULT_PAGE_SIZE),
);

/** "1", "true", "on" (a checked checkbox) are true; "0", "false", "off" false. */
const Flag = z.preprocess(
  blank,
  z
    .enum(["1", "true", "on", "0", "false", "off"])
    .transform((value) => value === "1" || value === "true" || value === "on")
    .optional(),
);

const filterShape = {
  type: z.preprocess(blank, z.enum(TRAINING_TYPES).optional()),
  funding: z.preprocess(blank, z.enum(CATALOGUE_FUNDINGS).optional()),
  audience: z.preprocess(blank, z.enum(CATALOGUE_AUDIENCES).default("all")),
  minDuration: Digits(MAX_DURATION_MINUTES),
  maxDuration: Digits(MAX_DURATION_MINUTES),
  new: Flag,
  /** Only the visitor's bookmarked trainings (the "Mes favoris" list and the catalogue filter); needs a session. */
  favourites: Flag,
  sort: z.preprocess(blank, z.enum(CATALOGUE_SORTS).optional()),
  page: Page,
  pageSize: PageSize,
};

const durationOrder = {
  check: (query: { minDuration?: number; maxDuration?: number }) =>
    query.minDuration === undefined || query.maxDuration === undefined || query.minDuration <= query.maxDuration,
  options: { message: "durationRange", path: ["maxDuration"] },
};

/**
 * GET /back/api/catalogue query. Values arrive as strings; unknown parameters, unknown values,
 * page or size below 1, size above 100 and non-numbers are 422s with field errors.
 */
export const CatalogueQuerySchema = z
  .strictObject({
    ...filterShape,
    q: z.preprocess(blank, z.string().trim().max(MAX_QUERY_LENGTH).optional()),
  })
  .refine(durationOrder.check, durationOrder.options);

/** GET /back/api/catalogue/search: the catalogue query with a required search text. */
export const SearchQuerySchema = z
  .strictObject({
    ...filterShape,
    q: z.string().trim().min(1).max(MAX_QUERY_LENGTH),
  })
  .refine(durationOrder.check, durationOrder.options);

export type CatalogueQuery = z.output<typeof CatalogueQuerySchema>;

/** The training id in a bookmark path. */
export const BookmarkParamsSchema = z.object({
  id: IdParam,
});

/** A course page slug. */
export const SlugSchema = z.string().regex(/^[a-z0-9][a-z0-9-]{0,159}$/);

/** The bookmark toggle (catalogue, search and course pages): the training and whether to add or remove it. */
export const BookmarkFormSchema = z.strictObject({
  trainingId: z.string().regex(/^[1-9][0-9]{0,8}$/, { message: "invalidType" }).transform(Number),
  op: z
    .string()
    .max(20)
    .optional()
    .transform((value) => (value === "remove" ? "remove" : "add")),
});
