import { useContext } from "react";
import { UNSAFE_DataRouterStateContext, useLocation } from "react-router";
import { useCurrentPage } from "~/i18n/use-page-path";
import { seoLinks } from "~/lib/seo";
import { useRootData } from "~/lib/use-root-data";

/**
 * Canonical and hreflang alternates of the current page (rendered in the root's <head>).
 * Error pages (a 404 of an unknown slug, for instance) get none.
 */
export function SeoLinks() {
  const data = useRootData();
  const current = useCurrentPage();
  const { search } = useLocation();
  const routerState = useContext(UNSAFE_DataRouterStateContext);
  if (!data || !current || routerState?.errors) return null;
  const links = seoLinks({
    origin: data.origin,
    pageId: current.pageId,
    params: current.params,
    locale: data.locale,
    brandHosts: data.brandHosts,
    query: { page: new URLSearchParams(search).get("page") },
  });
  return (
    <>
      {links.map((link) => (
        <link key={`${link.rel}-${link.hrefLang ?? ""}`} rel={link.rel} href={link.href} hrefLang={link.hrefLang} />
      ))}
    </>
  );
}
