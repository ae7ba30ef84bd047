import type { ReactNode } from "react";
import { NavLink } from "react-router";
import { PharmacyPage, usePharmacyArea } from "~/components/pharmacy/pharmacy-tabs";
import { cx } from "~/components/ui/cx";
import { useTranslation } from "~/i18n/react";
import { usePagePath } from "~/i18n/use-page-path";

/** The funding-request and plan pages inside the pharmacy tabs (PharmacyPage); funding requests add the states' nav. */
export function FundingFrame({ title, children, states = false }: { title: string; children: ReactNode; states?: boolean }) {
  const { t } = useTranslation("pharmacy-funding");
  const path = usePagePath();
  const { readOnly } = usePharmacyArea();
  const links = [
    { to: path("pharmacy-funding-requests"), label: t("nav.overview") },
    ...(readOnly ? [] : [{ to: path("pharmacy-funding-create"), label: t("nav.create") }]),
    { to: path("pharmacy-funding-in-progress"), label: t("states.in_progress") },
    { to: path("pharmacy-funding-financing"), label: t("states.financing") },
    { to: path("pharmacy-funding-report"), label: t("states.report") },
    { to: path("pharmacy-funding-reimbursement"), label: t("states.reimbursement") },
  ];
  return (
    <PharmacyPage title={title}>
      {states ? (
        <nav aria-label={t("nav.label")} className="mb-6">
          <ul className="flex flex-wrap gap-2">
            {links.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  end
                  className={({ isActive }) =>
                    cx(
                      "inline-block rounded-full border-2 px-3 py-1 text-sm font-semibold",
                      isActive
                        ? "border-[var(--color-primary-dark)] bg-[var(--color-primary-dark)] text-white"
                        : "border-slate-400 text-slate-800 hover:border-slate-700",
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
    </PharmacyPage>
  );
}
