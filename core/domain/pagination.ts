/** Pagination (spec sections 5 and 9). */
import { z } from "zod";

export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;

export type Pagination = {
  page: number;
  pageSize: number;
  pageCount: number;
  offset: number;
  hasPrevious: boolean;
  hasNext: boolean;
};

/**
 * The one paging computation: how many pages `total` rows make at `pageSize` a page. An empty list still has one
 * page; a total that is not a finite number counts as none.
 */
export function pageCountOf(total: number, pageSize: number): number {
  const items = Number.isFinite(total) ? Math.max(0, Math.floor(total)) : 0;
  return Math.max(1, Math.ceil(items / pageSize));
}

/** The page links to show: first, last and the pages around the current one; null marks a gap of two pages or more. */
export function pageWindow(page: number, pageCount: number, around = 1): (number | null)[] {
  const pages = new Set<number>([1, pageCount]);
  for (let p = page - around; p <= page + around; p++) if (p >= 1 && p <= pageCount) pages.add(p);
  const sorted = [...pages].sort((a, b) => a - b);
  const result: (number | null)[] = [];
  for (const p of sorted) {
    const previous = result[result.length - 1];
    // A gap of one page shows that page: "…" would hide a single link behind a sign as wide as it.
    if (typeof previous === "number" && p - previous === 2) result.push(p - 1);
    else if (typeof previous === "number" && p - previous > 2) result.push(null);
    result.push(p);
  }
  return result;
}

/**
 * Page numbers from 1; an out-of-range or unreadable page is clamped into 1..pageCount, and an empty list still
 * has one page. The page size is the caller's to validate: anything but an integer >= 1 is a RangeError.
 */
export function paginate({ total, page, pageSize }: { total: number; page: number; pageSize: number }): Pagination {
  if (!Number.isInteger(pageSize) || pageSize < 1) throw new RangeError(`Invalid page size: ${pageSize}`);
  const pageCount = pageCountOf(total, pageSize);
  const wanted = Number.isNaN(page) ? 1 : Math.trunc(page);
  const current = Math.min(Math.max(wanted, 1), pageCount);
  return {
    page: current,
    pageSize,
    pageCount,
    offset: (current - 1) * pageSize,
    hasPrevious: current > 1,
    hasNext: current < pageCount,
  };
}

export const PAGINATION_MESSAGES = {
  pageInvalid: "validation.pagination.pageInvalid",
  pageMin: "validation.pagination.pageMin",
  pageSizeInvalid: "validation.pagination.pageSizeInvalid",
  pageSizeMin: "validation.pagination.pageSizeMin",
  pageSizeMax: "validation.pagination.pageSizeMax",
} as const;

// An empty query value (`?page=`) means "not given", not 0.
const blankToUndefined = (value: unknown): unknown => (value === "" ? undefined : value);

/** Query-string pagination; values arrive as strings and are coerced. Error messages are i18n keys. */
export const PaginationQuerySchema = z.object({
  page: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: PAGINATION_MESSAGES.pageInvalid })
      .int({ error: PAGINATION_MESSAGES.pageInvalid })
      .min(1, { error: PAGINATION_MESSAGES.pageMin })
      .default(1),
  ),
  pageSize: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: PAGINATION_MESSAGES.pageSizeInvalid })
      .int({ error: PAGINATION_MESSAGES.pageSizeInvalid })
      .min(1, { error: PAGINATION_MESSAGES.pageSizeMin })
      .max(MAX_PAGE_SIZE, { error: PAGINATION_MESSAGES.pageSizeMax })
      .default(DEFAULT_PAGE_SIZE),
  ),
});
