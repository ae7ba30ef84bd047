import type { ReactNode } from "react";
import { NavLink } from "react-router";
import { cx } from "~/components/ui/cx";
import { useTranslation } from "~/i18n/react";
import { usePagePath } from "~/i18n/use-page-path";

/** The frame of the funding-request and plan pages: the page title and, for funding requests, the states' nav. */
export function FundingFrame({ title, children, states = false }: { title: string; children: ReactNode; states?: boolean }) {
  const { t } = useTranslation("pharmacy-funding");
  const path = usePagePath();
  const links = [
    { to: path("pharmacy-funding-requests"), label: t("nav.overview") },
    { to: path("pharmacy-funding-create"), label: t("nav.create") },
    { to: path("pharmacy-funding-in-progress"), label: t("states.in_progress") },
    { to: path("pharmacy-funding-financing"), label: t("states.financing") },
    { to: path("pharmacy-funding-report"), label: t("states.report") },
    { to: path("pharmacy-funding-reimbursement"), label: t("states.reimbursement") },
  ];
  return (
    <main id="main" className="mx-auto w-full max-w-6xl px-4 py-10">
      <h1 className="mb-6 text-3xl font-bold">{title}</h1>
      {states ? (
        <nav aria-label={t("nav.label")} className="mb-8 border-b border-slate-300">
          <ul className="flex flex-wrap gap-2">
            {links.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  end
                  className={({ isActive }) =>
                    cx(
                      "-mb-px inline-block border-b-4 px-3 py-2 font-semibold",
                      isActive ? "border-[var(--color-primary)] text-[var(--color-primary-dark)]" : "border-transparent text-slate-700 hover:text-slate-900",
                    )
                  }
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      {children}
    </main>
  );
}
