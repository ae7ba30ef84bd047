import { useRouteError, useRouteLoaderData } from "react-router";
import { BRANDS, type Brand } from "#core/branding/brands.ts";
import type { loader } from "~/root";

type LoadedRootData = Awaited<ReturnType<typeof loader>>["data"];
/** The root's data with its brand's settings, looked up from the brand key the page carries. */
export type RootData = LoadedRootData & { brand: Brand };

/** One object per loaded data, so that components see the same object on every render until the data changes. */
const withBrands = new WeakMap<LoadedRootData, RootData>();

export function withBrand(loaded: LoadedRootData): RootData {
  let data = withBrands.get(loaded);
  if (!data) {
    data = { ...loaded, brand: BRANDS[loaded.brandKey] };
    withBrands.set(loaded, data);
  }
  return data;
}

/**
 * The root loader's data; on an error page thrown before the loaders ran (a guard's 403, a 405), the root's data
 * that came with the error (`refuse`, app/lib/errors.server.ts), so that every error page has the site's layout and
 * the visitor's language.
 */
export function useRootData(): RootData | undefined {
  const loaded = useRouteLoaderData<typeof loader>("root") as LoadedRootData | undefined;
  const error = useRouteError();
  return loaded ? withBrand(loaded) : rootDataOfError(error);
}

/** The root's data carried by a refusal (`{ root }` in an error response's data), if any. */
export function rootDataOfError(error: unknown): RootData | undefined {
  if (!error || typeof error !== "object" || !("data" in error)) return undefined;
  const data = (error as { data: unknown }).data;
  const root = data && typeof data === "object" && "root" in data ? ((data as { root: LoadedRootData }).root ?? undefined) : undefined;
  return root ? withBrand(root) : undefined;
}
