import { Link } from "react-router";
import { DataTable } from "~/components/ui/data-table";
import type { FundingRequest } from "#core/contract/funding-requests.ts";
import { formatDate, formatMoney } from "#core/domain/format.ts";
import { useTranslation } from "~/i18n/react";
import { usePagePath } from "~/i18n/use-page-path";

/** Funding requests as a table: learner, training and session, funder, amount, state, link to the request. */
export function FundingRequestTable({ requests, locale, caption }: { requests: FundingRequest[]; locale: string; caption: string }) {
  const { t } = useTranslation("pharmacy-funding");
  const path = usePagePath();
  if (requests.length === 0) {
    return (
      <p className="rounded-md border border-slate-300 p-4" data-testid="funding-empty">
        {t("list.empty")}
      </p>
    );
  }
  return (
    <DataTable
      caption={caption}
      className="text-sm"
      testId="funding-table"
      columns={[
        { label: t("list.learner") },
        { label: t("list.training") },
        { label: t("list.funder") },
        { label: t("list.amount") },
        { label: t("list.state") },
      ]}
    >
      {requests.map((r) => (
        <tr key={r.id} data-testid="funding-row">
          <th scope="row" className="border border-slate-200 p-2 font-normal">
            <Link to={path("pharmacy-funding-request", { id: r.id })} className="font-semibold text-[var(--color-primary-dark)] underline">
              {r.learner.firstName} {r.learner.lastName}
            </Link>
          </th>
          <td className="border border-slate-200 p-2">
            {r.training.name}
            <span className="block text-xs text-slate-700">
              {r.session.name} · {formatDate(r.session.startDate, locale)}
            </span>
          </td>
          <td className="border border-slate-200 p-2">{r.agreement.name}</td>
          <td className="border border-slate-200 p-2">{formatMoney(r.totalCents, r.currency, locale)}</td>
          <td className="border border-slate-200 p-2">{t(`states.${r.state}`)}</td>
        </tr>
      ))}
    </DataTable>
  );
}
