import { Link } from "react-router";
import { pageWindow } from "#core/domain/pagination.ts";
import { Icon } from "~/components/ui/icon";
import { cx } from "~/components/ui/cx";

export type PaginationLabels = {
  /** The navigation's name ("Pages des actualités"). */
  nav: string;
  previous: string;
  next: string;
  /** A page link's name ("Page 3"). */
  page: (page: number) => string;
};

const ITEM = "inline-flex min-h-11 min-w-11 items-center justify-center gap-1 rounded-md border-2 px-3 font-semibold";
const OTHER = "border-slate-400 text-primary-dark hover:bg-slate-100";

/**
 * The public pages' page links (news, catalogue, shop, the profile's history and bookmarks): plain links, so they
 * work without JavaScript; `hrefFor` builds each page's address with the list's other query parameters kept. The
 * pages shown are `pageWindow`'s (core/domain/pagination.ts); the current page has aria-current; previous and next
 * are left out at the ends; nothing is shown for a single page. (The back office's lists use `Pager` of
 * admin-list.tsx: previous, "page x of y", next.)
 */
export function Pagination({
  page,
  pageCount,
  hrefFor,
  labels,
  className,
}: {
  page: number;
  pageCount: number;
  hrefFor: (page: number) => string;
  labels: PaginationLabels;
  className?: string;
}) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={labels.nav} className={className} data-testid="pagination">
      <ul className="flex flex-wrap items-center justify-center gap-2">
        {page > 1 ? (
          <li>
            <Link to={hrefFor(page - 1)} rel="prev" className={cx(ITEM, OTHER)}>
              <Icon name="arrow-left" size={20} />
              <span>{labels.previous}</span>
            </Link>
          </li>
        ) : null}
        {pageWindow(page, pageCount).map((p, index) =>
          p === null ? (
            <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-slate-700">
              …
            </li>
          ) : (
            <li key={p}>
              <Link
                to={hrefFor(p)}
                aria-current={p === page ? "page" : undefined}
                aria-label={labels.page(p)}
                className={cx(ITEM, p === page ? "border-primary bg-primary text-white" : OTHER)}
              >
                {p}
              </Link>
            </li>
          ),
        )}
        {page < pageCount ? (
          <li>
            <Link to={hrefFor(page + 1)} rel="next" className={cx(ITEM, OTHER)}>
              <span>{labels.next}</span>
              <Icon name="arrow-right" size={20} />
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
