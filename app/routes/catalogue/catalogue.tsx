import { useTranslation } from "~/i18n/react";
import { badRequest } from "~/lib/errors.server";
import { intentAction } from "~/lib/intent-action.server";
import { shopBranches } from "~/routes/shop/shop.server";
import type { SeoHandle } from "~/lib/seo";
import type { Route } from "./+types/catalogue";
import { bookmarkBranch, loadCatalogueView } from "~/routes/catalogue/catalogue.server";
import { CatalogueListing } from "~/components/catalogue/catalogue-listing";
import { catalogueHref } from "~/components/catalogue/catalogue-url";
import { usePagePath } from "~/i18n/use-page-path";
import { pageMeta, rootMetaData } from "~/lib/meta";
import { useRootData } from "~/lib/use-root-data";

/** /catalogue | /catalogar: filters as a GET form, results, page links (be) or "more" (others). */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  return loadCatalogueView({ request, url, context }, { endpoint: "list" });
}

export async function action({ request, url, context }: Route.ActionArgs) {
  // A shop customer's (or guest's) "add to cart" from a card, and the bookmark toggle.
  const add = shopBranches({ context, returnTo: url.pathname + url.search }).add;
  return intentAction(request, context, { add, bookmark: bookmarkBranch({ url, context }) }, { unknownIntent: () => badRequest(context) });
}

export const handle: SeoHandle = { ownCanonical: true };

export const meta: Route.MetaFunction = ({ matches, loaderData, location }) => {
  const root = rootMetaData(matches);
  const page = loaderData?.paginated && loaderData.page > 1 ? loaderData.page : undefined;
  const canonical = `${root.origin ?? ""}${catalogueHref(location.pathname, {}, { page })}`;
  return [
    ...pageMeta(matches, { titleKey: "catalogue:meta.title", descriptionKey: "catalogue:meta.description" }),
    { tagName: "link", rel: "canonical", href: canonical },
  ];
};

export default function Catalogue({ loaderData: view }: Route.ComponentProps) {
  const { t } = useTranslation("catalogue");
  const root = useRootData();
  const path = usePagePath()("catalogue");
  if (!root) return null;
  return (
    <main id="main" tabIndex={-1} className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-4 outline-none sm:gap-6 sm:py-8" data-testid="catalogue-page">
      <div>
        <h1 className="text-2xl font-extrabold sm:text-3xl">{t("heading")}</h1>
        {/* Phones: the results come first; the filters' own button says what they do. */}
        <p className="mt-2 hidden max-w-3xl text-slate-800 sm:block">{t("intro")}</p>
      </div>
      <CatalogueListing view={view} path={path} brand={root.brand} locale={root.locale} variant="catalogue" />
    </main>
  );
}
