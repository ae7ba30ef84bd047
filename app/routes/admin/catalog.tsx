import { Link } from "react-router";
import type { Route } from "./+types/catalog";
import { CatalogListQuerySchema } from "#core/contract/admin-catalog.ts";
import { ADMIN_BRANDS } from "#core/domain/catalogue-choices.ts";
import { adminCatalogEndpoints } from "#core/contract/endpoints/admin-catalog.ts";
import { formatInstant } from "#core/domain/format.ts";
import { formatMoney } from "#core/domain/money.ts";
import { TRAINING_TYPES } from "#core/domain/training-type-list.ts";
import { AdminPage } from "~/components/admin/admin-nav";
import { FilterSelect, ListFilters, ListTable } from "~/components/admin/admin-list";
import { useTranslation } from "~/i18n/react";
import { usePagePath } from "~/i18n/use-page-path";
import { requestStateContext } from "~/lib/context";
import { pageMeta } from "~/lib/meta";
import { useRootData } from "~/lib/use-root-data";

/** /admin/catalog: every training of every brand, searchable and sortable (ADR 0061, 0062). */
export async function loader({ url, context }: Route.LoaderArgs) {
  const query = CatalogListQuerySchema.parse(Object.fromEntries(url.searchParams));
  const { back } = context.get(requestStateContext);
  return { query, list: await back.call(adminCatalogEndpoints.list, { query }) };
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { titleKey: "admin:catalog.title" });

export default function CatalogPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const path = usePagePath();
  const locale = useRootData()?.locale ?? "fr-FR";
  const { query, list } = loaderData;
  return (
    <AdminPage
      title={t("catalog.title")}
      lead={t("catalog.lead")}
      testId="admin-catalog"
      actions={
        <Link
          to={path("admin-catalog-new")}
          className="rounded-md border-2 border-primary bg-primary px-4 py-2 font-semibold text-white hover:bg-primary-dark"
          data-testid="catalog-new"
        >
          {t("catalog.new")}
        </Link>
      }
    >
      <ListFilters query={query} searchLabel={t("catalog.search")}>
        <FilterSelect
          name="brand"
          label={t("catalog.fields.brand")}
          value={query.brand}
          options={ADMIN_BRANDS.map((b) => ({ value: b, label: t(`brands.${b}`) }))}
        />
        <FilterSelect
          name="type"
          label={t("catalog.fields.type")}
          value={query.type}
          options={TRAINING_TYPES.map((type) => ({ value: type, label: t(`types.${type}`) }))}
        />
        <FilterSelect
          name="published"
          label={t("catalog.published")}
          value={query.published}
          options={[
            { value: "yes", label: t("catalog.publishedYes") },
            { value: "no", label: t("catalog.publishedNo") },
          ]}
        />
      </ListFilters>
      <ListTable
        paging={list.paging}
        empty={t("catalog.empty")}
        rowCount={list.items.length}
        testId="catalog-table"
        columns={[
          { label: t("catalog.fields.name"), sort: "name" },
          { label: t("catalog.fields.brand"), sort: "brand" },
          { label: t("catalog.fields.type"), sort: "type" },
          { label: t("catalog.fields.priceHt"), sort: "price" },
          { label: t("catalog.published") },
          { label: t("catalog.updated"), sort: "updated" },
        ]}
        sorting={query}
      >
        {list.items.map((item) => (
          <tr key={item.id} className="border-b border-slate-200" data-testid="catalog-row">
            <td className="px-2 py-2">
              <Link to={path("admin-catalog-training", { trainingId: item.id })} className="font-semibold underline">
                {item.name}
              </Link>
              <span className="block text-xs text-slate-700">{item.slug}</span>
            </td>
            <td className="px-2 py-2">{t(`brands.${item.brand}`)}</td>
            <td className="px-2 py-2">{t(`types.${item.type}`)}</td>
            <td className="px-2 py-2 whitespace-nowrap">{formatMoney(item.priceHtCents, item.currency, locale)}</td>
            <td className="px-2 py-2">{item.isPublished ? t("catalog.publishedYes") : t("catalog.publishedNo")}</td>
            <td className="px-2 py-2 whitespace-nowrap">{formatInstant(item.updatedAt, locale, { dateStyle: "short" })}</td>
          </tr>
        ))}
      </ListTable>
    </AdminPage>
  );
}
