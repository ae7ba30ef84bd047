import { createContext, useContext, useMemo } from "react";
import type { Locale } from "#core/branding/brands.ts";
import { resourcesOf, type TranslationFile } from "./bundles";
import { addResources, createI18n, type I18n, type TFunction } from "./instance";

const I18nContext = createContext<I18n | null>(null);

/**
 * Set by app/entry.server.tsx only: builds the page's translator on i18next (./i18next.server.ts). In the browser
 * it is absent and the page uses the small translator (./instance.ts, decision 0010), so i18next never reaches
 * the browser's JavaScript.
 */
export type ServerI18nFactory = (locale: Locale, namespaces: readonly string[]) => I18n;
export const ServerI18nContext = createContext<ServerI18nFactory | null>(null);

export function I18nProvider({ i18n, children }: { i18n: I18n; children?: React.ReactNode }) {
  return <I18nContext.Provider value={i18n}>{children}</I18nContext.Provider>;
}

/**
 * The root's translator for the page: i18next while the server renders, the small translator in the browser,
 * both over the namespaces the root loader named (`translations`, decision 0128). In the browser their files have
 * arrived before the page renders (app/entry.client.tsx, the root's clientMiddleware); those of later navigations
 * are added.
 */
export function usePageI18n(locale: Locale, translations: readonly TranslationFile[] | undefined): I18n {
  const serverI18n = useContext(ServerI18nContext);
  const i18n = useMemo(
    () =>
      serverI18n && translations
        ? serverI18n(
            locale,
            translations.map((file) => file.ns),
          )
        : createI18n(locale, {}),
    // One translator per locale; the bundles of later navigations are added below.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on purpose, as said above
    [locale],
  );
  if (translations && !serverI18n) addResources(i18n, resourcesOf(locale, translations));
  return i18n;
}

/** `const { t, i18n } = useTranslation("catalogue")`: keys of that namespace, "ns:key" for others. */
export function useTranslation(ns = "common"): { t: TFunction; i18n: I18n } {
  const i18n = useContext(I18nContext);
  if (!i18n) throw new Error("useTranslation needs an I18nProvider");
  const t = useMemo(() => i18n.getFixedT(i18n.language, ns), [i18n, ns]);
  return { t, i18n };
}
