import { z } from "zod";
import { isIsoDate } from "#core/domain/dates.ts";
import { pageCountOf, type Paging as PagingShape } from "#core/domain/pagination.ts";

/**
 * The back office's list pattern (ADR 0061): search, filters, sorting and pagination travel in the query string,
 * the same one on the page (`/admin/...?q=&sort=&dir=&page=`) and on the back API call the loader makes, so a list
 * is a plain GET form that works without JavaScript and every state of it is a link. Unknown or malformed values
 * fall back to the defaults instead of failing: a list reached by a stale bookmark still shows.
 */
export const ADMIN_PAGE_SIZE = 25;
const MAX_PAGE = 100_000;

/** A free-text search: trimmed, at most 100 characters, empty means none. */
const Search = z
  .string()
  .transform((value) => value.trim().slice(0, 100))
  // eslint-disable-next-line no-control-regex -- a NUL in a search is refused on purpose
  .transform((value) => (value === "" || /[\u0000\p{Cs}]/u.test(value) ? undefined : value))
  .optional()
  .catch(undefined);

/** The page number: 1 to MAX_PAGE, else 1. */
const Page = z.coerce.number().int().min(1).max(MAX_PAGE).catch(1).default(1);

/**
 * A list query with the list's own sort keys and filters (each filter falls back to "none" when malformed). The
 * direction defaults to descending (newest first), or to `defaultDir` (a list of names reads A to Z).
 */
export function adminListQuery<Sort extends string, Filters extends z.ZodRawShape>(
  sorts: readonly [Sort, ...Sort[]],
  defaultSort: Sort,
  filters: Filters,
  defaultDir: "asc" | "desc" = "desc",
) {
  return z.object({
    q: Search,
    sort: z.enum(sorts).catch(defaultSort).default(defaultSort),
    dir: z.enum(["asc", "desc"]).catch(defaultDir).default(defaultDir),
    page: Page,
    ...filters,
  });
}

/** An optional filter among fixed values ("" or anything else: none). */
export function optionFilter<T extends string>(values: readonly [T, ...T[]]) {
  return z.enum(values).optional().catch(undefined);
}

/** An optional date filter (YYYY-MM-DD, else none). */
export const DateFilter = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine(isIsoDate)
  .optional()
  .catch(undefined);

/** An optional id filter (decimal, 1 to 2^31-1, else none). */
export const IdFilter = z.coerce.number().int().min(1).max(2_147_483_647).optional().catch(undefined);

/** The paging part of every list reply: the one paging shape (core/domain/pagination.ts) and its page count. */
export type Paging = PagingShape & { pageCount: number };
export const PagingSchema = z.strictObject({
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  pageCount: z.number().int(),
}) satisfies z.ZodType<Paging>;

/** The paging of a list reply (ADR 0061): the page asked for, and how many pages the total makes. */
export function paging(total: number, page: number, pageSize = ADMIN_PAGE_SIZE): Paging {
  return { total, page, pageSize, pageCount: pageCountOf(total, pageSize) };
}
