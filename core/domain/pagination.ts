/** Pagination (spec sections 5 and 9). */

export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;

/**
 * The one paging shape: which page (from 1) of a list of `total` rows cut `pageSize` a page. Every list reply carries
 * it (with its page count too, for the API's readers); the web tier's pager reads only these three.
 */
export type Paging = { page: number; pageSize: number; total: number };

/** A page in full: the paging shape with its page count, the offset of its first row and its neighbours. */
export type Pagination = Paging & {
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

/** What a pager shows: the page links (null: a gap), previous and next (null: none), the current page if it exists. */
export type PagerLinks = { pageCount: number; current: number | null; previous: number | null; next: number | null; links: (number | null)[] };

/**
 * The pager of a list, from its paging shape. A page past the end (a stale link to a list that shrank) has no current
 * link and its "previous" goes to the last page, so the visitor can always get back to the rows.
 */
export function pagerLinks({ page, pageSize, total }: Paging): PagerLinks {
  const pageCount = pageCountOf(total, pageSize);
  const near = Math.min(Math.max(page, 1), pageCount);
  return {
    pageCount,
    current: page === near ? page : null,
    previous: page > 1 ? Math.min(page - 1, pageCount) : null,
    next: page < pageCount ? near + 1 : null,
    links: pageWindow(near, pageCount),
  };
}

/**
 * Page numbers from 1; an out-of-range or unreadable page is clamped into 1..pageCount, and an empty list still
 * has one page. The page size is the caller's to validate: anything but an integer >= 1 is a RangeError.
 */
export function paginate({ total, page, pageSize }: Paging): Pagination {
  if (!Number.isInteger(pageSize) || pageSize < 1) throw new RangeError(`Invalid page size: ${pageSize}`);
  const pageCount = pageCountOf(total, pageSize);
  const wanted = Number.isNaN(page) ? 1 : Math.trunc(page);
  const current = Math.min(Math.max(wanted, 1), pageCount);
  return {
    page: current,
    pageSize,
    total,
    pageCount,
    offset: (current - 1) * pageSize,
    hasPrevious: current > 1,
    hasNext: current < pageCount,
  };
}
