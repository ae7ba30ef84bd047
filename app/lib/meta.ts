import type { MetaDescriptor } from "react-router";
import { BRANDS, type Brand, type BrandKey, type Locale } from "#core/branding/brands.ts";
import { bundleOf, type TranslationFile } from "~/i18n/bundles";

const DEFAULT_SITE_TITLE = "Officine Académie";

/** "{page} | {brand title}", or "{fallback} | {brand title}" when the page has no title. */
export function pageTitle(page: string | null | undefined, brand: Brand | undefined, fallback: string): string {
  const site = brand?.title ?? DEFAULT_SITE_TITLE;
  const head = page || fallback;
  return head ? `${head} | ${site}` : site;
}

/** What meta functions need from the root loader (which may be missing when the root itself failed). */
export type RootMetaData = {
  brand?: Brand;
  locale?: Locale;
  /** The page's translation files (decision 0128): their texts are read where they are kept (app/i18n/bundles.ts). */
  translations?: readonly TranslationFile[];
  origin?: string;
};

/** The root loader's data from a meta function's `matches`, with its brand's settings (the data names the brand). */
export function rootMetaData(matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>): RootMetaData {
  const root = matches.find((match) => match?.id === "root");
  const loaded = (root?.loaderData ?? {}) as Omit<RootMetaData, "brand"> & { brandKey?: BrandKey };
  return { ...loaded, brand: loaded.brandKey ? BRANDS[loaded.brandKey] : undefined };
}

function lookup(bundle: unknown, key: string): string | undefined {
  let node: unknown = bundle;
  for (const part of key.split(".")) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === "string" ? node : undefined;
}

/**
 * Translates a key inside a meta function from the page's namespaces (i18next is not reachable there): the texts of
 * the files the root loader named, already resolved along the fallback chain; `{{name}}` placeholders are filled in.
 * On the server they are the bundled resources, in the browser the files fetched before the page renders.
 */
export function metaT(root: RootMetaData, key: string, values: Record<string, string | number> = {}): string {
  const [ns, rest] = key.includes(":") ? (key.split(":", 2) as [string, string]) : ["common", key];
  const file = root.translations?.find((candidate) => candidate.ns === ns);
  const found = file ? lookup(bundleOf(root.locale ?? "fr-FR", file), rest) : undefined;
  return found === undefined ? "" : found.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(values[name] ?? ""));
}

type Matches = ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;

export type PageMetaOptions = {
  /** The page's own title (the loader's, already translated), else `titleKey` translated; neither: the site's default title. */
  title?: string | null;
  titleKey?: string;
  /** The page's description, else `descriptionKey` translated, else the site's default description. */
  description?: string;
  descriptionKey?: string;
  /** The `{{name}}` values of both keys. */
  values?: Record<string, string | number>;
  /** A private page (account, pharmacy, admin, search results): not indexed. */
  noindex?: boolean;
  /**
   * The page has nothing to show: `true` when its data is missing, or the error its loader threw. Its title is then
   * the not-found title (or the error's status), without a description, not indexed.
   */
  failed?: unknown;
};

/**
 * The one meta of every page: `{page} | {brand}` and the description (then `robots: noindex` when asked). Meta functions
 * have no i18next: keys are translated from the page's namespaces (`metaT`).
 */
export function pageMeta(matches: Matches, options: PageMetaOptions = {}): MetaDescriptor[] {
  const root = rootMetaData(matches);
  const fallback = metaT(root, "meta.defaultTitle");
  if (options.failed) {
    const error = options.failed === true ? undefined : options.failed;
    const status = (error as { status?: number } | undefined)?.status;
    const title = !error || status === 404 ? metaT(root, "errors.notFoundTitle") : String(status ?? 500);
    return [{ title: pageTitle(title, root.brand, fallback) }, { name: "robots", content: "noindex" }];
  }
  const page = options.title ?? (options.titleKey ? metaT(root, options.titleKey, options.values) : "");
  const description =
    options.description || (options.descriptionKey ? metaT(root, options.descriptionKey, options.values) : metaT(root, "meta.defaultDescription"));
  const tags: MetaDescriptor[] = [{ title: pageTitle(page, root.brand, fallback) }];
  if (description) tags.push({ name: "description", content: description });
  if (options.noindex) tags.push({ name: "robots", content: "noindex" });
  return tags;
}
