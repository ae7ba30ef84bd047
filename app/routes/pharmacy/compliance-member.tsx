import { Link } from "react-router";
import type { Route } from "./+types/compliance-member";
import { PharmacyPage } from "~/components/pharmacy/pharmacy-tabs";
import { StateBadge } from "~/components/pharmacy/compliance-state-badge";
import { ButtonAnchor } from "~/components/ui/button";
import { DataTable } from "~/components/ui/data-table";
import { useTranslation } from "~/i18n/react";
import { usePagePath } from "~/i18n/use-page-path";
import { requestStateContext } from "~/lib/context";
import { notFoundOn404 } from "~/lib/errors.server";
import { requireIdParam } from "~/lib/id-param.server";
import { pageMeta } from "~/lib/meta";
import { serverT } from "~/lib/translate.server";
import { complianceTeamEndpoints as endpoints } from "#core/contract/endpoints/compliance-team.ts";
import { gapWords, numericDay } from "#core/domain/compliance-words.ts";

/**
 * One member's compliance, read-only (GET referent/compliance/members/{id}, ADR 0126): per obligation the period,
 * the deadline, the state and what is left in words; the actions that count; the traceability document. A member of
 * another pharmacy, or an unknown id, is a 404.
 */
export async function loader({ params, url, context }: Route.LoaderArgs) {
  const id = requireIdParam(params.memberId, url);
  const { back, locale } = context.get(requestStateContext);
  const detail = await back.call(endpoints.member, { params: { id } }).catch(notFoundOn404(url.pathname, [404, 422]));
  const name = `${detail.member.firstName} ${detail.member.lastName}`;
  return { title: serverT(context, "compliance-team")("member.title", { name }), detail, locale };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => pageMeta(matches, { title: loaderData?.title, noindex: true });

export default function ComplianceMemberPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("compliance-team");
  const path = usePagePath();
  const { detail, locale, title } = loaderData;
  const { member, statuses, actions, today } = detail;
  const day = (value: string) => <time dateTime={value}>{numericDay(value, locale)}</time>;
  const words = (key: string, values?: Record<string, string | number>) => t(key, values);
  const hours = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
  return (
    <PharmacyPage title={title}>
      <p className="mb-4">
        <Link to={path("pharmacy-compliance")} className="underline">
          {t("member.back")}
        </Link>
      </p>
      <dl className="mb-6 grid grid-cols-[auto_1fr] gap-x-6 gap-y-1">
        <dt className="font-semibold">{t("member.profession")}</dt>
        <dd>{t(`professions.${member.profession}`)}</dd>
        <dt className="font-semibold">{t("member.professionalNumber")}</dt>
        <dd>{member.professionalNumber ?? t("member.noNumber")}</dd>
      </dl>

      {statuses.length === 0 ? <p data-testid="compliance-none">{t("noObligation")}</p> : null}
      <ul className="mb-8 grid gap-4" data-testid="compliance-statuses">
        {statuses.map((s) => (
          <li key={`${s.obligation}-${s.deadline}`} className="rounded-lg border border-slate-300 p-4" data-testid="compliance-status" data-state={s.state}>
            <h3 className="mb-1 flex flex-wrap items-center gap-2 text-lg font-bold">
              {t(`obligations.${s.obligation}`)} <StateBadge state={s.state} label={t(`states.${s.state}`)} />
            </h3>
            <p className="text-slate-700">{t("member.period", { start: numericDay(s.periodStart, locale), end: numericDay(s.deadline, locale) })}</p>
            {s.gaps.length === 0 ? (
              <p className="mt-2">{t("member.done")}</p>
            ) : (
              <>
                <p className="mt-2 font-semibold">
                  {s.state === "voluntary"
                    ? t("member.toDoVoluntary")
                    : s.deadline < today
                      ? t("member.lateToDo", { date: numericDay(s.deadline, locale) })
                      : t("member.toDo", { date: numericDay(s.deadline, locale) })}
                </p>
                <ul className="ml-6 list-disc" data-testid="compliance-gaps">
                  {s.gaps.map((gap, index) => (
                    <li key={index}>{gapWords(gap, words, locale)}</li>
                  ))}
                </ul>
              </>
            )}
          </li>
        ))}
      </ul>

      <section aria-labelledby="compliance-actions" className="mb-8">
        <h3 id="compliance-actions" className="mb-3 text-xl font-bold">
          {t("member.actions")}
        </h3>
        <DataTable
          caption={t("member.actions")}
          captionHidden
          columns={[
            { label: t("member.action") },
            { label: t("member.dates") },
            { label: t("member.hours") },
            { label: t("member.source") },
            { label: t("member.code") },
          ]}
          density="flush"
          testId="compliance-actions"
          empty={t("member.noActions")}
          rowCount={actions.length}
        >
          {actions.map((a, index) => (
            <tr key={index} className="border-b border-slate-200">
              <td className="py-2 pr-4">{a.title}</td>
              <td className="py-2 pr-4">
                {day(a.startDate)} – {day(a.endDate)}
              </td>
              <td className="py-2 pr-4">{hours.format(a.hours)}</td>
              <td className="py-2 pr-4">{t(`member.sources.${a.source}`)}</td>
              <td className="py-2 pr-4">
                {a.code ? (
                  <Link to={path("attestation-verify", { code: a.code })} className="underline">
                    {a.code}
                  </Link>
                ) : null}
              </td>
            </tr>
          ))}
        </DataTable>
      </section>

      <ButtonAnchor href={detail.traceabilityPath} download variant="secondary" data-testid="compliance-traceability">
        {t("member.traceability")}
      </ButtonAnchor>
    </PharmacyPage>
  );
}
