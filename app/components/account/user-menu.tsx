import { useTranslation } from "~/i18n/react";
import { Form, Link, useLocation } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { enterableAreas, type ManagementArea, type PermissionUser } from "#core/domain/permissions.ts";
import { usePagePath } from "~/i18n/use-page-path";
import { useRootData } from "~/lib/use-root-data";

/** The management areas the user may enter (the rules of their guards), as links: the user menu and the profile list them. */
export function useAreaLinks(user: PermissionUser | undefined): { area: ManagementArea; to: string; label: string }[] {
  const { t } = useTranslation("common");
  const path = usePagePath();
  return (user ? enterableAreas(user) : []).map((area) => ({ area, to: path(area), label: t(`userMenu.areas.${area}`) }));
}

const menuLink = "user-menu-link";

/**
 * The header's account corner: a login link for guests (back to this page afterwards); for users, a menu (a
 * <details>, so it opens without JavaScript) with the profile, the areas they may enter, the pharmacy in use and the
 * others to switch to (small POST forms to the account choice's action), and the logout button.
 */
export function UserMenu() {
  const { t } = useTranslation();
  const data = useRootData();
  const path = usePagePath();
  const location = useLocation();
  const user = data?.user;
  const here = location.pathname + location.search;
  const areas = useAreaLinks(user);
  if (!user) return null;
  if (!user.loggedIn) {
    const loginPath = path("login");
    const to = here === "/" || location.pathname === loginPath ? loginPath : `${loginPath}?${new URLSearchParams({ redirect: here })}`;
    return (
      <Link
        to={to}
        className="rounded-md border-2 border-[var(--color-primary)] px-3 py-1.5 text-sm font-semibold text-[var(--color-primary-dark)] hover:bg-slate-100"
      >
        {t("nav.login")}
      </Link>
    );
  }
  const current = user.accounts.find((account) => account.id === user.currentAccountId) ?? null;
  const others = user.accounts.filter((account) => account.id !== user.currentAccountId);
  return (
    // Any navigation (a link, a switch back to the same page) closes the menu: the key remounts it.
    <details key={location.key} className="group/user relative" data-testid="user-menu">
      <summary className="user-menu-button">
        <span className="sr-only">{t("userMenu.open")}, </span>
        {user.firstName} {user.lastName}
        <span aria-hidden="true" className="user-menu-caret">
          ▾
        </span>
      </summary>
      <div className="user-menu-panel" data-testid="user-menu-panel">
        {user.accounts.length > 0 ? (
          <p className="text-sm text-slate-800" data-testid="current-account">
            {current ? (
              <>
                <span className="user-menu-caption">{t("userMenu.currentAccount")}</span>
                <strong>{current.name}</strong>
              </>
            ) : (
              t("userMenu.noCurrentAccount")
            )}
          </p>
        ) : null}
        <ul className="flex flex-col">
          <li>
            <Link to={path("profile")} className={menuLink} data-testid="user-menu-profile">
              {t("nav.profile")}
            </Link>
          </li>
          {areas.map((area) => (
            <li key={area.area}>
              <Link to={area.to} className={menuLink} data-testid={`area-link-${area.area}`}>
                {area.label}
              </Link>
            </li>
          ))}
          {!current && user.accounts.length > 0 ? (
            <li>
              <Link to={`${path("account-choice")}?${new URLSearchParams({ redirect: here })}`} className={menuLink} data-testid="user-menu-choose-account">
                {t("userMenu.chooseAccount")}
              </Link>
            </li>
          ) : null}
        </ul>
        {current && others.length > 0 ? (
          <section aria-labelledby="switch-account-title" className="flex flex-col gap-2 border-t border-slate-200 pt-3" data-testid="switch-account">
            <p id="switch-account-title" className="text-sm font-bold text-slate-900">
              {t("userMenu.switchTitle")}
            </p>
            {others.map((account) => (
              <Form key={account.id} method="post" action={path("account-choice")}>
                <AuthenticityTokenInput name="csrf" />
                <input type="hidden" name="accountId" value={account.id} />
                <input type="hidden" name="redirectTo" value={here} />
                <button
                  type="submit"
                  className="w-full rounded-md border-2 border-slate-400 px-3 py-1.5 text-left text-sm font-semibold text-slate-900 hover:bg-slate-100"
                  data-testid={`switch-account-${account.id}`}
                >
                  {t("userMenu.switchTo", { name: account.name })}
                </button>
              </Form>
            ))}
          </section>
        ) : null}
        <Form method="post" action={path("logout")} className="border-t border-slate-200 pt-3">
          <AuthenticityTokenInput name="csrf" />
          <button type="submit" className="user-menu-action">
            {t("nav.logout")}
          </button>
        </Form>
      </div>
    </details>
  );
}
