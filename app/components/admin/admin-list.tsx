import type { ReactNode } from "react";
import { Form, Link, useLocation } from "react-router";
import type { Paging } from "#core/domain/pagination.ts";
import { useTranslation } from "~/i18n/react";
import { Button } from "~/components/ui/button";
import { DataTable, type Column, type Sorting } from "~/components/ui/data-table";
import { useListHref } from "~/components/ui/list-href";
import { Pager } from "~/components/ui/pager";

/**
 * The back office's list pattern (ADR 0061): the list's state lives in the query string. The filters are a GET form
 * (no JavaScript needed, every state is a link), the column headers are links that sort, the pager links to pages
 * (the list kit of components/ui: DataTable, Pager). Changing a filter or the sort goes back to page 1. The loader
 * passes the same query string to the back API.
 */

/** The filter bar: a search box, the list's own filter fields, "Filter" and "Reset". Sort and direction are kept. */
export function ListFilters({ query, children, searchLabel }: { query: Sorting & { q?: string }; children?: ReactNode; searchLabel?: string }) {
  const { q, sort, dir } = query;
  const { t } = useTranslation("admin");
  const location = useLocation();
  return (
    <Form method="get" role="search" className="flex flex-wrap items-end gap-3 rounded-md border border-slate-300 bg-white p-3" data-testid="list-filters">
      <div className="flex flex-col gap-1">
        <label htmlFor="list-q" className="font-semibold">
          {searchLabel ?? t("list.search")}
        </label>
        <input id="list-q" name="q" type="search" defaultValue={q ?? ""} maxLength={100} className="rounded-md border-2 border-slate-500 px-3 py-1.5" />
      </div>
      {children}
      {sort ? <input type="hidden" name="sort" value={sort} /> : null}
      {dir ? <input type="hidden" name="dir" value={dir} /> : null}
      <Button type="submit" size="small">
        {t("list.filter")}
      </Button>
      <Link to={location.pathname} className="self-center text-sm font-semibold underline">
        {t("list.reset")}
      </Link>
    </Form>
  );
}

/** A select filter of the filter bar ("" = all). */
export function FilterSelect({ name, label, value, options }: { name: string; label: string; value?: string; options: { value: string; label: string }[] }) {
  const { t } = useTranslation("admin");
  const id = `list-${name}`;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-semibold">
        {label}
      </label>
      <select id={id} name={name} defaultValue={value ?? ""} className="rounded-md border-2 border-slate-500 bg-white px-3 py-1.5">
        <option value="">{t("list.all")}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A date filter of the filter bar. */
export function FilterDate({ name, label, value }: { name: string; label: string; value?: string }) {
  const id = `list-${name}`;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-semibold">
        {label}
      </label>
      <input id={id} name={name} type="date" defaultValue={value ?? ""} className="rounded-md border-2 border-slate-500 px-3 py-1.5" />
    </div>
  );
}

/**
 * A back-office list: its table (sort headers, an empty state; the caption is the count unless the page names the
 * table) and its pager, which keeps the search, filters and sort of the query string.
 */
export function ListTable({
  columns,
  sorting,
  paging,
  rowCount,
  empty,
  caption,
  testId,
  children,
}: {
  columns: Column[];
  sorting: Sorting;
  paging: Paging;
  rowCount: number;
  empty: string;
  caption?: string;
  testId?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation("admin");
  const href = useListHref();
  return (
    <>
      <DataTable
        caption={caption ?? t("list.count", { count: paging.total })}
        columns={columns}
        sorting={sorting}
        empty={empty}
        rowCount={rowCount}
        className="text-sm"
        testId={testId}
      >
        {children}
      </DataTable>
      <Pager
        paging={paging}
        hrefFor={(page) => href({ page: page === 1 ? undefined : page })}
        labels={{ nav: t("list.pagination"), previous: t("list.previous"), next: t("list.next"), page: (page) => t("list.page", { page }) }}
        testId="list-pager"
      />
    </>
  );
}
