import { IdParam } from "#core/contract/ids.ts";
import { notFound } from "~/lib/errors.server";

/**
 * The id a page's address names (a path parameter or a query value): a positive integer in the ids' range, else the
 * page's 404 ("Page not found: {path}"), thrown before any back API call.
 */
export function requireIdParam(raw: string | null | undefined, url: URL): number {
  const parsed = IdParam.safeParse(raw ?? "");
  if (!parsed.success) notFound(url.pathname);
  return parsed.data;
}
