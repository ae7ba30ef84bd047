import type { Route } from "./+types/audit-log";
import { AuditListQuerySchema, type AuditEntry } from "#core/contract/audit.ts";
import { platformEndpoints } from "#core/contract/endpoints/platform.ts";
import { formatInstant } from "#core/domain/format.ts";
import { AuditChanges, AuditSentence, auditEntityLabel } from "~/components/admin/audit-entry";
import { AdminPage } from "~/components/admin/admin-nav";
import { FilterDate, FilterSelect, ListFilters, ListTable } from "~/components/admin/admin-list";
import { useTranslation } from "~/i18n/react";
import { requestStateContext } from "~/lib/context";
import { pageMeta } from "~/lib/meta";
import { useRootData } from "~/lib/use-root-data";

/** /admin/audit: who changed what and when, with the values before and after (ADR 0060), as an admin list (ADR 0061). */
export async function loader({ url, context }: Route.LoaderArgs) {
  const query = AuditListQuerySchema.parse(Object.fromEntries(url.searchParams));
  const { back } = context.get(requestStateContext);
  const list = await back.call(platformEndpoints.auditLog, { query });
  return { query, list };
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { titleKey: "admin:audit.title" });

export default function AuditLogPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const locale = useRootData()?.locale ?? "fr-FR";
  const { query, list } = loaderData;
  return (
    <AdminPage title={t("audit.title")} lead={t("audit.lead")} testId="admin-audit">
      <ListFilters query={query} searchLabel={t("audit.search")}>
        <FilterSelect
          name="entityType"
          label={t("audit.entityType")}
          value={query.entityType}
          options={list.entityTypes.map((type) => ({ value: type, label: auditEntityLabel(t, type) }))}
        />
        {query.entityId ? <input type="hidden" name="entityId" value={query.entityId} /> : null}
        <FilterDate name="from" label={t("audit.from")} value={query.from} />
        <FilterDate name="to" label={t("audit.to")} value={query.to} />
      </ListFilters>
      <ListTable
        paging={list.paging}
        empty={t("audit.empty")}
        rowCount={list.items.length}
        testId="audit-table"
        columns={[
          { label: t("audit.at"), sort: "at" },
          { label: t("audit.actor"), sort: "actor" },
          { label: t("audit.action"), sort: "action" },
          { label: t("audit.changes") },
        ]}
        sorting={query}
      >
        {list.items.map((entry: AuditEntry) => (
          <tr key={entry.id} className="border-b border-slate-200 align-top" data-testid="audit-row">
            <td className="px-2 py-2 whitespace-nowrap">{formatInstant(entry.at, locale, { dateStyle: "short", timeStyle: "medium" })}</td>
            <td className="px-2 py-2">{entry.actorEmail}</td>
            <td className="px-2 py-2">
              <AuditSentence entry={entry} t={t} />
            </td>
            <td className="px-2 py-2">
              <AuditChanges entry={entry} t={t} locale={locale} />
            </td>
          </tr>
        ))}
      </ListTable>
    </AdminPage>
  );
}
