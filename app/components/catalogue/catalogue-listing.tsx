import { useTranslation } from "~/i18n/react";
import type { Brand, Locale } from "#core/branding/brands.ts";
import type { CatalogueView } from "~/routes/catalogue/catalogue.server";
import { CatalogueFilters } from "./catalogue-filters";
import { CatalogueResults } from "./catalogue-results";

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
