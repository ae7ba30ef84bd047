import type { ReactNode } from "react";
import { NavLink, useMatches } from "react-router";
import { cx } from "~/components/ui/cx";
import { useTranslation } from "~/i18n/react";
import { usePagePath } from "~/i18n/use-page-path";

/**
 * The pharmacy-management tabs (spec section 2): each tab is its own page of core/pages.ts (area "pharmacy"). THE
 * list of tabs: a tab added by another part of the area is one more line here. `prefix` tabs stay current on their
 * sub-pages (an invoice, a funding request's step).
 */
export const PHARMACY_TABS: readonly { page: string; label: string; prefix?: boolean; needsTrainingPlan?: boolean }[] = [
  { page: "pharmacy-training-plans", label: "tabs.trainingPlans", needsTrainingPlan: true },
  { page: "pharmacy-team", label: "tabs.team" },
  { page: "pharmacy-dashboard", label: "tabs.dashboard" },
  { page: "pharmacy-attestations", label: "tabs.attestations" },
  { page: "pharmacy-declared-actions", label: "tabs.declaredActions" },
  { page: "pharmacy-funding-requests", label: "tabs.fundingRequests", prefix: true },
  { page: "pharmacy-contract", label: "tabs.contract" },
  { page: "pharmacy-invoices", label: "tabs.invoices", prefix: true },
  { page: "pharmacy-evidence-packs", label: "tabs.evidencePacks", prefix: true },
];

/** What the area layout's loader (app/routes/layouts/areas/pharmacy.tsx) tells every tab. */
export type PharmacyAreaData = { pharmacyName: string; canAccessTrainingPlan: boolean; readOnly: boolean; isSpanish: boolean };

export function usePharmacyArea(): PharmacyAreaData {
  const match = useMatches().find((m) => m.id.startsWith("area.pharmacy."));
  return (match?.loaderData as PharmacyAreaData | undefined) ?? { pharmacyName: "", canAccessTrainingPlan: false, readOnly: false, isSpanish: false };
}

export function PharmacyTabs() {
  const { t } = useTranslation("pharmacy");
  const path = usePagePath();
  const area = usePharmacyArea();
  const tabs = PHARMACY_TABS.filter((tab) => !tab.needsTrainingPlan || area.canAccessTrainingPlan);
  return (
    <nav aria-label={t("tabs.label")} className="mb-8 border-b border-slate-300">
      <ul className="flex flex-wrap gap-2">
        {tabs.map((tab) => (
          <li key={tab.page}>
            <NavLink
              to={path(tab.page)}
              end={!tab.prefix}
              data-testid={`tab-${tab.page}`}
              className={({ isActive }) =>
                cx(
                  "-mb-px inline-block border-b-4 px-3 py-2 font-semibold focus-visible:outline-2 focus-visible:outline-offset-2",
                  isActive ? "border-[var(--color-primary)] text-[var(--color-primary-dark)]" : "border-transparent text-slate-700 hover:text-slate-900",
                )
              }
            >
              {t(tab.label)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The frame of every pharmacy tab: the pharmacy's name, the tabs, the tab's title, a read-only notice when it applies. */
export function PharmacyPage({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation("pharmacy");
  const area = usePharmacyArea();
  return (
    <main id="main" className="mx-auto w-full max-w-6xl px-4 py-10">
      <p className="text-sm font-semibold uppercase tracking-wide text-slate-700">{t("area.title")}</p>
      <h1 className="mb-6 text-3xl font-bold">{area.pharmacyName || t("area.title")}</h1>
      <PharmacyTabs />
      <h2 className="mb-4 text-2xl font-bold">{title}</h2>
      {area.readOnly ? (
        <p role="note" data-testid="pharmacy-read-only" className="mb-4 rounded-md border-l-4 border-amber-600 bg-amber-50 px-4 py-3 text-amber-900">
          {t("area.readOnly")}
        </p>
      ) : null}
      {children}
    </main>
  );
}
