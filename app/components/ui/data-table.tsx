import type { ReactNode } from "react";
import { Link } from "react-router";
import { useTranslation } from "~/i18n/react";
import { cx } from "~/components/ui/cx";
import { useListHref } from "~/components/ui/list-href";

/** A column: its header, the list's sort key when a click on the header sorts by it, right-aligned for amounts. */
export type Column = ({ label: ReactNode; sort?: undefined } | { label: string; sort: string }) & { numeric?: boolean };

/** The sort of a list, from its query string (ADR 0061). */
export type Sorting = { sort: string; dir: "asc" | "desc" };

/** The header cells' padding, the same as the rows' cells: boxed (the back office's lists), flush left, compact. */
const CELL = { boxed: "px-2 py-2", flush: "py-2 pr-4", compact: "px-1 py-1" } as const;
const FOCUS = "rounded focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-primary-dark";

/**
 * The one table of the site's lists: a caption (visible, or for screen readers only), a header row of column headers
 * (a sortable column's header is a link, see SortHeader), the rows the caller gives, an empty state when `empty` is
 * given and there are no rows, and an optional footer (totals). The rows are the caller's own `<tr>` (cells as they
 * need, with the header's padding: `density`).
 */
export function DataTable({
  caption,
  captionHidden = false,
  columns,
  sorting,
  empty,
  rowCount,
  density = "boxed",
  className,
  testId,
  foot,
  scrollRegion,
  children,
}: {
  caption?: ReactNode;
  captionHidden?: boolean;
  columns: Column[];
  sorting?: Sorting;
  /** The empty state's text: shown instead of the rows when `rowCount` is 0. */
  empty?: string;
  rowCount?: number;
  density?: keyof typeof CELL;
  /** The table's own spacing and text size (mb-8, text-sm...). */
  className?: string;
  testId?: string;
  /** The footer's rows (`<tr>`), totals for instance. */
  foot?: ReactNode;
  /** The id of the heading that names the table: its scroll box becomes a focusable region, so a keyboard scrolls it. */
  scrollRegion?: string;
  children: ReactNode;
}) {
  const cell = CELL[density];
  return (
    <div className="overflow-x-auto" {...(scrollRegion ? { role: "region", tabIndex: 0, "aria-labelledby": scrollRegion } : {})}>
      <table className={cx("w-full border-collapse text-left", className)} data-testid={testId}>
        {caption === undefined ? null : <caption className={captionHidden ? "sr-only" : "py-2 text-left text-slate-700"}>{caption}</caption>}
        <thead className="border-b-2 border-slate-400">
          <tr>
            {columns.map((column, index) => {
              const className = cx(cell, column.numeric && "text-right");
              return column.sort !== undefined && sorting ? (
                <SortHeader key={index} name={column.sort} label={column.label} sorting={sorting} className={className} />
              ) : (
                <th key={index} scope="col" className={cx(className, "font-semibold")}>
                  {column.label}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {empty !== undefined && rowCount === 0 ? (
            <tr>
              <td colSpan={columns.length} className="px-2 py-4 text-center text-slate-700">
                {empty}
              </td>
            </tr>
          ) : (
            children
          )}
        </tbody>
        {foot === undefined ? null : <tfoot>{foot}</tfoot>}
      </table>
    </div>
  );
}

/**
 * A sortable column's header: a link that sorts by this key (again: the other direction) and goes back to page 1, so
 * it works without JavaScript; aria-sort on the sorted column.
 */
function SortHeader({ name, label, sorting, className }: { name: string; label: string; sorting: Sorting; className: string }) {
  const href = useListHref();
  const { t } = useTranslation();
  const active = sorting.sort === name;
  const next = active && sorting.dir === "asc" ? "desc" : "asc";
  return (
    <th scope="col" aria-sort={active ? (sorting.dir === "asc" ? "ascending" : "descending") : undefined} className={className}>
      {/* The link's name says what a click does; the header's aria-sort says the current order. No hidden text to leak. */}
      <Link
        to={href({ sort: name, dir: next, page: undefined })}
        aria-label={t(next === "asc" ? "table.sortAsc" : "table.sortDesc", { label })}
        className={cx("font-semibold underline-offset-2 hover:underline", FOCUS)}
      >
        {label}
        {active ? <span aria-hidden="true">{sorting.dir === "asc" ? " ▲" : " ▼"}</span> : null}
      </Link>
    </th>
  );
}
