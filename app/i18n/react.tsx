import { createContext, useContext, useMemo } from "react";
import type { I18n, TFunction } from "./instance";

const I18nContext = createContext<I18n | null>(null);

export function I18nProvider({ i18n, children }: { i18n: I18n; children?: React.ReactNode }) {
  return <I18nContext.Provider value={i18n}>{children}</I18nContext.Provider>;
}

/** `const { t, i18n } = useTranslation("catalogue")`: keys of that namespace, "ns:key" for others. */
export function useTranslation(ns = "common"): { t: TFunction; i18n: I18n } {
  const i18n = useContext(I18nContext);
  if (!i18n) throw new Error("useTranslation needs an I18nProvider");
  const t = useMemo(() => i18n.getFixedT(i18n.language, ns), [i18n, ns]);
  return { t, i18n };
}
