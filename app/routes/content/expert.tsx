import { useTranslation } from "~/i18n/react";
import type { Route } from "./+types/expert";
import { BackLink } from "~/components/content/back-link";
import { contentContext, loadContent } from "~/routes/content/content.server";
import { ContentMain } from "~/components/content/content-main";
import { CourseCard, cardCourseOfFeatured } from "~/components/catalogue/course-card";
import { usePagePath } from "~/i18n/use-page-path";
import { useRootData } from "~/lib/use-root-data";
import { pageMeta } from "~/lib/meta";
import { contentEndpoints } from "#core/contract/endpoints/content.ts";

/** /experts/{slug} (both languages): an expert, their biography and their trainings. */
export async function loader({ url, params, context }: Route.LoaderArgs) {
  const { back } = contentContext(context);
  const payload = await loadContent(url, () => back.call(contentEndpoints.expert, { params: { slug: params.slug } }));
  return {
    ...payload,
    meta: { title: payload.expert.name, description: [payload.expert.title, payload.expert.bio].filter(Boolean).join(" — ").slice(0, 300) },
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData, error }) => pageMeta(matches, { ...loaderData?.meta, failed: error ?? !loaderData?.meta });

export default function Expert({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("content");
  const path = usePagePath();
  const root = useRootData();
  const { expert, trainings } = loaderData;
  return (
    <ContentMain
      title={expert.name}
      lead={expert.title ? <p>{expert.title}</p> : undefined}
      width="wide"
      before={<BackLink to={path("experts")}>{t("experts.back")}</BackLink>}
      testId="expert-page"
    >
      <div className="flex flex-col gap-6 md:flex-row md:items-start">
        {expert.photo ? <img src={expert.photo} alt="" width={160} height={160} className="h-40 w-40 shrink-0 rounded-full" /> : null}
        {expert.bio ? <p className="max-w-3xl text-lg leading-relaxed text-slate-800">{expert.bio}</p> : null}
      </div>
      <section aria-labelledby="expert-trainings" className="mt-12">
        <h2 id="expert-trainings" className="text-2xl font-bold">
          {t("experts.trainingsTitle", { name: expert.name })}
        </h2>
        {trainings.length && root ? (
          <ul className="mt-6 grid gap-5 sm:grid-cols-2 lg:grid-cols-3" data-testid="expert-trainings">
            {trainings.map((training) => (
              <li key={training.id}>
                <CourseCard course={cardCourseOfFeatured(training)} brand={root.brand} locale={root.locale} headingLevel={3} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-6 rounded border border-slate-200 bg-slate-50 p-4">{t("experts.noTrainings")}</p>
        )}
      </section>
    </ContentMain>
  );
}
