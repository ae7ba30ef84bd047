import { useTranslation } from "~/i18n/react";
import { Link, NavLink } from "react-router";
import { Icon } from "~/components/ui/icon";
import { pathLangOf } from "#core/locales.ts";
import { pagePath } from "#core/page-links.ts";
import { useRootData } from "~/lib/use-root-data";
import { UserMenu } from "~/components/account/user-menu";
import { NotificationBell } from "~/components/notifications/notification-bell";
import { SearchBox } from "~/components/catalogue/search-box";
import { LanguageSwitcher } from "./language-switcher";
import { existingPagePath, MAIN_NAV } from "./nav-links";

export function SkipLink() {
  const { t } = useTranslation("common");
  return (
    <a href="#main" className="skip-link">
      {t("nav.skipToContent")}
    </a>
  );
}

/** The cart link with its count, for shop-context visitors (root data `cartCount`, null elsewhere). */
function CartBadge() {
  const { t } = useTranslation("common");
  const data = useRootData();
  if (!data || data.cartCount === null || (data.cartCount === 0 && !data.user.loggedIn)) return null;
  const to = pagePath("cart", pathLangOf(data.locale));
  if (!to) return null;
  return (
    <Link
      to={to}
      className="inline-flex min-h-11 items-center gap-1.5 rounded px-1 font-semibold text-slate-900 hover:text-primary-dark"
      aria-label={t("cartBadge.label", { count: data.cartCount })}
      data-testid="cart-badge"
    >
      <span>{t("cartBadge.text")}</span>
      <span className="rounded-full bg-primary-dark px-2 py-0.5 text-sm text-white" data-testid="cart-badge-count">
        {data.cartCount}
      </span>
    </Link>
  );
}

export function SiteHeader() {
  const { t } = useTranslation("common");
  const data = useRootData();
  if (!data) return null;
  const { brand, locale } = data;
  const lang = pathLangOf(locale);
  const links = MAIN_NAV.map((item) => ({ ...item, to: existingPagePath(item.pageId, lang, brand.key) })).filter(
    (item): item is typeof item & { to: string } => item.to !== null,
  );

  return (
    <header className="site-header">
      <div className="h-1 bg-primary" aria-hidden="true" />
      <div className="site-header-bar">
        <Link to="/" className="brand-link" aria-label={`${brand.title} — ${t("nav.home")}`} data-testid="brand-home-link">
          <img src={brand.logo} alt="" width={44} height={44} className="brand-logo" data-testid="brand-logo" />
          <span className="brand-title" data-testid="brand-title">
            {brand.title}
          </span>
        </Link>
        {/*
          Phones: one line (logo and a "Menu" button); the tools and links open below it, without JavaScript.
          From 48rem up the <details> is always open and its parts lay out as before (app.css, open-on-wide).
        */}
        <details className="open-on-wide contents-on-wide group" data-testid="site-menu">
          <summary className="menu-button">
            <Icon name="menu" size={20} />
            {t("nav.menu")}
          </summary>
          <div className="site-menu-panel">
            <div className="header-tools">
              <SearchBox className="w-full sm:w-64" />
              <LanguageSwitcher />
              <NotificationBell />
              <CartBadge />
              <UserMenu />
            </div>
            <nav aria-label={t("nav.main")} className="md:w-full">
              <ul className="main-nav-list">
                {links.map((item) => (
                  <li key={item.pageId}>
                    <NavLink to={item.to} end={item.to === "/"} className="nav-link">
                      {t(item.labelKey)}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </nav>
          </div>
        </details>
      </div>
    </header>
  );
}
