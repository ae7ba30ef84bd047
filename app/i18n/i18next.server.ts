import { createInstance, type TOptions } from "i18next";
import type { Locale } from "#core/branding/brands.ts";
import { DEFAULT_NAMESPACE, i18nextOptions } from "#core/i18n.ts";
import type { I18n, TFunction, TranslateValues } from "./instance";
import { RESOURCES } from "./resources.server";

/** The web tier's i18next: the pages' namespaces of locales/, with the options both tiers share (core/i18n.ts). */
export const i18next = createInstance(i18nextOptions(RESOURCES));
void i18next.init();

function translate(locale: Locale, ns: string, key: string, values: TranslateValues | undefined): string | null {
  const options: TOptions = { lng: locale, ns, count: values?.count, replace: values ?? {}, returnObjects: true };
  if (!i18next.exists(key, options)) return null;
  const text: unknown = i18next.t(key, options);
  return typeof text === "string" ? text : null;
}

/**
 * Most keys a page renders take no values, and the same ones come back on every render: their text is looked up
 * once per process (the resources are bundled and never change while it runs). Keys only, never values; capped, in
 * case a key were ever built from a request.
 */
const textWithoutValues = new Map<string, string | null>();
const MAX_KEPT_TEXTS = 50_000;

function translateWithoutValues(locale: Locale, ns: string, key: string): string | null {
  const cacheKey = `${locale}\u0000${ns}\u0000${key}`;
  let text = textWithoutValues.get(cacheKey);
  if (text === undefined) {
    text = translate(locale, ns, key, undefined);
    if (textWithoutValues.size < MAX_KEPT_TEXTS) textWithoutValues.set(cacheKey, text);
  }
  return text;
}

/**
 * The page's translator while the server renders it: i18next, limited to the namespaces the page sends to the
 * browser (root loader), so that the HTML holds the very text the browser's translator (./instance.ts) renders
 * from those namespaces when it hydrates (app/i18n/hydration.test.ts compares the two on every string). Same call
 * shape as the browser's: `t(key | keys, values)`, "ns:key" for another namespace, the last key when none exists.
 */
export function createServerI18n(locale: Locale, namespaces: readonly string[]): I18n {
  const sent = new Set(namespaces);
  const fixedT =
    (defaultNs: string): TFunction =>
    (keys, values) => {
      const list = Array.isArray(keys) ? keys : [keys];
      for (const fullKey of list) {
        const index = fullKey.indexOf(":");
        const ns = index > 0 ? fullKey.slice(0, index) : defaultNs;
        const key = index > 0 ? fullKey.slice(index + 1) : fullKey;
        if (!sent.has(ns)) continue;
        const text = values ? translate(locale, ns, key, values) : translateWithoutValues(locale, ns, key);
        if (text !== null) return text;
      }
      return list[list.length - 1];
    };
  return {
    language: locale,
    t: fixedT(DEFAULT_NAMESPACE),
    getFixedT: (_language, ns) => fixedT(ns),
    hasResourceBundle: (language, ns) => language === locale && sent.has(ns),
    addResourceBundle() {
      // One render, one page: nothing arrives later on the server.
    },
  };
}
