import { useTranslation } from "~/i18n/react";
import { Link } from "react-router";
import { CookieSettingsLink } from "~/components/cookies/cookie-consent";
import { Icon } from "~/components/ui/icon";
import { pathLangOf } from "#core/locales.ts";
import { useRootData } from "~/lib/use-root-data";
import { cookiePolicyPath, existingPagePath, FOOTER_NAV, legalPagePath } from "./nav-links";

const NETWORK_NAMES = { facebook: "Facebook", linkedin: "LinkedIn", instagram: "Instagram", youtube: "YouTube", x: "X" } as const;

export function SiteFooter() {
  const { t } = useTranslation("common");
  const data = useRootData();
  if (!data) return null;
  const { brand, locale } = data;
  const lang = pathLangOf(locale);
  const discover = FOOTER_NAV.map((item) => ({ ...item, to: existingPagePath(item.pageId, lang, brand.key) })).filter(
    (item): item is typeof item & { to: string } => item.to !== null,
  );
  const linkClass = "footer-link";
  return (
    <footer className="site-footer" data-testid="site-footer">
      <div className="site-footer-grid">
        <div className="flex flex-col gap-2">
          <div className="flex items-center gap-2">
            <img src={brand.logo} alt="" width={32} height={32} />
            <p className="text-base font-bold text-primary-dark">{brand.title}</p>
          </div>
          <p className="text-slate-700">{t("footer.tagline")}</p>
          <p>
            <a href={`mailto:${brand.contactEmail}`} className={linkClass}>
              {brand.contactEmail}
            </a>
          </p>
          {brand.dedicatedSupport ? (
            <p className="text-slate-700">
              {t("footer.support")}
              {t("colon")}{" "}
              <a href={`tel:${brand.dedicatedSupport.phone.replace(/\s/g, "")}`} className={linkClass}>
                {brand.dedicatedSupport.phone}
              </a>
            </p>
          ) : null}
        </div>
        <nav aria-labelledby="footer-discover-title">
          <h2 id="footer-discover-title" className="footer-heading">
            {t("footer.discover")}
          </h2>
          <ul className="footer-list">
            <li>
              <Link to={legalPagePath(brand, "about")} className={linkClass}>
                {t("footer.links.about")}
              </Link>
            </li>
            {discover.map((item) => (
              <li key={item.pageId}>
                <Link to={item.to} className={linkClass}>
                  {t(item.labelKey)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-social-title">
          <h2 id="footer-social-title" className="footer-heading">
            {t("footer.followUs")}
          </h2>
          <ul className="mt-2 flex flex-wrap gap-2">
            {brand.socialLinks.map((link) => (
              <li key={link.network}>
                <a href={link.url} rel="noopener noreferrer" className="social-link" data-testid={`social-${link.network}`}>
                  <Icon name={link.network} size={20} />
                  <span>{NETWORK_NAMES[link.network]}</span>
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-legal-title">
          <h2 id="footer-legal-title" className="footer-heading">
            {t("footer.legal")}
          </h2>
          <ul className="footer-list">
            {(["legalNotice", "terms", "privacy"] as const).map((page) => (
              <li key={page}>
                <Link to={legalPagePath(brand, page)} className={linkClass} data-testid={`footer-${page}`}>
                  {t(`footer.links.${page}`)}
                </Link>
              </li>
            ))}
            <li>
              <Link to={cookiePolicyPath(lang, brand.key)} className={linkClass}>
                {t("footer.cookiePolicy")}
              </Link>
            </li>
            <li>
              <CookieSettingsLink className="footer-cookie-link">
                <Icon name="cookie" size={20} />
                {t("footer.cookieSettings")}
              </CookieSettingsLink>
            </li>
          </ul>
        </nav>
      </div>
      <div className="site-footer-bottom">
        © {new Date().getFullYear()} {brand.title}. {t("footer.rights")}
      </div>
    </footer>
  );
}
