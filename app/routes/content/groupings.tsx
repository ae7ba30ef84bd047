import { useTranslation } from "~/i18n/react";
import type { Route } from "./+types/groupings";
import { contentContext, loadContent } from "~/routes/content/content.server";
import { ContentMain } from "~/components/content/content-main";
import { Icon } from "~/components/ui/icon";
import { pageMeta } from "~/lib/meta";
import { contentEndpoints } from "#core/contract/endpoints/content.ts";

/** /groupements, /grupos: the pharmacy groupings the brand works with. */
export async function loader({ url, context }: Route.LoaderArgs) {
  const { back, t } = contentContext(context);
  const { groupings } = await loadContent(url, () => back.call(contentEndpoints.groupings));
  return { groupings, meta: { title: t("groupings.title"), description: t("groupings.description") } };
}

export const meta: Route.MetaFunction = ({ matches, loaderData, error }) => pageMeta(matches, { ...loaderData?.meta, failed: error ?? !loaderData?.meta });

export default function Groupings({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("content");
  const { groupings, meta } = loaderData;
  return (
    <ContentMain title={meta.title} lead={<p>{t("groupings.lead")}</p>} width="wide" testId="groupings-page">
      {groupings.length ? (
        <ul className="grid gap-5 md:grid-cols-2">
          {groupings.map((grouping) => (
            <li key={grouping.slug} className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-5 shadow-sm" data-testid="grouping">
              {grouping.logo ? <img src={grouping.logo} alt="" width={240} height={64} className="h-16 w-auto self-start" loading="lazy" /> : null}
              <h2 className="text-xl font-bold text-slate-900">{grouping.name}</h2>
              <p className="flex-1 text-slate-800">{grouping.description}</p>
              {grouping.website ? (
                <p>
                  <a
                    href={grouping.website}
                    rel="noopener noreferrer"
                    className="inline-flex items-center gap-1 font-semibold text-primary-dark underline underline-offset-2 hover:no-underline"
                  >
                    {t("groupings.website", { name: grouping.name })}
                    <Icon name="external" size={20} />
                  </a>
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="rounded border border-slate-200 bg-slate-50 p-4">{t("groupings.empty")}</p>
      )}
      <p className="mt-10 text-slate-800">{t("groupings.join")}</p>
    </ContentMain>
  );
}
