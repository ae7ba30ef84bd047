import { Link } from "react-router";
import { pagerLinks, type Paging } from "#core/domain/pagination.ts";
import { Icon } from "~/components/ui/icon";
import { cx } from "~/components/ui/cx";

export type PagerLabels = {
  /** The navigation's name ("Pages des actualités"). */
  nav: string;
  previous: string;
  next: string;
  /** A page link's name ("Page 3"). */
  page: (page: number) => string;
};

/** app.css's .pager-item. */
const ITEM = "pager-item";
const OTHER = "border-slate-400 text-primary-dark hover:bg-slate-100";

/**
 * The one pager of every list (news, catalogue, shop, the profile's history and bookmarks, the back office): plain
 * links, so it works without JavaScript; `hrefFor` builds each page's address with the list's other query parameters
 * kept. It reads the paging shape only; which links it shows is `pagerLinks` (core/domain/pagination.ts): the current
 * page has aria-current, previous and next are left out at the ends, and a single page shows nothing.
 */
export function Pager({
  paging,
  hrefFor,
  labels,
  testId = "pagination",
  className,
}: {
  paging: Paging;
  hrefFor: (page: number) => string;
  labels: PagerLabels;
  testId?: string;
  className?: string;
}) {
  const { pageCount, current, previous, next, links } = pagerLinks(paging);
  if (pageCount <= 1 && current !== null) return null;
  return (
    <nav aria-label={labels.nav} className={className} data-testid={testId}>
      <ul className="flex flex-wrap items-center justify-center gap-2">
        {previous !== null ? (
          <li>
            <Link to={hrefFor(previous)} rel="prev" className={cx(ITEM, OTHER)}>
              <Icon name="arrow-left" size={20} />
              <span>{labels.previous}</span>
            </Link>
          </li>
        ) : null}
        {links.map((p, index) =>
          p === null ? (
            <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-slate-700">
              …
            </li>
          ) : (
            <li key={p}>
              <Link
                to={hrefFor(p)}
                aria-current={p === current ? "page" : undefined}
                aria-label={labels.page(p)}
                className={cx(ITEM, p === current ? "border-primary bg-primary text-white" : OTHER)}
              >
                {p}
              </Link>
            </li>
          ),
        )}
        {next !== null ? (
          <li>
            <Link to={hrefFor(next)} rel="next" className={cx(ITEM, OTHER)}>
              <span>{labels.next}</span>
              <Icon name="arrow-right" size={20} />
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
