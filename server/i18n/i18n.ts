import fs from "node:fs";
import path from "node:path";
import { createInstance, type TFunction } from "i18next";
import type { Locale } from "#core/branding/brands.ts";
import { i18nextOptions, resourcesFromFiles, type Bundle, type Resources } from "#core/i18n.ts";
import { isLocale } from "#core/locales.ts";

/**
 * The API tier's i18next: API messages (namespaces api and api-<area>), mails (mail) and attestation PDFs (pdf),
 * read from the same locales/<locale>/<ns>.json files as the pages, with the same options (core/i18n.ts).
 * Loaded once, synchronously, when the module is first imported.
 */
export const LOCALES_DIR = path.resolve(import.meta.dirname, "..", "..", "locales");

function readLocales(dir: string): Resources {
  const files: Record<string, Bundle> = {};
  for (const locale of fs.readdirSync(dir)) {
    const folder = path.join(dir, locale);
    if (!fs.statSync(folder).isDirectory()) continue;
    for (const file of fs.readdirSync(folder)) {
      if (file.endsWith(".json")) files[`${locale}/${file}`] = JSON.parse(fs.readFileSync(path.join(folder, file), "utf8")) as Bundle;
    }
  }
  return resourcesFromFiles(files);
}

export const RESOURCES: Resources = readLocales(LOCALES_DIR);

export const i18n = createInstance(i18nextOptions(RESOURCES));
void i18n.init();

/** A translator of one or more namespaces (searched in order) in a locale, along the fallback chain; keys under `keyPrefix` when given. */
export function fixedT(locale: Locale, ns: string | readonly string[], keyPrefix?: string): TFunction {
  return i18n.getFixedT(locale, ns as string | string[], keyPrefix);
}

/** Any locale-like string of the database (users.locale, brand default) as a supported locale: fr* -> fr-FR, es* -> es-ES, else en-US. */
export function serverLocale(value: string | null | undefined): Locale {
  if (isLocale(value)) return value;
  if (value?.startsWith("fr")) return "fr-FR";
  if (value?.startsWith("es")) return "es-ES";
  return "en-US";
}
