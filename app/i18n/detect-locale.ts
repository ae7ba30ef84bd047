import type { Locale } from "#core/branding/brands.ts";
import { isLocale, type PathLang } from "#core/locales.ts";

/**
 * Decides the locale of a request.
 * - A path that exists in one language only (/catalogar) fixes the language family.
 * - Otherwise the visitor's choice (locale cookie) wins, then the host's locale, then
 *   Accept-Language, then the fallback.
 * Within French, fr-BE is kept when it was chosen or is the host's locale.
 */
export function detectLocale(input: {
  pathLang: PathLang | null;
  cookie: string | undefined;
  hostLocale: Locale | undefined;
  acceptLanguage: string | null;
}): Locale {
  const cookie = isLocale(input.cookie) && input.cookie !== "en-US" ? input.cookie : undefined;
  const preferred = cookie ?? input.hostLocale ?? fromAcceptLanguage(input.acceptLanguage);
  if (input.pathLang === "es") return "es-ES";
  if (input.pathLang === "fr") {
    if (preferred === "fr-FR" || preferred === "fr-BE") return preferred;
    if (input.hostLocale === "fr-BE") return "fr-BE";
    return "fr-FR";
  }
  return preferred ?? "en-US";
}

export function fromAcceptLanguage(header: string | null): Locale | undefined {
  if (!header) return undefined;
  const tags = header
    .split(",")
    .map((part) => {
      const [tag, ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      return { tag: tag.trim().toLowerCase(), q: q ? Number(q.slice(2)) || 0 : 1 };
    })
    .filter((t) => t.tag && t.q > 0)
    .sort((a, b) => b.q - a.q);
  for (const { tag } of tags) {
    if (tag === "fr-be") return "fr-BE";
    if (tag.startsWith("fr")) return "fr-FR";
    if (tag.startsWith("es")) return "es-ES";
    if (tag.startsWith("en")) return "en-US";
  }
  return undefined;
}
