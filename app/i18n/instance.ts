import { createInstance, type i18n as I18n, type Resource } from "i18next";
import type { Locale } from "~/branding/brands";
import { FALLBACK_CHAIN } from "./config";

/**
 * An i18next instance for one locale, built from the resources the root loader sent
 * (the page's namespaces only). Same code on server and client, so hydration matches.
 */
export function createI18n(locale: Locale, resources: Resource): I18n {
  const instance = createInstance();
  void instance.init({
    lng: locale,
    fallbackLng: FALLBACK_CHAIN[locale].length ? FALLBACK_CHAIN[locale] : ["en-US"],
    resources,
    defaultNS: "common",
    ns: Object.keys(resources[locale] ?? {}),
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return instance;
}

/** Adds bundles that arrived with a later navigation. */
export function addResources(instance: I18n, resources: Resource) {
  for (const [lng, namespaces] of Object.entries(resources)) {
    for (const [ns, bundle] of Object.entries(namespaces)) {
      if (!instance.hasResourceBundle(lng, ns)) instance.addResourceBundle(lng, ns, bundle, true, false);
    }
  }
}
