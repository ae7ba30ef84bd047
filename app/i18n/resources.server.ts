import type { Locale } from "#core/branding/brands.ts";
import { FALLBACK_CHAIN, SUPPORTED_LOCALES } from "#core/locales.ts";

type Namespace = { [key: string]: string | Namespace };
export type Resources = Record<string, Record<string, Namespace>>;

// Every JSON file under app/locales/<locale>/<ns>.json, bundled into the server build only.
const files = import.meta.glob<Namespace>("../locales/*/*.json", { eager: true, import: "default" });

export const RESOURCES: Resources = {};
for (const [file, content] of Object.entries(files)) {
  const match = /locales\/([^/]+)\/([^/]+)\.json$/.exec(file);
  if (!match) continue;
  (RESOURCES[match[1]] ??= {})[match[2]] = content;
}
for (const locale of SUPPORTED_LOCALES) RESOURCES[locale] ??= {};

/**
 * The strings one page needs: the given namespaces, already resolved along the fallback
 * chain (fr-BE over fr-FR over en-US) into one bundle, so nothing is sent twice.
 */
export function pickResources(locale: Locale, namespaces: string[]): Resources {
  const chain = [...FALLBACK_CHAIN[locale]].reverse().concat(locale);
  const picked: Record<string, Namespace> = {};
  for (const ns of namespaces) {
    let merged: Namespace | undefined;
    for (const lng of chain) {
      const bundle = RESOURCES[lng]?.[ns];
      if (bundle) merged = merged ? deepMerge(merged, bundle) : bundle;
    }
    if (merged) picked[ns] = merged;
  }
  return { [locale]: picked };
}

function deepMerge(base: Namespace, override: Namespace): Namespace {
  const result: Namespace = { ...base };
  for (const [key, value] of Object.entries(override)) {
    const current = result[key];
    result[key] =
      isPlainObject(current) && isPlainObject(value) ? deepMerge(current as Namespace, value as Namespace) : value;
  }
  return result;
}

function isPlainObject(value: unknown): value is Namespace {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
