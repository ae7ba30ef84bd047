import { Children, type ReactNode } from "react";
import { useTranslation } from "~/i18n/react";
import { AdminPage } from "~/components/admin/admin-nav";
import { Header, ListTable } from "~/components/admin/admin-list";
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

/** A table of the back office: admin-a's list table (caption, column headers, an empty state). */
export function AdminTable({ caption, headers, children, testId }: { caption: string; headers: ReactNode[]; children: ReactNode; testId?: string }) {
  const { t } = useTranslation("admin-tools");
  const count = Children.count(children);
  return (
    <ListTable
      caption={caption}
      empty={t("list.empty")}
      count={count}
      testId={testId}
      head={headers.map((header, i) => (
        <Header key={i}>{header}</Header>
      ))}
    >
      {children}
    </ListTable>
  );
}

export const CELL = "border-b border-slate-200 px-2 py-2 align-top";
