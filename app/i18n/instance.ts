import type { Locale } from "#core/branding/brands.ts";

/**
 * The translator. Resources arrive already resolved along the fallback chain (see
 * resources.server.ts), so it only looks keys up, picks plural forms and fills {{values}}:
 * the subset of i18next the pages use, without its weight in every page's JavaScript.
 */
export type Bundle = { [key: string]: string | Bundle };
export type Resources = Record<string, Record<string, Bundle>>;
export type TranslateValues = Record<string, unknown> & { count?: number };
export type TFunction = (key: string | string[], values?: TranslateValues) => string;

export type I18n = {
  language: Locale;
  t: TFunction;
  getFixedT(language: string, ns: string): TFunction;
  hasResourceBundle(language: string, ns: string): boolean;
  addResourceBundle(language: string, ns: string, bundle: Bundle): void;
};

const NS_SEPARATOR = ":";
const DEFAULT_NS = "common";

export function createI18n(locale: Locale, resources: Resources): I18n {
  const store: Resources = {};
  for (const [lng, namespaces] of Object.entries(resources)) store[lng] = { ...namespaces };
  const plurals = new Intl.PluralRules(locale);

  const lookup = (ns: string, key: string): string | undefined => {
    let node: string | Bundle | undefined = store[locale]?.[ns];
    for (const part of key.split(".")) {
      if (node === undefined || typeof node === "string") return undefined;
      node = node[part];
    }
    return typeof node === "string" ? node : undefined;
  };

  const resolve = (defaultNs: string, fullKey: string, count: number | undefined): string | undefined => {
    const index = fullKey.indexOf(NS_SEPARATOR);
    const ns = index > 0 ? fullKey.slice(0, index) : defaultNs;
    const key = index > 0 ? fullKey.slice(index + 1) : fullKey;
    if (typeof count === "number") {
      const plural = (count === 0 ? lookup(ns, `${key}_zero`) : undefined) ?? lookup(ns, `${key}_${plurals.select(count)}`);
      if (plural !== undefined) return plural;
    }
    return lookup(ns, key);
  };

  const fixedT =
    (ns: string): TFunction =>
    (keys, values) => {
      const list = Array.isArray(keys) ? keys : [keys];
      let text: string | undefined;
      for (const key of list) {
        text = resolve(ns, key, values?.count);
        if (text !== undefined) break;
      }
      if (text === undefined) return list[list.length - 1];
      return values ? text.replace(/\{\{-?\s*(\w+)\s*\}\}/g, (match, name: string) => (name in values ? String(values[name]) : match)) : text;
    };

  return {
    language: locale,
    t: fixedT(DEFAULT_NS),
    getFixedT: (_language, ns) => fixedT(ns),
    hasResourceBundle: (lng, ns) => Boolean(store[lng]?.[ns]),
    addResourceBundle(lng, ns, bundle) {
      (store[lng] ??= {})[ns] = bundle;
    },
  };
}

/** Adds bundles that arrived with a later navigation. */
export function addResources(instance: I18n, resources: Resources) {
  for (const [lng, namespaces] of Object.entries(resources)) {
    for (const [ns, bundle] of Object.entries(namespaces)) {
      if (!instance.hasResourceBundle(lng, ns)) instance.addResourceBundle(lng, ns, bundle);
    }
  }
}
