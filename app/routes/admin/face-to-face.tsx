import { Link } from "react-router";
import type { Route } from "./+types/face-to-face";
import { ADMIN_BRANDS } from "#core/domain/catalogue-choices.ts";
import { SessionListQuerySchema } from "#core/contract/admin-sessions.ts";
import { formatCalendarDay } from "#core/domain/format.ts";
import { AdminPage } from "~/components/admin/admin-nav";
import { FilterDate, FilterSelect, ListFilters, ListTable } from "~/components/admin/admin-list";
import { useTranslation } from "~/i18n/react";
import { usePagePath } from "~/i18n/use-page-path";
import { requestStateContext } from "~/lib/context";
import { pageMeta } from "~/lib/meta";
import { useRootData } from "~/lib/use-root-data";
import { adminSessionsEndpoints } from "#core/contract/endpoints/admin-sessions.ts";

/** /admin/faceToFace: every face-to-face and virtual-class session (ADR 0061, 0063). */
export async function loader({ url, context }: Route.LoaderArgs) {
  const query = SessionListQuerySchema.parse(Object.fromEntries(url.searchParams));
  const { back } = context.get(requestStateContext);
  return { query, list: await back.call(adminSessionsEndpoints.list, { query }) };
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { titleKey: "admin:sessions.title" });

export default function SessionsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const path = usePagePath();
  const locale = useRootData()?.locale ?? "fr-FR";
  const { query, list } = loaderData;
  return (
    <AdminPage title={t("sessions.title")} lead={t("sessions.lead")} testId="admin-face-to-face">
      <ListFilters query={query} searchLabel={t("sessions.search")}>
        <FilterSelect
          name="brand"
          label={t("catalog.fields.brand")}
          value={query.brand}
          options={ADMIN_BRANDS.map((b) => ({ value: b, label: t(`brands.${b}`) }))}
        />
        <FilterSelect
          name="kind"
          label={t("sessions.kind")}
          value={query.kind}
          options={[
            { value: "faceToFace", label: t("sessions.faceToFace") },
            { value: "virtualClass", label: t("sessions.virtualClass") },
          ]}
        />
        <FilterSelect
          name="when"
          label={t("sessions.when")}
          value={query.when}
          options={[
            { value: "upcoming", label: t("sessions.upcoming") },
            { value: "past", label: t("sessions.past") },
          ]}
        />
        <FilterDate name="from" label={t("audit.from")} value={query.from} />
        <FilterDate name="to" label={t("audit.to")} value={query.to} />
        {query.training ? <input type="hidden" name="training" value={query.training} /> : null}
      </ListFilters>
      <ListTable
        paging={list.paging}
        empty={t("sessions.empty")}
        rowCount={list.items.length}
        testId="sessions-table"
        columns={[
          { label: t("sessions.fields.startDate"), sort: "date" },
          { label: t("sessions.fields.name"), sort: "name" },
          { label: t("sessions.training"), sort: "training" },
          { label: t("sessions.kind") },
          { label: t("sessions.seats"), sort: "filling" },
          { label: t("sessions.waiting") },
        ]}
        sorting={query}
      >
        {list.items.map((item) => (
          <tr key={item.id} className="border-b border-slate-200" data-testid="session-row">
            <td className="px-2 py-2 whitespace-nowrap">
              {formatCalendarDay(item.startDate, locale, "medium")} {item.startTime ?? ""}
            </td>
            <td className="px-2 py-2">
              <Link to={path("admin-face-to-face-session", { sessionId: item.id })} className="font-semibold underline">
                {item.name}
              </Link>
              {item.city ? <span className="block text-xs text-slate-700">{item.city}</span> : null}
            </td>
            <td className="px-2 py-2">
              {item.trainingName} <span className="text-xs text-slate-700">({t(`brands.${item.brand}`)})</span>
            </td>
            <td className="px-2 py-2">{item.virtualClass ? t("sessions.virtualClass") : t("sessions.faceToFace")}</td>
            <td className="px-2 py-2 whitespace-nowrap">{t("sessions.filling", { current: item.currentParticipants, max: item.maxParticipants })}</td>
            <td className="px-2 py-2">{item.waiting}</td>
          </tr>
        ))}
      </ListTable>
    </AdminPage>
  );
}
