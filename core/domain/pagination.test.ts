import { describe, expect, it } from "vitest";
import { pageCountOf, pageWindow, pagerLinks, paginate, type Pagination } from "./pagination.ts";
import { ADMIN_PAGE_SIZE, paging } from "../contract/admin-list.ts";

describe("paginate", () => {
  it.each<[number, number, number, Pagination]>([
    [0, 1, 10, { page: 1, pageSize: 10, total: 0, pageCount: 1, offset: 0, hasPrevious: false, hasNext: false }],
    [0, 5, 10, { page: 1, pageSize: 10, total: 0, pageCount: 1, offset: 0, hasPrevious: false, hasNext: false }],
    [10, 1, 10, { page: 1, pageSize: 10, total: 10, pageCount: 1, offset: 0, hasPrevious: false, hasNext: false }],
    [11, 1, 10, { page: 1, pageSize: 10, total: 11, pageCount: 2, offset: 0, hasPrevious: false, hasNext: true }],
    [11, 2, 10, { page: 2, pageSize: 10, total: 11, pageCount: 2, offset: 10, hasPrevious: true, hasNext: false }],
    [95, 5, 20, { page: 5, pageSize: 20, total: 95, pageCount: 5, offset: 80, hasPrevious: true, hasNext: false }],
    [95, 3, 20, { page: 3, pageSize: 20, total: 95, pageCount: 5, offset: 40, hasPrevious: true, hasNext: true }],
    [95, 99, 20, { page: 5, pageSize: 20, total: 95, pageCount: 5, offset: 80, hasPrevious: true, hasNext: false }],
    [95, 0, 20, { page: 1, pageSize: 20, total: 95, pageCount: 5, offset: 0, hasPrevious: false, hasNext: true }],
    [95, -3, 20, { page: 1, pageSize: 20, total: 95, pageCount: 5, offset: 0, hasPrevious: false, hasNext: true }],
    [95, Number.NaN, 20, { page: 1, pageSize: 20, total: 95, pageCount: 5, offset: 0, hasPrevious: false, hasNext: true }],
    [95, 2.7, 20, { page: 2, pageSize: 20, total: 95, pageCount: 5, offset: 20, hasPrevious: true, hasNext: true }],
    [-5, 1, 10, { page: 1, pageSize: 10, total: -5, pageCount: 1, offset: 0, hasPrevious: false, hasNext: false }],
    [3, 2, 1, { page: 2, pageSize: 1, total: 3, pageCount: 3, offset: 1, hasPrevious: true, hasNext: true }],
  ])("total %d, page %d, size %d", (total, page, pageSize, expected) => {
    expect(paginate({ total, page, pageSize })).toEqual(expected);
  });

  it.each([0, -1, 1.5, Number.NaN])("throws a RangeError for page size %d", (pageSize) => {
    expect(() => paginate({ total: 10, page: 1, pageSize })).toThrow(RangeError);
  });
});

describe("pageCountOf: the one paging computation", () => {
  it.each([
    [0, 10, 1],
    [1, 10, 1],
    [10, 10, 1],
    [11, 10, 2],
    [25, 25, 1],
    [26, 25, 2],
    [100, 25, 4],
    [-3, 10, 1],
    [Number.NaN, 10, 1],
    [10.5, 10, 1],
  ])("%s rows at %s a page make %s page(s)", (total, pageSize, pages) => {
    expect(pageCountOf(total, pageSize)).toBe(pages);
  });

  it("gives the back office's list replies their page count (ADR 0061)", () => {
    expect(paging(0, 1)).toEqual({ total: 0, page: 1, pageSize: ADMIN_PAGE_SIZE, pageCount: 1 });
    expect(paging(51, 3)).toEqual({ total: 51, page: 3, pageSize: 25, pageCount: 3 });
    expect(paging(51, 2, 10)).toEqual({ total: 51, page: 2, pageSize: 10, pageCount: 6 });
  });

  it("is the page count paginate() clamps into", () => {
    for (const total of [0, 1, 9, 10, 11, 99, 100, 101]) expect(paginate({ total, page: 1000, pageSize: 10 }).pageCount).toBe(pageCountOf(total, 10));
  });
});

describe("pageWindow", () => {
  it.each<[number, number, (number | null)[]]>([
    [1, 1, [1]],
    [1, 3, [1, 2, 3]],
    [5, 10, [1, null, 4, 5, 6, null, 10]],
    [3, 10, [1, 2, 3, 4, null, 10]],
    [10, 10, [1, null, 9, 10]],
    // A gap of a single page shows that page rather than "…".
    [1, 4, [1, 2, 3, 4]],
    [4, 7, [1, 2, 3, 4, 5, 6, 7]],
    [1, 5, [1, 2, null, 5]],
  ])("page %i of %i", (page, count, expected) => {
    expect(pageWindow(page, count)).toEqual(expected);
  });

  it("widens around the current page when asked", () => {
    expect(pageWindow(10, 20, 2)).toEqual([1, null, 8, 9, 10, 11, 12, null, 20]);
  });
});

describe("pagerLinks: the pager of a list", () => {
  it("shows no link for an empty list: one page, the current one", () => {
    expect(pagerLinks({ page: 1, pageSize: 25, total: 0 })).toEqual({ pageCount: 1, current: 1, previous: null, next: null, links: [1] });
  });

  it("has no next link on the last page", () => {
    expect(pagerLinks({ page: 3, pageSize: 25, total: 51 })).toEqual({ pageCount: 3, current: 3, previous: 2, next: null, links: [1, 2, 3] });
  });

  it("leads back to the last page from a page past the end, with no current page", () => {
    expect(pagerLinks({ page: 9, pageSize: 25, total: 51 })).toEqual({ pageCount: 3, current: null, previous: 3, next: null, links: [1, 2, 3] });
    expect(pagerLinks({ page: 4, pageSize: 10, total: 0 })).toEqual({ pageCount: 1, current: null, previous: 1, next: null, links: [1] });
  });

  it("gives one page a row at page size 1", () => {
    expect(pagerLinks({ page: 2, pageSize: 1, total: 3 })).toEqual({ pageCount: 3, current: 2, previous: 1, next: 3, links: [1, 2, 3] });
    expect(pagerLinks({ page: 1, pageSize: 1, total: 1 })).toEqual({ pageCount: 1, current: 1, previous: null, next: null, links: [1] });
  });

  it("windows the links of a long list around the current page", () => {
    expect(pagerLinks({ page: 5, pageSize: 10, total: 100 })).toEqual({ pageCount: 10, current: 5, previous: 4, next: 6, links: [1, null, 4, 5, 6, null, 10] });
  });
});
