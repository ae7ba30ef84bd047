import { useRouteError, useRouteLoaderData } from "react-router";
import type { loader } from "~/root";

export type RootData = Awaited<ReturnType<typeof loader>>["data"];

/**
 * The root loader's data; on an error page thrown before the loaders ran (a guard's 403, a 405), the root's data
 * that came with the error (`refuse`, app/lib/errors.server.ts), so that every error page has the site's layout and
 * the visitor's language.
 */
export function useRootData(): RootData | undefined {
  const loaded = useRouteLoaderData<typeof loader>("root") as RootData | undefined;
  const error = useRouteError();
  return loaded ?? rootDataOfError(error);
}

/** The root's data carried by a refusal (`{ root }` in an error response's data), if any. */
export function rootDataOfError(error: unknown): RootData | undefined {
  if (!error || typeof error !== "object" || !("data" in error)) return undefined;
  const data = (error as { data: unknown }).data;
  return data && typeof data === "object" && "root" in data ? ((data as { root: RootData }).root ?? undefined) : undefined;
}
