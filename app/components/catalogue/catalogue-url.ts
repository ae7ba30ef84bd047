/** The catalogue's URL state: every filter, sort and page is a query parameter, so every state has a shareable URL. */

/** Filter and sort parameters, in the order they appear in URLs. */
export const FILTER_PARAMS = [
  "q",
  "type",
  "funding",
  "minDuration",
  "maxDuration",
  "new",
  "audience",
  "favourites",
  "dpcType",
  "orientation",
  "axis",
  "category",
  "rcf",
  "sort",
] as const;
/** The compliance tracker's filters (issue 33): no field of the form sets them; each shows as a removable chip. */
export const COMPLIANCE_PARAMS = ["dpcType", "orientation", "axis", "category", "rcf"] as const satisfies readonly FilterParam[];
export type FilterParam = (typeof FILTER_PARAMS)[number];
export type Filters = Partial<Record<FilterParam, string>>;

/** Brands without pagination show results progressively: `?limit=` grows by this much. */
export const LIMIT_STEP = 10;
/** The most results a progressive list shows at once. */
export const MAX_LIMIT = 500;

/** Non-empty filter parameters of a URL (unknown parameters are dropped). */
export function readFilters(params: URLSearchParams, { withQuery = true }: { withQuery?: boolean } = {}): Filters {
  const filters: Filters = {};
  for (const key of FILTER_PARAMS) {
    if (key === "q" && !withQuery) continue;
    const value = params.get(key)?.trim();
    if (value) filters[key] = value.slice(0, 300);
  }
  return filters;
}

/** `?limit=` of a progressive list: a whole number of steps between one step and MAX_LIMIT (default one step). */
export function readLimit(params: URLSearchParams): number {
  const raw = params.get("limit");
  if (!raw || !/^[0-9]{1,6}$/.test(raw)) return LIMIT_STEP;
  const steps = Math.ceil(Number(raw) / LIMIT_STEP);
  return Math.min(MAX_LIMIT, Math.max(1, steps) * LIMIT_STEP);
}

/** A catalogue URL: the path, the filters, then page or limit. */
export function catalogueHref(path: string, filters: Filters, extra: { page?: number; limit?: number; hash?: string } = {}): string {
  const params = new URLSearchParams();
  for (const key of FILTER_PARAMS) {
    const value = filters[key];
    if (value) params.set(key, value);
  }
  if (extra.page && extra.page > 1) params.set("page", String(extra.page));
  if (extra.limit && extra.limit > LIMIT_STEP) params.set("limit", String(extra.limit));
  const query = params.toString();
  return `${path}${query ? `?${query}` : ""}${extra.hash ? `#${extra.hash}` : ""}`;
}
