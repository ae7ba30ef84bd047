import { useTranslation } from "~/i18n/react";
import { Link } from "react-router";
import type { Route } from "./+types/experts";
import { contentContext, loadContent } from "~/routes/content/content.server";
import { ContentMain } from "~/components/content/content-main";
import { usePagePath } from "~/i18n/use-page-path";
import { pageMeta } from "~/lib/meta";
import { contentEndpoints } from "#core/contract/endpoints/content.ts";

/** /experts, /expertos: the brand's trainers and authors. */
export async function loader({ url, context }: Route.LoaderArgs) {
  const { back, t } = contentContext(context);
  const { experts } = await loadContent(url, () => back.call(contentEndpoints.experts));
  return { experts, meta: { title: t("experts.title"), description: t("experts.description") } };
}

export const meta: Route.MetaFunction = ({ matches, loaderData, error }) => pageMeta(matches, { ...loaderData?.meta, failed: error ?? !loaderData?.meta });

export default function Experts({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("content");
  const path = usePagePath();
  const { experts, meta } = loaderData;
  return (
    <ContentMain title={meta.title} lead={<p>{t("experts.lead")}</p>} width="wide" testId="experts-page">
      {experts.length ? (
        <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {experts.map((expert) => (
            <li
              key={expert.slug}
              className="relative flex gap-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm focus-within:shadow-md hover:shadow-md"
              data-testid="expert-card"
            >
              {expert.photo ? <img src={expert.photo} alt="" width={80} height={80} className="h-20 w-20 shrink-0 rounded-full" loading="lazy" /> : null}
              <div className="flex flex-col gap-1">
                <h2 className="text-lg font-bold leading-snug">
                  <Link to={path("expert", { slug: expert.slug })} className="text-slate-900 after:absolute after:inset-0 after:content-[''] hover:underline">
                    {expert.name}
                  </Link>
                </h2>
                {expert.title ? <p className="text-sm text-slate-800">{expert.title}</p> : null}
                <p className="text-sm font-semibold text-slate-700">{t("experts.trainings", { count: expert.trainingCount })}</p>
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <p className="rounded border border-slate-200 bg-slate-50 p-4">{t("experts.empty")}</p>
      )}
    </ContentMain>
  );
}
