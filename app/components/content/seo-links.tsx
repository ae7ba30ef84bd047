import { useContext } from "react";
import { UNSAFE_DataRouterStateContext, useLocation, useMatches } from "react-router";
import { useCurrentPage } from "~/i18n/use-page-path";
import { seoLinks, type SeoHandle } from "~/lib/seo";
import { useRootData } from "~/lib/use-root-data";

/**
 * Canonical and hreflang alternates of the current page (rendered in the root's <head>).
 * Error pages (a 404 of an unknown slug, for instance) get none; a page whose route gives its own canonical
 * (`SeoHandle`) gets only the alternates.
 */
export function SeoLinks() {
  const data = useRootData();
  const current = useCurrentPage();
  const { search } = useLocation();
  const routerState = useContext(UNSAFE_DataRouterStateContext);
  const leaf = useMatches().at(-1);
  if (!data || !current || routerState?.errors) return null;
  const ownCanonical = (leaf?.handle as SeoHandle | undefined)?.ownCanonical === true;
  const links = seoLinks({
    origin: data.origin,
    pageId: current.pageId,
    params: current.params,
    locale: data.locale,
    brandHosts: data.brandHosts,
    query: { page: new URLSearchParams(search).get("page") },
  }).filter((link) => !(ownCanonical && link.rel === "canonical"));
  return (
    <>
      {links.map((link) => (
        <link key={`${link.rel}-${link.hrefLang ?? ""}`} rel={link.rel} href={link.href} hrefLang={link.hrefLang} />
      ))}
    </>
  );
}
