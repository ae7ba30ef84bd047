import { data, Link } from "react-router";
import type { Route } from "./+types/profile-history";
import { ProfileLayout } from "~/components/account/profile-layout";
import { pointsAccess } from "~/routes/account/profile.server";
import { Pager } from "~/components/ui/pager";
import { formatScore } from "#core/domain/format.ts";
import { HistoryTable } from "~/components/records/history-table";
import type { Averages, HistoryResponse } from "~/components/records/types";
import { paginate } from "#core/domain/pagination.ts";
import { useTranslation } from "~/i18n/react";
import { usePagePath } from "~/i18n/use-page-path";
import { BackError } from "~/lib/back.server";
import { requestStateContext } from "~/lib/context";
import { getLoggedInUser } from "~/lib/current-user.server";
import { serverT } from "~/lib/translate.server";
import { pageMeta } from "~/lib/meta";
import { recordsEndpoints } from "#core/contract/endpoints/records.ts";

const HISTORY_PAGE_SIZE = 20;

export async function loader({ url, context }: Route.LoaderArgs) {
  const user = await getLoggedInUser(context);
  const { back, locale } = context.get(requestStateContext);
  let history: HistoryResponse;
  let averages: Averages;
  try {
    [history, averages] = await Promise.all([back.call(recordsEndpoints.history), back.call(recordsEndpoints.currentAverages)]);
  } catch (error) {
    // Spec section 8: a failed history fetch is an error page with this message and the response status.
    if (error instanceof BackError) throw data("Error fetch history", { status: error.status });
    throw error;
  }
  const pageParam = Number(url.searchParams.get("page") ?? "1");
  const page = paginate({ total: history.entries.length, page: pageParam, pageSize: HISTORY_PAGE_SIZE });
  // Points are shown only with points access: the API leaves them out otherwise, and the page checks too.
  const showPoints = history.pointsAccess && pointsAccess(user);
  return {
    title: serverT(context, "records")("history.title"),
    locale,
    entries: history.entries.slice(page.offset, page.offset + page.pageSize),
    totals: history.totals,
    averages,
    showPoints,
    paging: { page: page.page, pageSize: page.pageSize, total: page.total },
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => pageMeta(matches, { title: loaderData?.title, noindex: true });

export default function ProfileHistory({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("records");
  const { t: tAccount } = useTranslation("account");
  const path = usePagePath();
  const { locale, entries, totals, averages, showPoints, paging } = loaderData;
  const percent = (value: number | null) => {
    const text = formatScore(value, locale);
    return text === null ? t("history.noScore") : t("history.percent", { value: text });
  };
  return (
    <ProfileLayout title={tAccount("profile.title")}>
      <h2 className="mb-4 text-2xl font-bold">{t("history.title")}</h2>
      {totals.entries === 0 ? (
        <div data-testid="history-empty" className="rounded-lg border border-slate-300 p-6">
          <p className="mb-3">{t("history.empty")}</p>
          <Link to={path("catalogue")} className="font-semibold text-[var(--color-primary-dark)] underline">
            {t("history.browseCatalogue")}
          </Link>
        </div>
      ) : (
        <>
          <section aria-label={t("history.totals")} className="mb-6 rounded-lg border border-slate-300 bg-slate-50 p-4" data-testid="history-totals">
            <p className="font-semibold">
              {t("history.totalEntries", { count: totals.entries })} · {t("history.totalFinished", { count: totals.finished })}
              {showPoints && totals.points !== null ? (
                <>
                  {" · "}
                  <span data-testid="total-points">{t("history.totalPoints", { points: totals.points })}</span>
                </>
              ) : null}
            </p>
            <p className="mt-1">
              {t("history.averages", { initial: percent(averages.initialScore), final: percent(averages.finalScore), progress: percent(averages.progress) })}
            </p>
          </section>
          <HistoryTable entries={entries} locale={locale} showPoints={showPoints} />
          <Pager
            className="mt-10"
            paging={paging}
            hrefFor={(p) => `?page=${p}`}
            labels={{ nav: t("history.pagination"), previous: t("history.previous"), next: t("history.next"), page: (p) => t("history.page", { page: p }) }}
          />
        </>
      )}
    </ProfileLayout>
  );
}
