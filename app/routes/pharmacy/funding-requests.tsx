import { Link } from "react-router";
import type { Route } from "./+types/funding-requests";
import { FundingFrame } from "~/components/pharmacy-funding/frame";
import { FundingRequestTable } from "~/components/pharmacy-funding/request-table";
import { ButtonLink } from "~/components/ui/button";
import { useTranslation } from "~/i18n/react";
import { usePagePath } from "~/i18n/use-page-path";
import { requestStateContext } from "~/lib/context";
import { serverT } from "~/lib/translate.server";
import { FUNDING_STATES } from "#core/domain/funding-requests.ts";
import { formatDate, formatDuration, formatMoney } from "#core/domain/format.ts";
import { STATE_PAGES } from "~/components/pharmacy-funding/state-pages";
import { loadFundingList } from "./funding.server";
import { usePharmacyArea } from "~/components/pharmacy/pharmacy-tabs";
import { pageMeta } from "~/lib/meta";
import { fundingRequestsEndpoints } from "#core/contract/endpoints/funding-requests.ts";

/** The funding requests' overview: a count per state (links to each state's page), the requests being created,
 * and for a Spanish pharmacy the FUNDAE groups with the report file. */
export async function loader({ context }: Route.LoaderArgs) {
  const { back, locale, brand } = context.get(requestStateContext);
  const spanish = brand.key === "es" || brand.key === "es-campus";
  const [list, fundae] = await Promise.all([loadFundingList(context), spanish ? back.call(fundingRequestsEndpoints.fundaeGroups) : Promise.resolve(null)]);
  return {
    title: serverT(context, "pharmacy-funding")("overview.title"),
    locale,
    counts: list.counts,
    creation: list.requests.filter((r) => r.state === "creation"),
    fundae,
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => pageMeta(matches, { title: loaderData?.title, noindex: true });

export default function FundingRequests({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("pharmacy-funding");
  const path = usePagePath();
  const { title, locale, counts, creation, fundae } = loaderData;
  const { readOnly } = usePharmacyArea();
  return (
    <FundingFrame title={title} states>
      <section aria-labelledby="funding-states-title" className="mb-8">
        <h2 id="funding-states-title" className="mb-3 text-xl font-bold">
          {t("overview.byState")}
        </h2>
        <ul className="grid gap-3 sm:grid-cols-5" data-testid="funding-counts">
          {FUNDING_STATES.map((state) => (
            <li key={state} className="rounded-lg border border-slate-300 p-3">
              {state === "creation" ? (
                <a href="#funding-creation-title" className="font-semibold text-[var(--color-primary-dark)] underline">
                  {t(`states.${state}`)}
                </a>
              ) : (
                <Link to={path(STATE_PAGES[state])} className="font-semibold text-[var(--color-primary-dark)] underline">
                  {t(`states.${state}`)}
                </Link>
              )}
              <span className="block text-2xl font-bold" data-testid={`funding-count-${state}`}>
                {counts[state]}
              </span>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="funding-creation-title" className="mb-8">
        <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
          <h2 id="funding-creation-title" className="text-xl font-bold">
            {t("overview.inCreation")}
          </h2>
          {readOnly ? null : <ButtonLink to={path("pharmacy-funding-create")}>{t("nav.create")}</ButtonLink>}
        </div>
        <FundingRequestTable requests={creation} locale={locale} caption={t("overview.inCreationCaption")} />
      </section>
      {fundae ? (
        <section aria-labelledby="fundae-title" data-testid="fundae-groups">
          <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
            <h2 id="fundae-title" className="text-xl font-bold">
              {t("fundae.title")}
            </h2>
            <a
              href={path("pharmacy-fundae-report")}
              download
              className="font-semibold text-[var(--color-primary-dark)] underline"
              data-testid="fundae-download"
            >
              {t("fundae.download")}
            </a>
          </div>
          {fundae.length === 0 ? (
            <p>{t("fundae.empty")}</p>
          ) : (
            <ul className="grid gap-3">
              {fundae.map((g) => (
                <li key={g.sessionId} className="rounded-lg border border-slate-300 p-4">
                  <h3 className="font-semibold">
                    {g.trainingName} · {g.sessionName}
                  </h3>
                  <p className="text-sm">
                    {t("fundae.dates", { start: formatDate(g.startDate, locale), end: formatDate(g.endDate, locale) })} · {formatDuration(g.minutes)}
                  </p>
                  <p className="text-sm">
                    {t("fundae.costs", {
                      total: formatMoney(g.totalCents, "EUR", locale),
                      funded: formatMoney(g.fundedCents, "EUR", locale),
                      rest: formatMoney(g.cofinancingCents, "EUR", locale),
                    })}
                  </p>
                  <p className="text-sm">
                    {t("fundae.participants")}
                    {t("common:colon")} {g.participants.map((p) => `${p.firstName} ${p.lastName}`).join(", ")}
                  </p>
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}
    </FundingFrame>
  );
}
