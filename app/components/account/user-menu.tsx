import { useTranslation } from "~/i18n/react";
import { Form, Link, useLocation } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { usePagePath } from "~/i18n/use-page-path";
import { useRootData } from "~/lib/use-root-data";

/**
 * The header's account corner: a login link for guests (back to this page afterwards), the
 * profile link and a logout button (a small POST form, works without JavaScript) for users.
 */
export function UserMenu() {
  const { t } = useTranslation();
  const data = useRootData();
  const path = usePagePath();
  const location = useLocation();
  const user = data?.user;
  if (!user) return null;
  if (!user.loggedIn) {
    const loginPath = path("login");
    const here = location.pathname + location.search;
    const to = here === "/" || location.pathname === loginPath ? loginPath : `${loginPath}?${new URLSearchParams({ redirect: here })}`;
    return (
      <Link to={to} className="rounded-md border-2 border-[var(--color-primary)] px-3 py-1.5 text-sm font-semibold text-[var(--color-primary-dark)] hover:bg-slate-100">
        {t("nav.login")}
      </Link>
    );
  }
  return (
    <div className="flex items-center gap-3">
      <Link to={path("profile")} className="text-sm font-semibold text-slate-800 hover:underline">
        <span className="sr-only">{t("nav.profile")}: </span>
        {user.firstName} {user.lastName}
      </Link>
      <Form method="post" action={path("logout")}>
        <AuthenticityTokenInput name="csrf" />
        <button
          type="submit"
          className="rounded-md border-2 border-slate-400 px-3 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-100"
        >
          {t("nav.logout")}
        </button>
      </Form>
    </div>
  );
}
