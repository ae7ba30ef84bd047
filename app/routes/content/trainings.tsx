import { useTranslation } from "~/i18n/react";
import { Link } from "react-router";
import type { Route } from "./+types/trainings";
import { contentContext, loadContent } from "~/routes/content/content.server";
import { ContentMain } from "~/components/content/content-main";
import { RichText } from "~/components/content/rich-text";
import { existingPagePath } from "~/components/layout/nav-links";
import { Icon } from "~/components/ui/icon";
import { trainingTypeColour } from "#core/domain/training-types.ts";
import { pathLangOf } from "#core/locales.ts";
import { pageMeta } from "~/lib/meta";
import { contentEndpoints } from "#core/contract/endpoints/content.ts";

/** /formations, /entrenamientos: the training types explained, each with a link to the catalogue filtered by type. */
export async function loader({ url, context }: Route.LoaderArgs) {
  const { back, brand, locale, t } = contentContext(context);
  const overview = await loadContent(url, () => back.call(contentEndpoints.trainings));
  const title = overview.intro?.title || t("trainings.title");
  return {
    overview,
    cataloguePath: existingPagePath("catalogue", pathLangOf(locale), brand.key),
    spanishDomain: brand.contentLang === "es",
    meta: { title, description: overview.intro?.description || t("trainings.description") },
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData, error }) => pageMeta(matches, { ...loaderData?.meta, failed: error ?? !loaderData?.meta });

export default function TrainingsOverview({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("content");
  const { overview, cataloguePath, spanishDomain, meta } = loaderData;
  return (
    <ContentMain title={meta.title} width="wide" testId="trainings-overview">
      {overview.intro?.body ? (
        <RichText html={overview.intro.body} className="max-w-3xl text-lg" />
      ) : (
        <p className="max-w-3xl text-lg">{t("trainings.description")}</p>
      )}
      {overview.types.length ? (
        <ul className="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {overview.types.map(({ type, count }) => {
            const name = t(`trainings.types.${type}.title`);
            return (
              <li
                key={type}
                className="flex flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm"
                data-testid="training-type"
                data-type={type}
              >
                <div className="h-2" style={{ backgroundColor: trainingTypeColour(type, { spanishDomain }) }} aria-hidden="true" />
                <div className="flex flex-1 flex-col gap-3 p-5">
                  <h2 className="text-xl font-bold text-slate-900">{name}</h2>
                  <p className="flex-1 text-slate-800">{t(`trainings.types.${type}.text`)}</p>
                  <p className="text-sm font-semibold text-slate-700">{t("trainings.count", { count })}</p>
                  {cataloguePath ? (
                    <Link
                      to={`${cataloguePath}?${new URLSearchParams({ type })}`}
                      className="inline-flex items-center gap-1 font-semibold text-primary-dark underline underline-offset-2 hover:no-underline"
                    >
                      {t("trainings.see", { type: name })}
                      <Icon name="arrow-right" size={20} />
                    </Link>
                  ) : null}
                </div>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="mt-8 rounded border border-slate-200 bg-slate-50 p-4">{t("trainings.empty")}</p>
      )}
      {cataloguePath ? (
        <p className="mt-10">
          <Link
            to={cataloguePath}
            className="inline-flex items-center gap-1 text-lg font-semibold text-primary-dark underline underline-offset-2 hover:no-underline"
          >
            {t("trainings.seeAll")}
            <Icon name="arrow-right" size={20} />
          </Link>
        </p>
      ) : null}
    </ContentMain>
  );
}
