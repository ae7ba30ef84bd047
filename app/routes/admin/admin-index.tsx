import { Link } from "react-router";
import type { Route } from "./+types/admin-index";
import { formatCalendarDay, formatMonth } from "#core/domain/format.ts";
import { formatMoney } from "#core/domain/money.ts";
import { AdminPage, availableAdminTools } from "~/components/admin/admin-nav";
import { useTranslation } from "~/i18n/react";
import { usePagePath } from "~/i18n/use-page-path";
import { requestStateContext } from "~/lib/context";
import { pageMeta } from "~/lib/meta";
import { useRootData } from "~/lib/use-root-data";
import { adminEndpoints } from "#core/contract/endpoints/admin.ts";
import { DataTable } from "~/components/ui/data-table";

/** /admin: the back office's home: key figures (ADR 0064) and a link to each tool. */
export async function loader({ context }: Route.LoaderArgs) {
  const { back } = context.get(requestStateContext);
  return { dashboard: await back.call(adminEndpoints.dashboard) };
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { titleKey: "admin:index.title" });

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="rounded-md border border-slate-300 bg-white p-3">
      <dt className="text-sm text-slate-700">{label}</dt>
      <dd className="text-2xl font-extrabold" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

export default function AdminIndex({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const path = usePagePath();
  const locale = useRootData()?.locale ?? "fr-FR";
  const { dashboard } = loaderData;
  return (
    <AdminPage title={t("index.title")} lead={t("index.lead")} testId="admin-index">
      <section aria-labelledby="admin-figures" className="flex flex-col gap-3">
        <h2 id="admin-figures" className="text-xl font-bold">
          {t("index.figures", { month: formatMonth(dashboard.month, locale) })}
        </h2>
        <dl className="grid gap-3 sm:grid-cols-3">
          <Figure label={t("index.enrolments")} value={String(dashboard.enrolmentsThisMonth)} testId="figure-enrolments" />
          <Figure label={t("index.pendingChecks")} value={String(dashboard.pendingChecks)} testId="figure-pending-checks" />
          <Figure
            label={t("index.fundingRequests")}
            value={dashboard.fundingRequestsWaiting === null ? t("index.notAvailable") : String(dashboard.fundingRequestsWaiting)}
            testId="figure-funding-requests"
          />
        </dl>
        <DataTable
          caption={t("index.ordersByBrand")}
          columns={[{ label: t("catalog.fields.brand") }, { label: t("index.paidOrders") }, { label: t("index.revenueHt") }]}
          empty={t("index.noOrders")}
          rowCount={dashboard.ordersByBrand.length}
          className="text-sm"
          testId="figure-orders"
        >
          {dashboard.ordersByBrand.map((row) => (
            <tr key={`${row.brand}-${row.currency}`} className="border-b border-slate-200">
              <td className="px-2 py-2">{t(`brands.${row.brand}`)}</td>
              <td className="px-2 py-2">{row.paidOrders}</td>
              <td className="px-2 py-2">{formatMoney(row.revenueHtCents, row.currency, locale)}</td>
            </tr>
          ))}
        </DataTable>
        <h3 className="font-bold">{t("index.fillingUp")}</h3>
        {dashboard.sessionsFillingUp.length === 0 ? <p>{t("index.noFillingUp")}</p> : null}
        <ul className="flex flex-col gap-1" data-testid="figure-filling">
          {dashboard.sessionsFillingUp.map((s) => (
            <li key={s.id}>
              <Link to={path("admin-face-to-face-session", { sessionId: s.id })} className="underline">
                {s.trainingName} · {s.name} · {formatCalendarDay(s.startDate, locale, "medium")}
              </Link>{" "}
              <span className="text-sm text-slate-700">{t("sessions.filling", { current: s.currentParticipants, max: s.maxParticipants })}</span>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="admin-tools" className="flex flex-col gap-3">
        <h2 id="admin-tools" className="text-xl font-bold">
          {t("index.tools")}
        </h2>
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {availableAdminTools()
            .filter((tool) => tool.id !== "admin")
            .map((tool) => (
              <li key={tool.id} className="rounded-md border border-slate-300 bg-white p-3">
                <Link to={path(tool.id)} className="font-semibold underline">
                  {t(tool.label)}
                </Link>
                <p className="text-sm text-slate-700">{t(`${tool.label}Hint`)}</p>
              </li>
            ))}
        </ul>
      </section>
    </AdminPage>
  );
}
