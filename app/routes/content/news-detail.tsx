import { useTranslation } from "~/i18n/react";
import type { Route } from "./+types/news-detail";
import { BackLink } from "~/components/content/back-link";
import { contentContext, loadContent } from "~/routes/content/content.server";
import { ContentMain } from "~/components/content/content-main";
import { formatDate, isoDay } from "#core/domain/format.ts";
import { NewsCard } from "~/components/content/news-card";
import { RichText } from "~/components/content/rich-text";
import { usePagePath } from "~/i18n/use-page-path";
import { useRootData } from "~/lib/use-root-data";
import { pageMeta } from "~/lib/meta";
import { contentEndpoints } from "#core/contract/endpoints/content.ts";

/** /actualites/{slug}, /noticias/{slug}: one published news item of the brand. */
export async function loader({ url, params, context }: Route.LoaderArgs) {
  const { back } = contentContext(context);
  const payload = await loadContent(url, () => back.call(contentEndpoints.news, { params: { slug: params.slug } }));
  return { ...payload, meta: { title: payload.news.title, description: payload.news.description } };
}

export const meta: Route.MetaFunction = ({ matches, loaderData, error }) => pageMeta(matches, { ...loaderData?.meta, failed: error ?? !loaderData?.meta });

export default function NewsDetail({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("content");
  const path = usePagePath();
  const locale = useRootData()?.locale ?? "fr-FR";
  const { news, latest } = loaderData;
  return (
    <ContentMain
      title={news.title}
      before={<BackLink to={path("news")}>{t("news.back")}</BackLink>}
      lead={
        news.publishedAt ? (
          <p className="text-base text-slate-700">
            {t("news.publishedOn")} <time dateTime={isoDay(news.publishedAt)}>{formatDate(news.publishedAt, locale, "long")}</time>
          </p>
        ) : undefined
      }
      testId="news-detail"
    >
      {news.illustration ? <img src={news.illustration} alt="" width={640} height={360} className="mb-6 aspect-video w-full rounded-lg object-cover" /> : null}
      {news.summary ? <p className="mb-6 text-xl font-semibold text-slate-900">{news.summary}</p> : null}
      <RichText html={news.body} testId="content-body" />
      {latest.length ? (
        <section aria-labelledby="latest-news" className="mt-12 border-t border-slate-200 pt-8">
          <h2 id="latest-news" className="mb-5 text-2xl font-bold">
            {t("news.latest")}
          </h2>
          <ul className="grid gap-5 sm:grid-cols-2">
            {latest.map((item) => (
              <li key={item.slug}>
                <NewsCard item={item} href={path("news-detail", { slug: item.slug })} locale={locale} headingLevel={3} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </ContentMain>
  );
}
