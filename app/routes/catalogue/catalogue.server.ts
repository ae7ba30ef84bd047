import { canShop } from "#core/domain/permissions.ts";
import { data, redirect, type RouterContextProvider } from "react-router";
import { badRequest, on404 } from "~/lib/errors.server";
import type { SortOption } from "#core/branding/brands.ts";
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, pageCountOf } from "#core/domain/pagination.ts";
import { BackError } from "~/lib/back.server";
import { BookmarkFormSchema } from "#core/contract/catalogue.ts";
import { requestStateContext, serverConfigContext } from "~/lib/context";
import { plainCookie, readCookie } from "~/lib/cookies.server";
import { isReadOnlyUser } from "#core/domain/user-state.ts";
import { intentAction, intentBranch } from "~/lib/intent-action.server";
import { getUser } from "~/lib/current-user.server";
import { loginPath } from "~/lib/paths.server";
import { serverT } from "~/lib/translate.server";
import { redirectWithToast, withToast, type ToastInput } from "~/lib/toast.server";
import type { CataloguePage } from "#core/contract/catalogue.ts";
import { cardCourseOf, type CardCourse } from "../../components/catalogue/course-card";
import { FILTER_PARAMS, readFilters, readLimit, type Filters } from "../../components/catalogue/catalogue-url";
import { catalogueEndpoints } from "#core/contract/endpoints/catalogue.ts";

export type CatalogueView = {
  /** The filters of the URL (the search page's text is its path value, not a filter). */
  filters: Filters;
  /** The sort applied (the URL's, else the user's remembered one, else the default). */
  sort: string;
  sortOptions: SortOption[];
  /** Pagination (Belgian brand) or a progressive list with a "more" link (others). */
  paginated: boolean;
  /** The cards' fields only (cardCourseOf). */
  items: CardCourse[];
  total: number;
  page: number;
  pageSize: number;
  /** Progressive lists: how many results the URL asks for. */
  limit: number;
  bookmarks: number[];
  loggedIn: boolean;
  /** A shop-context visitor (guest or shop customer): the cards offer "add to cart". */
  shop: boolean;
  /** Field errors of invalid filters (the page then shows no result and a reset link). */
  invalid: Record<string, string[]> | null;
};

type Args = { url: URL; context: Readonly<RouterContextProvider> };

/** The URL without its empty catalogue parameters, or null when it has none. */
export function withoutEmptyParams(url: URL): string | null {
  const params = new URLSearchParams(url.search);
  let changed = false;
  for (const key of [...FILTER_PARAMS, "page", "limit"]) {
    if (params.has(key) && !params.get(key)?.trim()) {
      params.delete(key);
      changed = true;
    }
  }
  if (!changed) return null;
  const query = params.toString();
  return `${url.pathname}${query ? `?${query}` : ""}`;
}

/** The sort a logged-in user last chose in the catalogue's URL, remembered in this browser for a year. */
export const SORT_COOKIE = "catalogue_sort";
const SORT_COOKIE_MAX_AGE = 365 * 24 * 3600;

/** The sort remembered for this user (the cookie names its user: another one logging in here does not inherit it). */
function rememberedSort(request: Request, userId: number): string | null {
  const [owner, sort] = (readCookie(request, SORT_COOKIE) ?? "").split(":");
  return owner === String(userId) && sort ? sort : null;
}

/**
 * Loads a catalogue or search page: the API page(s), the visitor's bookmarks, and, on the catalogue, the sort
 * remembered for a logged-in user: a sort chosen in the URL is remembered in a cookie (a GET writes nothing on the
 * server); without one, the cookie's, else the user's preference.
 */
