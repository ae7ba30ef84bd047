import { Link } from "react-router";
import { Icon } from "~/components/ui/icon";
import { cx } from "~/components/ui/cx";

export type PaginationLabels = {
  nav: string;
  previous: string;
  next: string;
  page: (page: number) => string;
};

/** The pages to show: first, last, the current one and its neighbours; null marks a gap. */
export function pageWindow(page: number, pageCount: number): (number | null)[] {
  const wanted = new Set([1, pageCount, page - 1, page, page + 1].filter((p) => p >= 1 && p <= pageCount));
  const sorted = [...wanted].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  for (const p of sorted) {
    const last = out[out.length - 1];
    if (typeof last === "number" && p - last > 1) out.push(null);
    out.push(p);
  }
  return out;
}

const ITEM = "inline-flex min-h-11 min-w-11 items-center justify-center gap-1 rounded-md border-2 px-3 font-semibold";

/**
 * Page links (plain links: they work without JavaScript). The current page is marked with
 * aria-current; previous and next are left out at the ends.
 */
export function Pagination({ page, pageCount, hrefFor, labels }: { page: number; pageCount: number; hrefFor: (page: number) => string; labels: PaginationLabels }) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={labels.nav} className="mt-10" data-testid="pagination">
      <ul className="flex flex-wrap items-center justify-center gap-2">
        {page > 1 ? (
          <li>
            <Link to={hrefFor(page - 1)} rel="prev" className={cx(ITEM, "border-slate-300 text-primary-dark hover:border-primary")}>
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
                className={cx(ITEM, p === page ? "border-primary bg-primary text-white" : "border-slate-300 text-primary-dark hover:border-primary")}
              >
                {p}
              </Link>
            </li>
          ),
        )}
        {page < pageCount ? (
          <li>
            <Link to={hrefFor(page + 1)} rel="next" className={cx(ITEM, "border-slate-300 text-primary-dark hover:border-primary")}>
              <span>{labels.next}</span>
              <Icon name="arrow-right" size={20} />
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
