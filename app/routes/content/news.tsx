import { useTranslation } from "~/i18n/react";
import { useLocation } from "react-router";
import type { Route } from "./+types/news";
import { contentContext, loadContent, notFound } from "~/routes/content/content.server";
import { ContentMain } from "~/components/content/content-main";
import { NewsCard } from "~/components/content/news-card";
import { Pager } from "~/components/ui/pager";
import { usePagePath } from "~/i18n/use-page-path";
import { useRootData } from "~/lib/use-root-data";
import { pageMeta } from "~/lib/meta";
import { contentEndpoints } from "#core/contract/endpoints/content.ts";

/** /actualites, /noticias: published news, 10 a page (?page=N; a page out of range is a 404). */
export async function loader({ url, context }: Route.LoaderArgs) {
  const { back, t } = contentContext(context);
  const raw = url.searchParams.get("page");
  if (raw !== null && !/^[1-9][0-9]{0,5}$/.test(raw)) notFound(url);
  const page = raw ? Number(raw) : 1;
  const list = await loadContent(url, () => back.call(contentEndpoints.newsList, { query: { page } }));
  const title = list.page > 1 ? t("news.titlePage", { page: list.page, count: list.pageCount }) : t("news.title");
  return { list, meta: { title, description: t("news.description") } };
}

export const meta: Route.MetaFunction = ({ matches, loaderData, error }) => pageMeta(matches, { ...loaderData?.meta, failed: error ?? !loaderData?.meta });

export default function News({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("content");
  const path = usePagePath();
  const locale = useRootData()?.locale ?? "fr-FR";
  const { pathname } = useLocation();
  const { list } = loaderData;
  return (
    <ContentMain
      title={t("news.title")}
      lead={list.pageCount > 1 ? <p data-testid="news-page-status">{t("news.pageOf", { page: list.page, count: list.pageCount })}</p> : undefined}
      width="wide"
      testId="news-page"
    >
      {list.items.length ? (
        <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3" data-testid="news-list">
          {list.items.map((item) => (
            <li key={item.slug}>
              <NewsCard item={item} href={path("news-detail", { slug: item.slug })} locale={locale} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="rounded border border-slate-200 bg-slate-50 p-4">{t("news.empty")}</p>
      )}
      <Pager
        className="mt-10"
        paging={list}
        hrefFor={(page) => (page === 1 ? pathname : `${pathname}?page=${page}`)}
        labels={{
          nav: t("news.pagination.nav"),
          previous: t("news.pagination.previous"),
          next: t("news.pagination.next"),
          page: (page) => t("news.pagination.page", { page }),
        }}
      />
    </ContentMain>
  );
}
