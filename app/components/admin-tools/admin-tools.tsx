import { Children, type ReactNode } from "react";
import { useTranslation } from "~/i18n/react";
import { AdminPage } from "~/components/admin/admin-nav";
import { DataTable } from "~/components/ui/data-table";
import { cx } from "~/components/ui/cx";

/**
 * A back-office page of part B: admin-a's frame (AdminPage: the heading; the area layout shows the menu). `current`
 * names the tool (the menu marks it from the URL).
 */
export function AdminToolsMain({ title, children, testId }: { current?: string; title: string; children: ReactNode; testId?: string }) {
  return (
    <AdminPage title={title} testId={testId}>
      {children}
    </AdminPage>
  );
}

/** A small status label (published, draft, active...). */
export function StatusBadge({ tone, children }: { tone: "ok" | "warn" | "off"; children: ReactNode }) {
  return (
    <span
      className={cx(
        "inline-block rounded px-2 py-0.5 text-xs font-bold",
        tone === "ok" ? "bg-green-100 text-green-900" : tone === "warn" ? "bg-amber-100 text-amber-900" : "bg-slate-200 text-slate-800",
      )}
    >
      {children}
    </span>
  );
}

/** A table of the back office that is not a list (no sort, no pager): the list kit's table, with its empty state. */
export function AdminTable({ caption, headers, children, testId }: { caption: string; headers: ReactNode[]; children: ReactNode; testId?: string }) {
  const { t } = useTranslation("admin-tools");
  return (
    <DataTable
      caption={caption}
      columns={headers.map((label) => ({ label }))}
      empty={t("list.empty")}
      rowCount={Children.count(children)}
      className="text-sm"
      testId={testId}
    >
      {children}
    </DataTable>
  );
}

export const CELL = "border-b border-slate-200 px-2 py-2 align-top";
