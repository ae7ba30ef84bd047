import type { Locale } from "~/branding/brands";
import { FALLBACK_CHAIN, SUPPORTED_LOCALES } from "./config";

type Namespace = Record<string, unknown>;
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
 * The strings one page needs: the given namespaces for the locale and its fallbacks,
 * so the client never downloads the whole catalogue of strings.
 */
export function pickResources(locale: Locale, namespaces: string[]): Resources {
  const picked: Resources = {};
  for (const lng of [locale, ...FALLBACK_CHAIN[locale]]) {
    picked[lng] = {};
    for (const ns of namespaces) {
      const bundle = RESOURCES[lng]?.[ns];
      if (bundle) picked[lng][ns] = bundle;
    }
  }
  return picked;
}
