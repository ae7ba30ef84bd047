import { useTranslation } from "~/i18n/react";
import type { Brand, Locale } from "#core/branding/brands.ts";
import type { CatalogueView } from "~/routes/catalogue/catalogue.server";
import { CatalogueFilters } from "./catalogue-filters";
import { CatalogueResults } from "./catalogue-results";
import { catalogueHref, COMPLIANCE_PARAMS, type Filters } from "./catalogue-url";
import { Link } from "react-router";

type Props = {
  view: CatalogueView;
  /** The page's own path: the filter form posts there and the result links keep it. */
  path: string;
  brand: Brand;
  locale: Locale;
  /** The catalogue has a keyword field; the search page carries its text in the path and sorts by relevance. */
  variant: "catalogue" | "search";
  /** The empty state's words and extra link, when the page has its own. */
  empty?: { title?: string; text?: string; extra?: React.ReactNode };
};

/** A catalogue listing (the catalogue and the search page): the invalid-filters alert, the filter form and the results. */
export function CatalogueListing({ view, path, brand, locale, variant, empty }: Props) {
  const { t } = useTranslation("catalogue");
  return (
    <>
      {view.invalid ? (
        <p role="alert" className="rounded-md border-2 border-red-700 bg-red-50 p-3 font-medium text-red-900" data-testid="filters-invalid">
          {t("filters.invalid")}
        </p>
      ) : null}
      <ComplianceChips filters={view.filters} path={path} />
      <CatalogueFilters
        action={path}
        filters={view.filters}
        sort={view.sort}
        sortOptions={view.sortOptions}
        brand={brand}
        loggedIn={view.loggedIn}
        withKeywords={variant === "catalogue"}
        withRelevance={variant === "search" || Boolean(view.filters.q)}
        invalid={view.invalid}
      />
      <CatalogueResults view={view} path={path} brand={brand} locale={locale} emptyTitle={empty?.title} emptyText={empty?.text} emptyExtra={empty?.extra} />
    </>
  );
}

/** The compliance filters of the URL (links from the tracker), each a chip that says why the list is short and removes itself. */
function ComplianceChips({ filters, path }: { filters: Filters; path: string }) {
  const { t } = useTranslation("catalogue");
  const active = COMPLIANCE_PARAMS.filter((key) => filters[key]);
  if (!active.length) return null;
  const label = (key: (typeof COMPLIANCE_PARAMS)[number]) =>
    key === "axis"
      ? t("compliance.axis", { axis: filters.axis })
      : key === "dpcType" || key === "category"
        ? t(`compliance.${key}.${filters[key]}`)
        : t(`compliance.${key}`);
  return (
    <ul aria-label={t("compliance.label")} className="flex flex-wrap gap-2" data-testid="compliance-chips">
      {active.map((key) => (
        <li
          key={key}
          className="inline-flex items-center gap-2 rounded-full border-2 border-[var(--color-primary-dark)] bg-slate-50 px-3 py-1"
          data-testid="compliance-chip"
        >
          <span className="font-semibold">{label(key)}</span>
          <Link
            to={catalogueHref(path, { ...filters, [key]: undefined })}
            className="rounded font-semibold text-[var(--color-primary-dark)] underline"
            aria-label={t("compliance.remove", { filter: label(key) })}
          >
            ✕
          </Link>
        </li>
      ))}
    </ul>
  );
}
