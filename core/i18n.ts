import type { InitOptions } from "i18next";
import type { Locale } from "./branding/brands.ts";
import { FALLBACK_CHAIN, FALLBACK_LOCALE, SUPPORTED_LOCALES } from "./locales.ts";

/**
 * The one i18next setup of both tiers (decision 0034). The translations live in locales/<locale>/<ns>.json at
 * the root of the repository: the pages' namespaces (common, auth, catalogue...) and the server's (api, api-*,
 * mail, pdf). Each tier loads the files its own way (the web build bundles them with import.meta.glob, the API
 * reads them from disk) and builds its i18next instance with these options, so the fallback chain, the
 * interpolation and the plural rules are the same everywhere. Only types come from i18next here: core/ is
 * imported by the browser too, which never loads i18next (decision 0010).
 */
export type Bundle = { [key: string]: string | Bundle };
export type Resources = Record<string, Record<string, Bundle>>;

export const DEFAULT_NAMESPACE = "common";

/** Groups `{ "<anything>/<locale>/<ns>.json": bundle }` into i18next resources; every supported locale gets an entry. */
export function resourcesFromFiles(files: Record<string, Bundle>): Resources {
  const resources: Resources = {};
  for (const [file, content] of Object.entries(files)) {
    const match = /([^/\\]+)[/\\]([^/\\]+)\.json$/.exec(file);
    if (!match) continue;
    (resources[match[1]] ??= {})[match[2]] = content;
  }
  for (const locale of SUPPORTED_LOCALES) resources[locale] ??= {};
  return resources;
}

/** i18next options: fr-BE -> fr-FR -> en-US (core/locales.ts), `{{value}}` left as is when no value is given, no HTML escaping (React and the mail layout escape). */
export function i18nextOptions(resources: Resources): InitOptions {
  return {
    resources,
    lng: FALLBACK_LOCALE,
    fallbackLng: { ...FALLBACK_CHAIN, default: [FALLBACK_LOCALE] },
    supportedLngs: [...SUPPORTED_LOCALES],
    load: "currentOnly",
    ns: [...new Set(Object.values(resources).flatMap((namespaces) => Object.keys(namespaces)))],
    defaultNS: DEFAULT_NAMESPACE,
    fallbackNS: false,
    initAsync: false,
    returnNull: false,
    interpolation: { escapeValue: false },
    missingInterpolationHandler: (_text, match: RegExpExecArray) => match[0],
  };
}

/**
 * The strings one page needs: the given namespaces, already resolved along the fallback chain (fr-BE over fr-FR
 * over en-US) into one bundle, so nothing is sent twice. The browser's translator (app/i18n/instance.ts) reads them.
 */
export function pickResources(resources: Resources, locale: Locale, namespaces: string[]): Resources {
  const chain = [...FALLBACK_CHAIN[locale]].reverse().concat(locale);
  const picked: Record<string, Bundle> = {};
  for (const ns of namespaces) {
    let merged: Bundle | undefined;
    for (const lng of chain) {
      const bundle = resources[lng]?.[ns];
      if (bundle) merged = merged ? deepMerge(merged, bundle) : bundle;
    }
    if (merged) picked[ns] = merged;
  }
  return { [locale]: picked };
}

function deepMerge(base: Bundle, override: Bundle): Bundle {
  const result: Bundle = { ...base };
  for (const [key, value] of Object.entries(override)) {
    const current = result[key];
    result[key] = isBundle(current) && isBundle(value) ? deepMerge(current, value) : value;
  }
  return result;
}

function isBundle(value: unknown): value is Bundle {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
