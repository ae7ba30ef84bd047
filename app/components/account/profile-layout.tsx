import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/react";
import { NavLink } from "react-router";
import { cx } from "~/components/ui/cx";
import { usePagePath } from "~/i18n/use-page-path";

/**
 * The frame shared by the profile pages (index, infos, training plan, history, attestations,
 * password, contact): title and tabs. Each tab is its own page in the page table.
 */
export function ProfileLayout({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation("account");
  const path = usePagePath();
  const tabs = [
    { to: path("profile"), label: t("tabs.profile"), end: true },
    { to: path("profile-infos"), label: t("tabs.infos"), end: true },
    { to: path("profile-plan"), label: t("tabs.plan"), end: true },
    { to: path("profile-history"), label: t("tabs.history"), end: true },
    { to: path("profile-attestations"), label: t("tabs.attestations"), end: true },
    { to: path("compliance-tracker"), label: t("tabs.compliance"), end: true },
    { to: path("profile-bookmarks"), label: t("tabs.bookmarks"), end: true },
    { to: path("edit-password"), label: t("tabs.password"), end: true },
    { to: path("advisor-contact"), label: t("tabs.contact"), end: true },
  ];
  return (
    <main id="main" className="mx-auto w-full max-w-5xl px-4 py-10">
      <h1 className="mb-6 text-3xl font-bold">{title}</h1>
      <nav aria-label={t("tabs.label")} className="mb-8 border-b border-slate-300">
        <ul className="flex flex-wrap gap-2">
          {tabs.map((tab) => (
            <li key={tab.to}>
              <NavLink
                to={tab.to}
                end={tab.end}
                className={({ isActive }) =>
                  cx(
                    "-mb-px inline-block border-b-4 px-3 py-2 font-semibold",
                    isActive ? "border-[var(--color-primary)] text-[var(--color-primary-dark)]" : "border-transparent text-slate-700 hover:text-slate-900",
                  )
                }
              >
                {tab.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {children}
    </main>
  );
}

/** Shown instead of forms to a read-only user. */
export function ReadOnlyNotice() {
  const { t } = useTranslation("account");
  return (
    <p role="note" data-testid="read-only-notice" className="rounded-md border-l-4 border-amber-600 bg-amber-50 px-4 py-3 text-amber-900">
      {t("readOnly.notice")}
    </p>
  );
}
