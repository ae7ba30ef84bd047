import { useMatches } from "react-router";
import { useRootData } from "~/lib/use-root-data";
import { pathLangOf } from "#core/locales.ts";
import { pagePath, parseRouteId, type PathParams } from "#core/page-links.ts";

/** Builds links from page ids in the current locale: `path("catalogue")`. Falls back to home. */
export function usePagePath() {
  const locale = useRootData()?.locale ?? "fr-FR";
  const lang = pathLangOf(locale);
  return (id: string, params?: PathParams) => pagePath(id, lang, params) ?? "/";
}

/** The current page id and params (for the language switcher and hreflang). */
export function useCurrentPage(): { pageId: string; params: Record<string, string | undefined> } | null {
  const matches = useMatches();
  const leaf = matches[matches.length - 1];
  if (!leaf || leaf.id.startsWith("system.")) return null;
  return { pageId: parseRouteId(leaf.id).pageId, params: leaf.params };
}
