import type { Locale } from "#core/branding/brands.ts";
import { pickResources as pick, resourcesFromFiles, type Bundle, type Resources } from "#core/i18n.ts";

export type { Resources };

/**
 * The pages' translations: locales/<locale>/<ns>.json at the root of the repository (the API reads the same
 * folder, decision 0034), bundled into the server build only. The API's own namespaces (api, api-*, mail, pdf)
 * are left out: no page shows them.
 */
const files = import.meta.glob<Bundle>(["../../locales/*/*.json", "!../../locales/*/api*.json", "!../../locales/*/mail.json", "!../../locales/*/pdf.json"], {
  eager: true,
  import: "default",
});

export const RESOURCES: Resources = resourcesFromFiles(files);

/** The strings one page needs, resolved along the fallback chain (core/i18n.ts). */
export function pickResources(locale: Locale, namespaces: string[]): Resources {
  return pick(RESOURCES, locale, namespaces);
}
