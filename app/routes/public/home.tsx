import { useTranslation } from "~/i18n/react";
import { redirect } from "react-router";
import type { Route } from "./+types/home";
import type { FeaturedPayload } from "#core/contract/home.ts";
import { platformEndpoints } from "#core/contract/endpoints/platform.ts";
import { existingPagePath } from "~/components/layout/nav-links";
import { HeroIllustration } from "~/components/home/hero-illustration";
import { CourseCard, cardCourseOfFeatured } from "~/components/catalogue/course-card";
import { ButtonAnchor, ButtonLink } from "~/components/ui/button";
import { Icon, type IconName } from "~/components/ui/icon";
import { pathLangOf } from "#core/locales.ts";
import { BackError } from "~/lib/back.server";
import { requestStateContext } from "~/lib/context";
import { pageMeta } from "~/lib/meta";
import { useRootData } from "~/lib/use-root-data";

export async function loader({ context }: Route.LoaderArgs) {
  const { back, brand, locale } = context.get(requestStateContext);
  const [session, featured] = await Promise.all([
    back.call(platformEndpoints.isLogged),
    back.call(platformEndpoints.featured).catch((error: unknown) => {
      // The home still shows its hero when the featured list is unavailable.
      if (error instanceof BackError) return { brand: brand.key, lang: brand.contentLang, trainings: [] } satisfies FeaturedPayload;
      throw error;
    }),
  ]);
  // Spec: home sends a logged-in user to the catalogue (once that page exists).
  const cataloguePath = existingPagePath("catalogue", pathLangOf(locale), brand.key);
  if (session.loggedIn && cataloguePath) throw redirect(cataloguePath);
  // The cards' fields only (the featured payload also carries the illustration and the stored type).
  return { loggedIn: session.loggedIn, trainings: featured.trainings.map(cardCourseOfFeatured) };
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { titleKey: "home:meta.title", descriptionKey: "home:meta.description" });

const BENEFITS: { key: string; icon: IconName }[] = [
  { key: "accredited", icon: "check" },
  { key: "formats", icon: "globe" },
  { key: "team", icon: "user" },
];

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("home");
  const root = useRootData();
  if (!root) return null;
  const { brand, locale } = root;
  const lang = pathLangOf(locale);
  const { loggedIn, trainings } = loaderData;
  const cataloguePath = existingPagePath("catalogue", lang, brand.key);
  const loginPath = existingPagePath("login", lang, brand.key);
  const landingPath = existingPagePath("landing-trod", lang, brand.key);
  const listTitle = loggedIn ? t("yourTrainings.title") : t("featured.title");

  return (
    <main id="main" tabIndex={-1} className="outline-none">
      <section className="bg-linear-to-b from-slate-50 to-white" aria-labelledby="hero-title" data-testid="home-hero">
        <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-12 md:grid-cols-2 md:py-16">
          <div className="flex flex-col gap-5">
            <p className="text-sm font-semibold uppercase tracking-wide text-primary-dark">{t("hero.eyebrow", { context: brand.key })}</p>
            <h1 id="hero-title" className="text-4xl font-extrabold leading-tight text-slate-900 md:text-5xl">
              {t("hero.title", { brand: brand.title, context: brand.key })}
            </h1>
            <p className="max-w-xl text-lg text-slate-800">{t("hero.subtitle", { context: brand.key })}</p>
            <div className="flex flex-wrap gap-3">
              {brand.authenticatedOnly && !loggedIn && loginPath ? (
                <ButtonLink to={loginPath} icon="arrow-right" iconPosition="end">
                  {t("hero.login")}
                </ButtonLink>
              ) : cataloguePath ? (
                <ButtonLink to={cataloguePath} icon="arrow-right" iconPosition="end">
                  {t("hero.cta")}
                </ButtonLink>
              ) : (
                <ButtonAnchor href="#featured" icon="arrow-right" iconPosition="end">
                  {t("hero.cta")}
                </ButtonAnchor>
              )}
              {landingPath ? (
                <ButtonLink to={landingPath} variant="secondary">
                  {t("hero.trod")}
                </ButtonLink>
              ) : null}
            </div>
          </div>
          <HeroIllustration className="mx-auto w-full max-w-md" />
        </div>
      </section>

      <section aria-labelledby="benefits-title" className="mx-auto max-w-6xl px-4 py-8">
        <h2 id="benefits-title" className="sr-only">
          {t("benefits.title")}
        </h2>
        <ul className="grid gap-4 sm:grid-cols-3">
          {BENEFITS.map((benefit) => (
            <li key={benefit.key} className="flex gap-3 rounded-lg border border-slate-200 p-4">
              <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-primary text-white">
                <Icon name={benefit.icon} size={20} />
              </span>
              <div>
                <p className="font-bold">{t(`benefits.${benefit.key}.title`)}</p>
                <p className="text-sm text-slate-700">{t(`benefits.${benefit.key}.text`)}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>

      <section id="featured" aria-labelledby="featured-title" className="mx-auto max-w-6xl scroll-mt-4 px-4 py-8" data-testid="featured-trainings">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <h2 id="featured-title" className="text-2xl font-bold">
              {listTitle}
            </h2>
            <p className="mt-1 text-slate-700">{loggedIn ? t("yourTrainings.text") : t("featured.text")}</p>
          </div>
          {cataloguePath ? (
            <ButtonLink to={cataloguePath} variant="secondary" size="small" icon="arrow-right" iconPosition="end">
              {t("featured.all")}
            </ButtonLink>
          ) : null}
        </div>
        {trainings.length ? (
          <ul className="mt-6 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {trainings.map((training) => (
              <li key={training.id}>
                <CourseCard course={training} brand={brand} locale={locale} headingLevel={3} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-6 rounded border border-slate-200 bg-slate-50 p-4 text-slate-800">{t("featured.empty")}</p>
        )}
      </section>
    </main>
  );
}
