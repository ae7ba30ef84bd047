import { useEffect } from "react";
import { useTranslation } from "~/i18n/react";
import { Link, useLocation } from "react-router";
import type { Brand, Locale } from "#core/branding/brands.ts";
import { Icon } from "~/components/ui/icon";
import { paginate } from "#core/domain/pagination.ts";
import { Pager, type PagerLabels } from "~/components/ui/pager";
import type { CatalogueView } from "~/routes/catalogue/catalogue.server";
import { catalogueHref, LIMIT_STEP, MAX_LIMIT } from "./catalogue-url";
import { BookmarkForms, bookmarkOp } from "./bookmark-toggle";
import { CourseCard } from "./course-card";
import { AddToCartForm } from "~/components/shop/shop-forms";
import { SharedFragment } from "~/components/layout/shared-fragment";

type Props = {
  view: CatalogueView;
  /** The page's own path (links keep the filters). */
  path: string;
  brand: Brand;
  locale: Locale;
  /** What the empty state offers besides resetting the filters (the search page links to the catalogue). */
  emptyExtra?: React.ReactNode;
  emptyTitle?: string;
  emptyText?: string;
};

/** The result count, the cards, then page links (paginated brand) or a "more" link (others). */
export function CatalogueResults({ view, path, brand, locale, emptyExtra, emptyTitle, emptyText }: Props) {
  const { t } = useTranslation("catalogue");
  const location = useLocation();
  // A progressive list is one page of `limit` rows: its offset is 0.
  const { offset } = paginate(view);
  const bookmarked = new Set(view.bookmarks);

  // After "more" (#rN), move keyboard focus to the first new result.
  useEffect(() => {
    const id = location.hash.slice(1);
    if (!/^r[0-9]+$/.test(id)) return;
    document.getElementById(id)?.querySelector<HTMLAnchorElement>("a[data-testid='course-card-link']")?.focus();
  }, [location.key, location.hash]);

  const summary =
    view.paginated && view.total > 0
      ? t("results.range", { from: offset + 1, to: offset + view.items.length, total: view.total })
      : t("results.count", { count: view.total });
  const more = !view.paginated && view.items.length < view.total && view.limit < MAX_LIMIT;

  return (
    <div className="flex flex-col gap-5">
      <p role="status" className="font-semibold text-slate-800" data-testid="results-summary" data-total={view.total}>
        {summary}
        {!view.paginated && more ? <span className="font-normal"> — {t("results.shown", { shown: view.items.length, total: view.total })}</span> : null}
      </p>

      {view.loggedIn && view.items.length ? <BookmarkForms ops={view.items.map((course) => bookmarkOp(bookmarked.has(course.id)))} /> : null}
      {view.items.length ? (
        // The cards are the same for every visitor with the same results, bookmarks and shop offer (ADR 0140); the
        // forms in them post to this URL.
        <SharedFragment
          name="catalogue-results"
          inputs={[
            brand.key,
            locale,
            location.pathname + location.search,
            offset,
            view.loggedIn,
            view.shop,
            view.items,
            view.items.map((course) => bookmarked.has(course.id)),
          ]}
        >
          <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3" aria-label={t("results.list")} data-testid="results">
            {view.items.map((course, index) => (
              <li key={course.id} id={`r${offset + index + 1}`} className="scroll-mt-4">
                <CourseCard course={course} brand={brand} locale={locale} bookmark={view.loggedIn ? { bookmarked: bookmarked.has(course.id) } : null}>
                  {view.shop && !course.free && course.priceHT > 0 ? <AddToCartForm productId={course.id} name={course.name} /> : null}
                </CourseCard>
              </li>
            ))}
          </ul>
        </SharedFragment>
      ) : (
        <div className="rounded-lg border border-slate-300 bg-slate-50 p-4 p-6" data-testid="results-empty">
          <h2 className="text-xl font-bold">{emptyTitle ?? t("empty.title")}</h2>
          <p className="mt-2 text-slate-800">{emptyText ?? t("empty.text")}</p>
          <p className="mt-4 flex flex-wrap gap-4">
            <Link
              to={path}
              className="rounded font-semibold text-primary-dark underline underline-offset-2 inline-flex items-center gap-1"
              data-testid="empty-reset"
            >
              <Icon name="arrow-left" size={20} />
              {t("empty.reset")}
            </Link>
            {emptyExtra}
          </p>
        </div>
      )}

      {view.paginated ? <CataloguePagination view={view} path={path} /> : null}

      {more ? (
        <p className="text-center">
          <Link
            to={catalogueHref(path, view.filters, { limit: view.limit + LIMIT_STEP, hash: `r${view.items.length + 1}` })}
            className="inline-flex min-h-11 items-center gap-2 rounded-md border-2 border-primary bg-white px-5 py-2.5 font-semibold text-primary-dark hover:bg-slate-100"
            data-testid="results-more"
          >
            {t("more")}
            <Icon name="chevron-down" size={20} />
          </Link>
        </p>
      ) : null}
    </div>
  );
}

/** The catalogue's page links (also used by the profile's bookmarks list): the filters are kept in each link. */
export function CataloguePagination({ view, path }: { view: Pick<CatalogueView, "filters" | "page" | "pageSize" | "total">; path: string }) {
  const labels = useCataloguePaginationLabels();
  return <Pager paging={view} hrefFor={(page) => catalogueHref(path, view.filters, { page })} labels={labels} />;
}

/** The page links' words of the catalogue namespace (the shop's page ships it too). */
export function useCataloguePaginationLabels(nav?: string): PagerLabels {
  const { t } = useTranslation("catalogue");
  return { nav: nav ?? t("pagination.label"), previous: t("pagination.previous"), next: t("pagination.next"), page: (page) => t("pagination.page", { page }) };
}
