import type { PageDataScope } from "../back/http/session.repository.ts";
import { matchPage } from "#core/page-links.ts";
import { pageDefinition, type PageArea } from "#core/pages.ts";

/**
 * Which writes a session's kept page must see (ADR 0141). A page is kept under the shared version and its viewer's
 * own version ("own") only when it shows other users' data through shared tables alone: the learner's own areas and
 * the public pages listed here. Every other page (pharmacy management, the back office, a trainer's or a verifier's
 * page that lists other people, an unknown path) sees every write ("all"), as every page did before.
 */
const OWN_AREAS: ReadonlySet<PageArea> = new Set(["account", "account-open", "learn", "shop"]);
const OWN_PUBLIC_PAGES: ReadonlySet<string> = new Set(["home", "landing-trod", "training", "catalogue", "search", "search-form"]);

export function pageDataScope(pathname: string): PageDataScope {
  const match = matchPage(pagePathOf(pathname));
  if (!match) return "all";
  const page = pageDefinition(match.page.id);
  if (!page) return "all";
  if (page.area === undefined) return OWN_PUBLIC_PAGES.has(page.id) ? "own" : "all";
  return OWN_AREAS.has(page.area) ? "own" : "all";
}

/** The page a client navigation's route data (`/catalogue.data`, `/_root.data` for "/") belongs to. */
function pagePathOf(pathname: string): string {
  if (pathname === "/_root.data") return "/";
  return pathname.endsWith(".data") ? pathname.slice(0, -".data".length) : pathname;
}
