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

export function pageMeta(options: { title: string; description?: string }): MetaDescriptor[] {
  const meta: MetaDescriptor[] = [{ title: options.title }];
  if (options.description) meta.push({ name: "description", content: options.description });
  return meta;
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

/** Title and description of a page: `{page} | {brand}`, with the site's default title when the page has none. */
export function brandPageMeta(
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>,
  options: { titleKey?: string; title?: string; descriptionKey?: string; values?: Record<string, string | number> } = {},
): MetaDescriptor[] {
  const root = rootMetaData(matches);
  const page = options.title ?? (options.titleKey ? metaT(root, options.titleKey, options.values) : "");
  const fallback = metaT(root, "meta.defaultTitle");
  const description = options.descriptionKey ? metaT(root, options.descriptionKey, options.values) : metaT(root, "meta.defaultDescription");
  return pageMeta({ title: pageTitle(page, root.brand, fallback), description: description || undefined });
}
