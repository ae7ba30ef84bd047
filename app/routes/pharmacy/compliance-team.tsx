import { Form, Link } from "react-router";
import type { Route } from "./+types/compliance-team";
import { PharmacyPage } from "~/components/pharmacy/pharmacy-tabs";
import { StateBadge } from "~/components/pharmacy/compliance-state-badge";
import { Button, ButtonAnchor } from "~/components/ui/button";
import { DataTable } from "~/components/ui/data-table";
import { SelectField } from "~/components/ui/form-fields";
import { Pager } from "~/components/ui/pager";
import { useTranslation } from "~/i18n/react";
import { usePagePath } from "~/i18n/use-page-path";
import { requestStateContext } from "~/lib/context";
import { pageMeta } from "~/lib/meta";
import { serverT } from "~/lib/translate.server";
import { TeamComplianceQuerySchema } from "#core/contract/compliance-team.ts";
import { TEAM_STATE_FILTERS } from "#core/domain/compliance.ts";
import { complianceTeamEndpoints as endpoints } from "#core/contract/endpoints/compliance-team.ts";
import { numericDay } from "#core/domain/compliance-words.ts";

/**
 * The team's compliance status (GET referent/compliance, ADR 0126): one row per active member with, per obligation,
 * its state as a badge, the deadline and the number of gaps; late and at risk first; a state filter (a GET form),
 * 50 members a page, the CSV and xlsx exports as plain links (compliance-export.ts). Each member links to their detail.
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const { back, locale } = context.get(requestStateContext);
  const query = TeamComplianceQuerySchema.parse(Object.fromEntries(url.searchParams));
  const team = await back.call(endpoints.team, { query: { page: query.page, ...(query.state ? { state: query.state } : {}) } });
  return { title: serverT(context, "compliance-team")("title"), team, locale };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => pageMeta(matches, { title: loaderData?.title, noindex: true });

export default function ComplianceTeamPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("compliance-team");
  const path = usePagePath();
  const { team, locale } = loaderData;
  const listPath = path("pharmacy-compliance");
  const hrefFor = (page: number) => `${listPath}?${new URLSearchParams({ ...(team.state ? { state: team.state } : {}), page: String(page) })}`;
  return (
    <PharmacyPage title={t("title")}>
      <p className="mb-6 max-w-3xl">{t("intro")}</p>

      <section aria-labelledby="compliance-counts" className="mb-6">
        <h3 id="compliance-counts" className="mb-2 text-lg font-bold">
          {t("counts")}
        </h3>
        <ul className="flex flex-wrap gap-3" data-testid="compliance-counts">
          {TEAM_STATE_FILTERS.map((state) => (
            <li key={state} data-state={state} data-count={team.counts[state]}>
              <Link to={`${listPath}?state=${state}`} className="flex items-center gap-2 underline">
                <StateBadge state={state} label={t(`states.${state}`)} />
                <span>{team.counts[state]}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <Form method="get" action={listPath} className="mb-6 flex flex-wrap items-end gap-3" aria-label={t("filter.legend")}>
        <SelectField
          name="state"
          label={t("filter.label")}
          defaultValue={team.state ?? ""}
          options={[{ value: "", label: t("filter.all") }, ...TEAM_STATE_FILTERS.map((state) => ({ value: state, label: t(`states.${state}`) }))]}
        />
        <Button type="submit" variant="secondary">
          {t("filter.submit")}
        </Button>
      </Form>

      <DataTable
        caption={t("tableCaption")}
        captionHidden
        columns={[{ label: t("columns.member") }, { label: t("columns.obligations") }]}
        density="flush"
        testId="compliance-team"
        empty={team.state ? t("emptyFilter") : t("empty")}
        rowCount={team.members.length}
      >
        {team.members.map((m) => {
          const name = `${m.firstName} ${m.lastName}`;
          return (
            <tr key={m.userId} className="border-b border-slate-200 align-top" data-testid="compliance-member" data-worst={m.worst ?? "none"}>
              <th scope="row" className="py-3 pr-4 font-normal">
                <Link to={path("pharmacy-compliance-member", { memberId: m.userId })} className="font-semibold underline">
                  {name}
                </Link>
                <span className="block text-sm text-slate-700">{t(`professions.${m.profession}`)}</span>
              </th>
              <td className="py-3 pr-4">
                {m.statuses.length === 0 ? (
                  <p className="text-slate-700" data-testid="compliance-none">
                    {t("noObligation")}
                  </p>
                ) : (
                  <ul className="grid gap-2">
                    {m.statuses.map((s) => (
                      <li
                        key={`${s.obligation}-${s.deadline}`}
                        className="flex flex-wrap items-center gap-2"
                        data-testid="compliance-status"
                        data-state={s.state}
                      >
                        <StateBadge state={s.state} label={t(`states.${s.state}`)} />
                        <span>
                          {t(`obligations.${s.obligation}`)} · {t("columns.deadline")} <time dateTime={s.deadline}>{numericDay(s.deadline, locale)}</time> ·{" "}
                          {s.gaps ? t("gapCount", { count: s.gaps }) : t("noGap")}
                        </span>
                      </li>
                    ))}
                  </ul>
                )}
              </td>
            </tr>
          );
        })}
      </DataTable>

      <Pager
        className="mt-8"
        paging={team.paging}
        hrefFor={hrefFor}
        labels={{ nav: t("pagination.nav"), previous: t("pagination.previous"), next: t("pagination.next"), page: (p) => t("pagination.page", { page: p }) }}
      />

      <section aria-labelledby="compliance-export" className="mt-10">
        <h3 id="compliance-export" className="mb-2 text-xl font-bold">
          {t("export.title")}
        </h3>
        <p className="mb-3">{t("export.text")}</p>
        <div className="flex flex-wrap gap-3">
          <ButtonAnchor href={path("pharmacy-compliance-export", { format: "csv" })} download variant="secondary" data-testid="compliance-export-csv">
            {t("export.csv")}
          </ButtonAnchor>
          <ButtonAnchor href={path("pharmacy-compliance-export", { format: "xlsx" })} download variant="secondary" data-testid="compliance-export-xlsx">
            {t("export.xlsx")}
          </ButtonAnchor>
        </div>
      </section>
    </PharmacyPage>
  );
}
