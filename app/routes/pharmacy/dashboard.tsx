import { Form, Link } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { Route } from "./+types/dashboard";
import { BarChart } from "~/components/pharmacy/bar-chart";
import { PharmacyPage } from "~/components/pharmacy/pharmacy-tabs";
import { SubmitButton } from "~/components/ui/form-fields";
import { useTranslation } from "~/i18n/react";
import { requestStateContext } from "~/lib/context";
import { usePagePath } from "~/i18n/use-page-path";
import { serverT } from "~/lib/translate.server";
import { referentEndpoints as referent } from "#core/contract/endpoints/referent.ts";
import { formatDuration } from "#core/domain/duration.ts";
import { pageMeta } from "~/lib/meta";
import { DataTable } from "~/components/ui/data-table";

/**
 * The dashboard (GET referent/dashboard): the team's progress, hours, finished trainings, attestations, knowledge
 * gain (pre/post tests), each member's DPC hours meter for the year and the state of their latest funding request
 * (DPC status per learner); charts drawn on the server with a table
 * fallback. The team history export (where the brand offers it) starts a job whose page shows its progress (ADR 0076).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { back, locale } = context.get(requestStateContext);
  const dashboard = await back.call(referent.dashboard);
  return { title: serverT(context, "pharmacy")("tabs.dashboard"), dashboard, locale };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => pageMeta(matches, { title: loaderData?.title, noindex: true });

const hours = (minutes: number) => formatDuration(minutes);

export default function DashboardPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("pharmacy");
  const { t: tf } = useTranslation("pharmacy-funding");
  const path = usePagePath();
  const { dashboard, locale } = loaderData;
  const { team, members, year } = dashboard;
  const number = (value: number) => new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(value);
  const name = (m: { firstName: string; lastName: string }) => `${m.firstName} ${m.lastName}`;
  const gain = team.knowledgeGain;
  return (
    <PharmacyPage title={t("tabs.dashboard")}>
      <section aria-labelledby="dash-team" className="mb-8">
        <h3 id="dash-team" className="sr-only">
          {t("dashboard.team")}
        </h3>
        <dl className="grid grid-cols-2 gap-4 md:grid-cols-3 lg:grid-cols-6" data-testid="dashboard-summary">
          {[
            [t("dashboard.members"), `${team.activeMembers} / ${team.members}`],
            [t("dashboard.progress"), `${team.progress} %`],
            [t("dashboard.finished"), `${team.finished} / ${team.trainings}`],
            [t("dashboard.hours"), hours(team.minutes)],
            [t("dashboard.attestations"), String(team.attestations)],
            [t("dashboard.gain"), gain ? t("dashboard.gainValue", { gain: (gain.gain >= 0 ? "+" : "") + number(gain.gain) }) : t("dashboard.noScores")],
          ].map(([label, value]) => (
            <div key={label} className="rounded-lg border border-slate-300 p-4">
              <dt className="text-sm font-semibold text-slate-700">{label}</dt>
              <dd className="text-2xl font-bold">{value}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby="dash-progress" className="mb-8">
        <h3 id="dash-progress" className="mb-3 text-xl font-bold">
          {t("dashboard.progressTitle")}
        </h3>
        <BarChart
          title={t("dashboard.progressTitle")}
          description={t("dashboard.progressDesc", { progress: team.progress })}
          bars={members.map((m) => ({ label: name(m), value: m.progress }))}
          max={100}
          unit=" %"
        />
      </section>

      <section aria-labelledby="dash-members" className="mb-8">
        <h3 id="dash-members" className="mb-3 text-xl font-bold">
          {t("dashboard.membersTitle", { year })}
        </h3>
        <DataTable
          caption={t("dashboard.membersCaption")}
          captionHidden
          columns={[
            { label: t("team.name") },
            { label: t("dashboard.progress") },
            { label: t("dashboard.finished") },
            { label: t("dashboard.hours") },
            { label: t("dashboard.attestations") },
            { label: t("dashboard.gain") },
            { label: t("dashboard.attempts") },
            { label: t("dashboard.dpc", { year }) },
            { label: t("dashboard.funding") },
          ]}
          density="flush"
          testId="dashboard-members"
        >
          {members.map((m) => (
            <tr key={m.contactId} className="border-b border-slate-200">
              <th scope="row" className="py-2 pr-4 font-normal">
                {name(m)}
                {m.isActive ? null : <span className="ml-1 text-sm text-slate-700">({t("team.statuses.inactive")})</span>}
              </th>
              <td className="py-2 pr-4">{m.progress} %</td>
              <td className="py-2 pr-4">{t("team.finishedOf", { finished: m.finished, total: m.trainings })}</td>
              <td className="py-2 pr-4">{hours(m.minutes)}</td>
              <td className="py-2 pr-4">{m.attestations}</td>
              <td className="py-2 pr-4">
                {m.knowledgeGain
                  ? t("dashboard.gainDetail", {
                      pre: number(m.knowledgeGain.meanPre),
                      post: number(m.knowledgeGain.meanPost),
                      gain: (m.knowledgeGain.gain >= 0 ? "+" : "") + number(m.knowledgeGain.gain),
                    })
                  : t("dashboard.noScores")}
              </td>
              <td className="py-2 pr-4" data-testid="dashboard-attempts" data-attempts={m.attempts} data-failed={m.failed}>
                {t("dashboard.attemptsValue", { attempts: m.attempts })}
                {m.failed > 0 ? <span className="block text-sm font-semibold text-red-800">{t("dashboard.failed", { count: m.failed })}</span> : null}
              </td>
              <td className="py-2 pr-4">
                <meter
                  min={0}
                  max={m.dpc.capMinutes}
                  value={m.dpc.countedMinutes}
                  aria-label={t("dashboard.dpcOf", { name: name(m) })}
                  className="mr-2 align-middle"
                />
                {t("dashboard.dpcValue", { counted: hours(m.dpc.countedMinutes), cap: hours(m.dpc.capMinutes) })}
                {m.dpc.shortActions > 0 ? <span className="block text-sm text-slate-700">{t("dashboard.dpcShort", { count: m.dpc.shortActions })}</span> : null}
              </td>
              <td className="py-2 pr-4" data-testid="dashboard-funding" data-state={m.funding?.state ?? "none"}>
                {m.funding ? (
                  <Link to={path("pharmacy-funding-request", { id: m.funding.id })} className="underline">
                    <span className="sr-only">{t("dashboard.fundingOf", { name: name(m) })} — </span>
                    {t("dashboard.fundingValue", { scheme: tf(`schemes.${m.funding.scheme}`), state: tf(`states.${m.funding.state}`) })}
                  </Link>
                ) : (
                  t("dashboard.fundingNone")
                )}
              </td>
            </tr>
          ))}
        </DataTable>
        <p className="mt-2 text-sm text-slate-700">{t("dashboard.gainNote")}</p>
        <p className="mt-1 text-sm text-slate-700">{t("dashboard.dpcRule")}</p>
        <p className="mt-1">
          <Link to={path("pharmacy-compliance")} className="font-semibold underline" data-testid="dashboard-compliance-link">
            {t("dashboard.complianceLink")}
          </Link>
        </p>
        <p className="mt-1 text-sm text-slate-700">{t("dashboard.fundingNote")}</p>
      </section>

      {dashboard.historyExport ? (
        <section aria-labelledby="dash-export">
          <h3 id="dash-export" className="mb-2 text-xl font-bold">
            {t("dashboard.exportTitle")}
          </h3>
          <p className="mb-3">{t("dashboard.exportText")}</p>
          <Form method="post" action={path("pharmacy-history-export")} reloadDocument>
            <AuthenticityTokenInput name="csrf" />
            <SubmitButton intent="export">{t("dashboard.export")}</SubmitButton>
          </Form>
        </section>
      ) : null}
    </PharmacyPage>
  );
}
