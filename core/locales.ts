import type { Locale } from "./branding/brands.ts";

export const SUPPORTED_LOCALES = ["fr-FR", "fr-BE", "es-ES", "en-US"] as const satisfies readonly Locale[];
/** Locales a visitor can pick in the language switcher. */
export const SELECTABLE_LOCALES = ["fr-FR", "fr-BE", "es-ES"] as const satisfies readonly Locale[];
export const FALLBACK_LOCALE: Locale = "en-US";
export const LOCALE_COOKIE = "lng";
export const LOCALE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

/** Paths come in two languages: French paths serve fr-FR, fr-BE and en-US; Spanish paths es-ES. */
export type PathLang = "fr" | "es";

export function pathLangOf(locale: Locale): PathLang {
  return locale === "es-ES" ? "es" : "fr";
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (SUPPORTED_LOCALES as readonly string[]).includes(value);
}

/** i18next fallback chain: fr-BE -> fr-FR -> en-US. */
export const FALLBACK_CHAIN: Record<Locale, Locale[]> = {
  "fr-FR": ["en-US"],
  "fr-BE": ["fr-FR", "en-US"],
  "es-ES": ["en-US"],
  "en-US": [],
};

export const LOCALE_LABELS: Record<(typeof SELECTABLE_LOCALES)[number], string> = {
  "fr-FR": "Français (France)",
  "fr-BE": "Français (Belgique)",
  "es-ES": "Español (España)",
};

/**
 * The best supported locale of an Accept-Language header, or undefined: every tag by quality, fr-BE kept,
 * any other French, Spanish or English tag mapped to fr-FR, es-ES or en-US. The web tier's detector
 * (app/lib/request-state.server.ts) and the API (server/back/i18n/messages.ts) both use it.
 */
export function localeFromAcceptLanguage(header: string | null | undefined): Locale | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(",")
    .map((part) => {
      const [tag, ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      return { tag: tag.trim().toLowerCase(), q: q ? Number(q.slice(2)) || 0 : 1 };
    })
    .filter((entry) => entry.tag && entry.q > 0)
    .sort((a, b) => b.q - a.q);
  for (const { tag } of ranked) {
    const language = tag.split("-")[0];
    if (language === "fr") return tag === "fr-be" ? "fr-BE" : "fr-FR";
    if (language === "es") return "es-ES";
    if (language === "en") return "en-US";
  }
  return undefined;
}

/**
 * A path that exists in one language only (/catalogar) fixes the language family: a Spanish path is es-ES; on a
 * French path the preferred locale is kept when it is French, else fr-BE on the Belgian host, else fr-FR. Paths
 * shared by both languages keep the preferred locale.
 */
export function localeForPath(pathLang: PathLang | null, preferred: Locale, hostLocale: Locale | undefined): Locale {
  if (pathLang === "es") return "es-ES";
  if (pathLang === "fr") {
    if (preferred === "fr-FR" || preferred === "fr-BE") return preferred;
    if (hostLocale === "fr-BE") return "fr-BE";
    return "fr-FR";
  }
  return preferred;
}