export async function loadCatalogueView({ request, url, context }: Args & { request: Request }, options: { endpoint: "list" | "search"; q?: string }) {
  const { back, brand } = context.get(requestStateContext);
  // A GET form sends its untouched fields empty: redirect to the same state without them (shareable URL).
  const cleaned = withoutEmptyParams(url);
  if (cleaned) throw redirect(cleaned);
  const filters = readFilters(url.searchParams, { withQuery: options.q === undefined });
  const user = await getUser(context);
  const isSearch = options.q !== undefined;
  // Favourites are a logged-in visitor's: a guest logs in first and comes back to the same filters.
  if (filters.favourites && !user.loggedIn) throw redirect(loginPath(context, url.pathname + url.search));

  let sort = filters.sort;
  const headers = new Headers();
  if (!isSearch && user.loggedIn) {
    const remembered = rememberedSort(request, user.id) ?? user.preferences.sortOption;
    const offered = (value: string | undefined | null): value is SortOption => Boolean(value) && brand.catalog.sortOptions.includes(value as SortOption);
    if (offered(sort) && sort !== remembered) {
      // A read-only contract changes nothing, its preferences included.
      if (!isReadOnlyUser(user.contractType)) {
        const { secureCookies } = context.get(serverConfigContext);
        headers.append("Set-Cookie", plainCookie(SORT_COOKIE, `${user.id}:${sort}`, { maxAge: SORT_COOKIE_MAX_AGE, secure: secureCookies, httpOnly: true }));
      }
    } else if (!sort && offered(remembered)) {
      sort = remembered;
    }
  }

  const paginated = brand.catalog.paginated;
  const limit = paginated ? DEFAULT_PAGE_SIZE : readLimit(url.searchParams);
  const query = { ...filters, sort, q: options.q ?? filters.q };
  const bookmarksPromise = user.loggedIn ? back.call(catalogueEndpoints.bookmarks).catch(on404([] as number[])) : Promise.resolve([] as number[]);

  // The catalogue and the search page read the same page shape from their own endpoint.
  const pageOf = (pageQuery: typeof query & { page?: string | number; pageSize: number }) =>
    options.endpoint === "list"
      ? back.call(catalogueEndpoints.list, { query: pageQuery })
      : back.call(catalogueEndpoints.search, { query: { ...pageQuery, q: options.q ?? "" } });
  let result: CataloguePage;
  try {
    if (paginated) {
      result = await pageOf({ ...query, page: url.searchParams.get("page") ?? undefined, pageSize: DEFAULT_PAGE_SIZE });
    } else {
      // A progressive list is the first `limit` results: one API page, or a few in parallel past 100.
      const size = Math.min(limit, MAX_PAGE_SIZE);
      const pages = pageCountOf(limit, size);
      const replies = await Promise.all(Array.from({ length: pages }, (_, i) => pageOf({ ...query, page: i + 1, pageSize: size })));
      const seen = new Set<number>();
      const items = replies.flatMap((reply) => reply.items).filter((item) => !seen.has(item.id) && Boolean(seen.add(item.id)));
      result = { ...replies[0], items: items.slice(0, limit), page: 1, pageSize: limit, pageCount: 1 };
    }
  } catch (error) {
    if (error instanceof BackError && error.status === 422) {
      const view: CatalogueView = {
        filters,
        sort: filters.sort ?? "",
        sortOptions: brand.catalog.sortOptions,
        paginated,
        items: [],
        total: 0,
        page: 1,
        pageSize: DEFAULT_PAGE_SIZE,
        limit,
        bookmarks: [],
        loggedIn: user.loggedIn,
        shop: canShop(user),
        invalid: error.fieldErrors,
      };
      return data(view, { status: 400, headers });
    }
    throw error;
  }

  const view: CatalogueView = {
    filters,
    sort: result.sort,
    sortOptions: result.sortOptions,
    paginated,
    items: result.items.map(cardCourseOf),
    total: result.total,
    page: result.page,
    pageSize: result.pageSize,
    limit,
    bookmarks: await bookmarksPromise,
    loggedIn: user.loggedIn,
    shop: canShop(user),
    invalid: null,
  };
  return data(view, { headers });
}

/**
 * The bookmark toggle (catalogue, search, course and bookmarks pages). Without JavaScript it redirects back to the
 * page (post/redirect/get); from a fetcher it answers with data. Either way a toast follows.
 */
export function bookmarkBranch({ url, context }: Args) {
  return intentBranch({
    schema: BookmarkFormSchema,
    invalid: () => badRequest(context),
    run: async ({ value, formData }) => {
      const { back } = context.get(requestStateContext);
      const backTo = url.pathname + url.search;
      const fromFetcher = formData.get("js") === "1";
      const { trainingId: id, op } = value;
      const t = serverT(context, "catalogue");
      let toast: ToastInput;
      let status = 200;
      try {
        if (op === "add") await back.call(catalogueEndpoints.bookmark, { params: { id } });
        else await back.call(catalogueEndpoints.unbookmark, { params: { id } });
        toast = { type: "success", message: t(op === "add" ? "bookmarkAdded" : "bookmarkRemoved") };
      } catch (error) {
        if (!(error instanceof BackError)) throw error;
        if (error.status === 401) throw redirect(loginPath(context, backTo));
        status = error.status;
        toast = { type: "error", message: error.message || t("bookmarkError") };
      }
      if (!fromFetcher) throw redirectWithToast(backTo, toast);
      return data({ ok: status === 200, op }, { status, headers: withToast(toast) });
    },
  });
}

/** A page whose only form is the bookmark toggle. */
export function bookmarkAction({ request, url, context }: Args & { request: Request }) {
  return intentAction(request, context, { bookmark: bookmarkBranch({ url, context }) }, { unknownIntent: () => badRequest(context) });
}
