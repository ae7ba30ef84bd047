import { redirect } from "react-router";
import type { Route } from "./+types/search-form";
import { pathOf } from "~/lib/paths.server";

/**
 * /recherche?q=... | /buscar?q=...: where the search box's GET form lands. Sends the visitor to
 * /recherche/{value} (slashes become spaces), or to the catalogue when there is nothing to search.
 */
export function loader({ url, context }: Route.LoaderArgs) {
  const value = (url.searchParams.get("q") ?? "")
    .replace(/[/\\]+/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 200);
  if (!value) throw redirect(pathOf(context, "catalogue"));
  throw redirect(pathOf(context, "search", { value }));
}
