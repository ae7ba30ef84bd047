import { useTranslation } from "~/i18n/react";
import { Link } from "react-router";
import type { Route } from "./+types/landing-trod";
import { existingPagePath } from "~/components/layout/nav-links";
import { ButtonAnchor, ButtonLink } from "~/components/ui/button";
import { Icon, type IconName } from "~/components/ui/icon";
import { pathLangOf } from "#core/locales.ts";
import { pageMeta } from "~/lib/meta";
import { useRootData } from "~/lib/use-root-data";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { titleKey: "landing:meta.title", descriptionKey: "landing:meta.description" });

const BENEFITS: { key: string; icon: IconName }[] = [
  { key: "protocol", icon: "check" },
  { key: "practice", icon: "user" },
  { key: "flexible", icon: "clock" },
  { key: "funded", icon: "info" },
];

const PROGRAMME = ["context", "angina", "cystitis", "practice", "followUp"] as const;

/** Landing page for the rapid-test (TROD) trainings: French only, no site chrome. */
export default function LandingTrod() {
  const { t } = useTranslation("landing");
  const data = useRootData();
  if (!data) return null;
  const { brand, locale } = data;
  const catalogue = existingPagePath("catalogue", pathLangOf(locale), brand.key);
  return (
    <div className="min-h-screen bg-white">
      <header className="border-b border-slate-200">
        <div className="mx-auto flex max-w-5xl items-center justify-between gap-4 px-4 py-3">
          <Link to="/" className="flex items-center gap-3 rounded" data-testid="landing-home-link">
            <img src={brand.logo} alt="" width={40} height={40} />
            <span className="text-lg font-bold text-primary-dark">{brand.title}</span>
          </Link>
          <Link to="/" className="flex items-center gap-1 rounded font-medium text-slate-800 underline underline-offset-2">
            <Icon name="arrow-left" size={20} />
            {t("backToSite")}
          </Link>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="outline-none">
        <section className="bg-primary-dark text-white" aria-labelledby="landing-title">
          <div className="mx-auto flex max-w-5xl flex-col gap-5 px-4 py-14">
            <p className="text-sm font-semibold uppercase tracking-wide">{t("eyebrow")}</p>
            <h1 id="landing-title" className="max-w-3xl text-4xl font-extrabold leading-tight md:text-5xl">
              {t("title")}
            </h1>
            <p className="max-w-3xl text-lg">{t("intro")}</p>
            <div className="flex flex-wrap gap-3">
              <ButtonAnchor href="#programme" variant="secondary" className="border-white">
                {t("ctaProgramme")}
              </ButtonAnchor>
              <ButtonLink to={catalogue ?? "/"} variant="secondary" className="border-white" icon="arrow-right" iconPosition="end">
                {catalogue ? t("ctaCatalogue") : t("ctaHome")}
              </ButtonLink>
            </div>
          </div>
        </section>

        <section aria-labelledby="landing-benefits" className="mx-auto max-w-5xl px-4 py-12">
          <h2 id="landing-benefits" className="text-2xl font-bold">
            {t("benefits.title")}
          </h2>
          <ul className="mt-6 grid gap-5 sm:grid-cols-2">
            {BENEFITS.map((benefit) => (
              <li key={benefit.key} className="flex gap-4 rounded-lg border border-slate-200 p-5">
                <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-primary text-white">
                  <Icon name={benefit.icon} size={24} />
                </span>
                <div>
                  <h3 className="font-bold">{t(`benefits.${benefit.key}.title`)}</h3>
                  <p className="mt-1 text-slate-700">{t(`benefits.${benefit.key}.text`)}</p>
                </div>
              </li>
            ))}
          </ul>
        </section>

        <section id="programme" aria-labelledby="landing-programme" className="scroll-mt-4 bg-slate-50">
          <div className="mx-auto max-w-5xl px-4 py-12">
            <h2 id="landing-programme" className="text-2xl font-bold">
              {t("programme.title")}
            </h2>
            <ol className="mt-6 flex flex-col gap-4">
              {PROGRAMME.map((step, index) => (
                <li key={step} className="flex gap-4">
                  <span
                    className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full border-2 border-primary font-bold text-primary-dark"
                    aria-hidden="true"
                  >
                    {index + 1}
                  </span>
                  <div>
                    <h3 className="font-bold">{t(`programme.${step}.title`)}</h3>
                    <p className="text-slate-700">{t(`programme.${step}.text`)}</p>
                  </div>
                </li>
              ))}
            </ol>
          </div>
        </section>

        <section aria-labelledby="landing-next" className="mx-auto max-w-5xl px-4 py-12 text-center">
          <h2 id="landing-next" className="text-2xl font-bold">
            {t("next.title")}
          </h2>
          <p className="mx-auto mt-2 max-w-2xl text-slate-700">{t("next.text")}</p>
          <ButtonLink to={catalogue ?? "/"} className="mt-6" icon="arrow-right" iconPosition="end">
            {catalogue ? t("ctaCatalogue") : t("ctaHome")}
          </ButtonLink>
        </section>
      </main>
      <footer className="border-t border-slate-200 py-6 text-center text-sm text-slate-700">
        © {new Date().getFullYear()} {brand.title} ·{" "}
        <Link to="/" className="underline underline-offset-2">
          {t("backToSite")}
        </Link>
      </footer>
    </div>
  );
}
