import { NavLink } from "react-router";
import { findPage } from "#core/page-links.ts";
import { useTranslation } from "~/i18n/react";
import { usePagePath } from "~/i18n/use-page-path";
import { cx } from "~/components/ui/cx";

/**
 * Every tool of the back office, in menu order: the page id (core/pages.ts) and its label key (admin ns, `nav.*`).
 * A tool whose page is not registered yet is left out of the menu, so each engineer adds a page by its id here
 * and in core/pages.ts (ADR 0060).
 */
export const ADMIN_TOOLS = [
  { id: "admin", label: "nav.index" },
  { id: "admin-catalog", label: "nav.catalog" },
  { id: "admin-face-to-face", label: "nav.faceToFace" },
  { id: "admin-editor", label: "nav.editor" },
  { id: "admin-faq", label: "nav.faq" },
  { id: "admin-login-image", label: "nav.loginImage" },
  { id: "admin-facture-compta", label: "nav.factureCompta" },
  { id: "admin-discount-codes", label: "nav.discountCodes" },
  { id: "admin-users", label: "nav.users" },
  { id: "admin-audit", label: "nav.audit" },
] as const;

/** The tools whose page exists. */
export function availableAdminTools() {
  return ADMIN_TOOLS.filter((tool) => findPage(tool.id));
}

/** The back office's menu: one link per tool, the current one marked for assistive technologies. */
export function AdminNav() {
  const { t } = useTranslation("admin");
  const path = usePagePath();
  return (
    <nav aria-label={t("nav.label")} className="border-b border-slate-300 bg-slate-50" data-testid="admin-nav">
      <ul className="mx-auto flex max-w-6xl flex-wrap gap-x-1 gap-y-1 px-4 py-2">
        {availableAdminTools().map((tool) => (
          <li key={tool.id}>
            <NavLink
              to={path(tool.id)}
              end={tool.id === "admin"}
              className={({ isActive }) =>
                cx(
                  "inline-block rounded-md px-3 py-1.5 text-sm font-semibold focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-primary-dark",
                  isActive ? "bg-primary-dark text-white" : "text-slate-900 underline-offset-2 hover:underline",
                )
              }
            >
              {t(tool.label)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The frame of every back-office page: its heading, an optional lead and actions, then the page. */
export function AdminPage({
  title,
  lead,
  actions,
  children,
  testId,
}: {
  title: string;
  lead?: string;
  actions?: React.ReactNode;
  children: React.ReactNode;
  testId?: string;
}) {
  return (
    <main id="main" tabIndex={-1} className="mx-auto flex w-full max-w-6xl flex-col gap-5 px-4 py-6 outline-none" data-testid={testId}>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-extrabold">{title}</h1>
          {lead ? <p className="text-slate-700">{lead}</p> : null}
        </div>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </div>
      {children}
    </main>
  );
}
