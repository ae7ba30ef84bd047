import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useRootData } from "~/lib/use-root-data";

export function SiteFooter() {
  const { t } = useTranslation("common");
  const data = useRootData();
  if (!data) return null;
  const { brand, locale } = data;
  const cookiePolicyPath = locale === "es-ES" ? "/politica-cookies" : "/cookiespolicy";
  return (
    <footer className="mt-16 border-t border-slate-200 bg-slate-50">
      <div className="mx-auto flex max-w-6xl flex-wrap items-start justify-between gap-6 px-4 py-8 text-sm">
        <div>
          <p className="font-semibold">{brand.title}</p>
          <p className="text-slate-700">
            © {new Date().getFullYear()} {brand.title}. {t("footer.rights")}
          </p>
        </div>
        <nav aria-label={t("footer.followUs")}>
          <p className="font-semibold">{t("footer.followUs")}</p>
          <ul className="mt-2 flex gap-3">
            {brand.socialLinks.map((link) => (
              <li key={link.network}>
                <a href={link.url} rel="noopener noreferrer" className="capitalize text-slate-800 underline">
                  {link.network}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <ul className="flex flex-col gap-1">
          <li>
            <Link to={cookiePolicyPath} className="text-slate-800 underline">
              {t("footer.cookiePolicy")}
            </Link>
          </li>
        </ul>
      </div>
    </footer>
  );
}
