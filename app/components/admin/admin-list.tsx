import type { ReactNode } from "react";
import { Form, Link, useLocation } from "react-router";
import type { Paging } from "#core/contract/admin-list.ts";
import { useTranslation } from "~/i18n/react";
import { Button } from "~/components/ui/button";

/**
 * The back office's list pattern (ADR 0061): the list's state lives in the query string. The filters are a GET form
 * (no JavaScript needed, every state is a link), the column headers are links that sort, the pager links to pages.
 * Changing a filter or the sort goes back to page 1. The loader passes the same query string to the back API.
 */

/** The current query string with some keys replaced (undefined or "" removes the key). */
export function useListHref() {
  const location = useLocation();
  return (changes: Record<string, string | number | undefined>) => {
    const params = new URLSearchParams(location.search);
    for (const [key, value] of Object.entries(changes)) {
      if (value === undefined || value === "") params.delete(key);
      else params.set(key, String(value));
    }
    const text = params.toString();
    return `${location.pathname}${text ? `?${text}` : ""}`;
  };
}

/** The filter bar: a search box, the list's own filter fields, "Filter" and "Reset". Sort and direction are kept. */
export function ListFilters({ q, sort, dir, children, searchLabel }: { q?: string; sort?: string; dir?: string; children?: ReactNode; searchLabel?: string }) {
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

/** A sortable column header: a link that sorts by this key (again: the other direction), with aria-sort. */
export function SortHeader({ name, label, sort, dir }: { name: string; label: string; sort: string; dir: "asc" | "desc" }) {
  const href = useListHref();
  const { t } = useTranslation("admin");
  const active = sort === name;
  const next = active && dir === "asc" ? "desc" : "asc";
  return (
    <th scope="col" aria-sort={active ? (dir === "asc" ? "ascending" : "descending") : undefined} className="px-2 py-2 text-left">
      {/* The link's name says what a click does; the header's aria-sort says the current order. No hidden text to leak. */}
      <Link
        to={href({ sort: name, dir: next, page: undefined })}
        aria-label={t(next === "asc" ? "list.sortAsc" : "list.sortDesc", { label })}
        className="font-semibold underline-offset-2 hover:underline"
      >
        {label}
        {active ? <span aria-hidden="true">{dir === "asc" ? " ▲" : " ▼"}</span> : null}
      </Link>
    </th>
  );
}

/** A plain column header. */
export function Header({ children }: { children: ReactNode }) {
  return (
    <th scope="col" className="px-2 py-2 text-left font-semibold">
      {children}
    </th>
  );
}

/** The table of a list, with its caption (the count) and an empty state. */
export function ListTable({
  caption,
  empty,
  head,
  children,
  count,
  testId,
}: {
  caption: string;
  empty: string;
  head: ReactNode;
  children: ReactNode;
  count: number;
  testId?: string;
}) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full border-collapse text-sm" data-testid={testId}>
        <caption className="py-2 text-left text-slate-700">{caption}</caption>
        <thead className="border-b-2 border-slate-400">
          <tr>{head}</tr>
        </thead>
        <tbody>
          {count === 0 ? (
            <tr>
              <td colSpan={99} className="px-2 py-4 text-center text-slate-700">
                {empty}
              </td>
            </tr>
          ) : (
            children
          )}
        </tbody>
      </table>
    </div>
  );
}

/** Previous / next and "page x of y". */
export function Pager({ paging }: { paging: Paging }) {
  const { t } = useTranslation("admin");
  const href = useListHref();
  if (paging.pages <= 1) return null;
  const { page, pages } = paging;
  return (
    <nav aria-label={t("list.pagination")} className="flex items-center gap-4" data-testid="list-pager">
      {page > 1 ? (
        <Link to={href({ page: page - 1 === 1 ? undefined : page - 1 })} rel="prev" className="font-semibold underline">
          {t("list.previous")}
        </Link>
      ) : null}
      <span aria-current="page">{t("list.pageOf", { page, pages })}</span>
      {page < pages ? (
        <Link to={href({ page: page + 1 })} rel="next" className="font-semibold underline">
          {t("list.next")}
        </Link>
      ) : null}
    </nav>
  );
}
