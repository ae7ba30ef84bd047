import type { MetaDescriptor } from "react-router";
import type { Brand, Locale } from "#core/branding/brands.ts";
import { FALLBACK_CHAIN } from "#core/locales.ts";

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
  resources?: Record<string, Record<string, unknown>>;
  origin?: string;
};

/** The root loader's data from a meta function's `matches`. */
export function rootMetaData(matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>): RootMetaData {
  const root = matches.find((match) => match?.id === "root");
  return (root?.loaderData ?? {}) as RootMetaData;
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
 * Translates a key inside a meta function from the strings the root loader sent (i18next is not
 * reachable there): the locale, then its fallbacks; `{{name}}` placeholders are filled in.
 */
export function metaT(root: RootMetaData, key: string, values: Record<string, string | number> = {}): string {
  const [ns, rest] = key.includes(":") ? (key.split(":", 2) as [string, string]) : ["common", key];
  const locale = root.locale ?? "fr-FR";
  for (const lng of [locale, ...FALLBACK_CHAIN[locale]]) {
    const found = lookup(root.resources?.[lng]?.[ns], rest);
    if (found !== undefined) return found.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(values[name] ?? ""));
  }
  return "";
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
 * have no i18next: keys are translated from the strings the root loader sent (`metaT`).
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
