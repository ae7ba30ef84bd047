import { useEffect } from "react";
import { useTranslation } from "~/i18n/react";
import { Link, useLocation } from "react-router";
import type { Brand, Locale } from "#core/branding/brands.ts";
import { Icon } from "~/components/ui/icon";
import { cx } from "~/components/ui/cx";
import type { CatalogueView } from "~/routes/catalogue/catalogue.server";
import { catalogueHref, LIMIT_STEP, MAX_LIMIT, pageWindow } from "./catalogue-url";
import { CourseCard } from "./course-card";
import { AddToCartForm } from "~/components/shop/shop-forms";

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
  const offset = view.paginated ? (view.page - 1) * view.pageSize : 0;
  const bookmarked = new Set(view.bookmarks);

  // After "more" (#rN), move keyboard focus to the first new result.
  useEffect(() => {
    const id = location.hash.slice(1);
    if (!/^r[0-9]+$/.test(id)) return;
    document.getElementById(id)?.querySelector<HTMLAnchorElement>("a[data-testid='course-card-link']")?.focus();
  }, [location.key, location.hash]);

  const summary = view.paginated && view.total > 0
    ? t("results.range", { from: offset + 1, to: offset + view.items.length, total: view.total })
    : t("results.count", { count: view.total });
  const more = !view.paginated && view.items.length < view.total && view.limit < MAX_LIMIT;

  return (
    <div className="flex flex-col gap-5">
      <p role="status" className="font-semibold text-slate-800" data-testid="results-summary" data-total={view.total}>
        {summary}
        {!view.paginated && more ? <span className="font-normal"> — {t("results.shown", { shown: view.items.length, total: view.total })}</span> : null}
      </p>

      {view.items.length ? (
        <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3" aria-label={t("results.list")} data-testid="results">
          {view.items.map((course, index) => (
            <li key={course.id} id={`r${offset + index + 1}`} className="scroll-mt-4">
              <CourseCard
                course={course}
                brand={brand}
                locale={locale}
                bookmark={view.loggedIn ? { bookmarked: bookmarked.has(course.id) } : null}
              >
                {view.shop && !course.free && course.priceHT > 0 ? <AddToCartForm productId={course.id} name={course.name} /> : null}
              </CourseCard>
            </li>
          ))}
        </ul>
      ) : (
        <div className="rounded-lg border border-slate-300 bg-slate-50 p-4 p-6" data-testid="results-empty">
          <h2 className="text-xl font-bold">{emptyTitle ?? t("empty.title")}</h2>
          <p className="mt-2 text-slate-800">{emptyText ?? t("empty.text")}</p>
          <p className="mt-4 flex flex-wrap gap-4">
            <Link to={path} className="rounded font-semibold text-primary-dark underline underline-offset-2 inline-flex items-center gap-1" data-testid="empty-reset">
              <Icon name="arrow-left" size={20} />
              {t("empty.reset")}
            </Link>
            {emptyExtra}
          </p>
        </div>
      )}

      {view.paginated && view.pageCount > 1 ? <Pagination view={view} path={path} /> : null}

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

/** Page links (also used by the profile's bookmarks list). */
export function Pagination({ view, path }: { view: Pick<CatalogueView, "filters" | "page" | "pageCount">; path: string }) {
  const { t } = useTranslation("catalogue");
  const href = (page: number) => catalogueHref(path, view.filters, { page });
  const linkClass = "inline-flex min-h-11 min-w-11 items-center justify-center gap-1 rounded-md border-2 px-3 font-semibold";
  return (
    <nav aria-label={t("pagination.label")} data-testid="pagination">
      <ul className="flex flex-wrap items-center justify-center gap-2">
        {view.page > 1 ? (
          <li>
            <Link to={href(view.page - 1)} rel="prev" className={cx(linkClass, "border-slate-400 text-primary-dark hover:bg-slate-100")}>
              <Icon name="chevron-left" size={20} />
              <span>{t("pagination.previous")}</span>
            </Link>
          </li>
        ) : null}
        {pageWindow(view.page, view.pageCount).map((page, index) =>
          page === null ? (
            <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-slate-700">
              {t("pagination.gap")}
            </li>
          ) : (
            <li key={page}>
              <Link
                to={href(page)}
                aria-current={page === view.page ? "page" : undefined}
                aria-label={t("pagination.page", { page })}
                className={cx(
                  linkClass,
                  page === view.page ? "border-primary bg-primary text-white" : "border-slate-400 text-primary-dark hover:bg-slate-100",
                )}
              >
                {page}
              </Link>
            </li>
          ),
        )}
        {view.page < view.pageCount ? (
          <li>
            <Link to={href(view.page + 1)} rel="next" className={cx(linkClass, "border-slate-400 text-primary-dark hover:bg-slate-100")}>
              <span>{t("pagination.next")}</span>
              <Icon name="chevron-right" size={20} />
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
