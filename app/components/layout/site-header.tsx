import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useRootData } from "~/lib/use-root-data";
import { LanguageSwitcher } from "./language-switcher";

export function SiteHeader() {
  const { t } = useTranslation("common");
  const data = useRootData();
  if (!data) return null;
  const { brand } = data;
  return (
    <header className="border-b border-slate-200 bg-white">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:bg-white focus:p-2">
        {t("nav.skipToContent")}
      </a>
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-4 px-4 py-3">
        <Link to="/" className="flex items-center gap-2" aria-label={`${brand.title} — ${t("nav.home")}`}>
          <img src={brand.logo} alt="" width={40} height={40} />
          <span className="text-lg font-bold text-[var(--color-primary-dark)]">{brand.title}</span>
        </Link>
        <nav aria-label={t("nav.main")}>
          <ul className="flex gap-4">
            <li>
              <Link to="/" className="font-medium text-slate-800 hover:underline">
                {t("nav.home")}
              </Link>
            </li>
          </ul>
        </nav>
        <LanguageSwitcher />
      </div>
    </header>
  );
}
