import { useTranslation } from "~/i18n/react";
import { Link } from "react-router";
import { badRequest } from "~/lib/errors.server";
import { intentAction } from "~/lib/intent-action.server";
import { shopBranches } from "~/routes/shop/shop.server";
import type { Route } from "./+types/search";
import { bookmarkBranch, loadCatalogueView } from "~/routes/catalogue/catalogue.server";
import { CatalogueListing } from "~/components/catalogue/catalogue-listing";
import { SearchBox } from "~/components/catalogue/search-box";
import { usePagePath } from "~/i18n/use-page-path";
import { pageMeta } from "~/lib/meta";
import { useRootData } from "~/lib/use-root-data";

/** /recherche/{value} | /buscar/{value}: the catalogue searched for {value}, best matches first. */
export async function loader({ request, url, params, context }: Route.LoaderArgs) {
  const value = params.value.trim();
  const view = await loadCatalogueView({ request, url, context }, { endpoint: "search", q: value });
  return view;
}

export async function action({ request, url, context }: Route.ActionArgs) {
  // A shop customer's (or guest's) "add to cart" from a card, and the bookmark toggle.
  const add = shopBranches({ context, returnTo: url.pathname + url.search }).add;
  return intentAction(request, context, { add, bookmark: bookmarkBranch({ url, context }) }, { unknownIntent: () => badRequest(context) });
}

export const meta: Route.MetaFunction = ({ matches, params }) => [
  ...pageMeta(matches, {
    titleKey: "catalogue:meta.searchTitle",
    descriptionKey: "catalogue:meta.searchDescription",
    values: { value: params.value ?? "" },
  }),
  { name: "robots", content: "noindex" },
];

export default function Search({ loaderData: view, params }: Route.ComponentProps) {
  const { t } = useTranslation("catalogue");
  const root = useRootData();
  const pagePath = usePagePath();
  if (!root) return null;
  const value = params.value;
  const path = pagePath("search", { value });
  return (
    <main id="main" tabIndex={-1} className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8 outline-none" data-testid="search-page">
      <div className="flex flex-col gap-4">
        <h1 className="text-3xl font-extrabold">{t("search.heading", { value })}</h1>
        <SearchBox defaultValue={value} className="max-w-xl" />
      </div>
      <CatalogueListing
        view={view}
        path={path}
        brand={root.brand}
        locale={root.locale}
        variant="search"
        empty={{
          title: Object.keys(view.filters).length ? undefined : t("search.empty", { value }),
          text: Object.keys(view.filters).length ? undefined : t("search.emptyHint"),
          extra: (
            <Link to={pagePath("catalogue")} className="rounded font-semibold text-primary-dark underline underline-offset-2">
              {t("empty.catalogue")}
            </Link>
          ),
        }}
      />
    </main>
  );
}
