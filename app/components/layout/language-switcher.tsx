import { useId } from "react";
import { SYSTEM_PATHS } from "#core/page-links.ts";
import { useTranslation } from "~/i18n/react";
import { Form, useLocation, useMatches } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { Icon } from "~/components/ui/icon";
import { LOCALE_LABELS, SELECTABLE_LOCALES } from "#core/locales.ts";
import { findPage, pagePath } from "#core/page-links.ts";
import { useRootData } from "~/lib/use-root-data";

/**
 * A page that exists in one language only can name, in its route `handle`, a page that exists in
 * every language to switch through: `handle = { switchLanguageVia: "cookies-policy-link" }`.
 */
export type LanguageSwitchHandle = { switchLanguageVia?: string };

/** Where to come back after switching: the current page, or its all-language counterpart. */
export function useSwitchTarget(): string {
  const location = useLocation();
  const matches = useMatches();
  const leaf = matches[matches.length - 1];
  const via = (leaf?.handle as LanguageSwitchHandle | undefined)?.switchLanguageVia;
  if (via && findPage(via)) {
    const path = pagePath(via, "fr", leaf?.params as Record<string, string>) ?? "/";
    return path + location.search;
  }
  return location.pathname + location.search;
}

/**
 * Posts the chosen locale; the action remembers it (365 days) and reopens the same page in that
 * language. A plain form with a submit button: it works without JavaScript, and changing the
 * selection never reloads the page by itself (WCAG 3.2.2).
 */
export function LanguageSwitcher() {
  const { t } = useTranslation("common");
  const locale = useRootData()?.locale ?? "fr-FR";
  const id = useId();
  const redirectTo = useSwitchTarget();
  return (
    <Form method="post" action={SYSTEM_PATHS.setLocale} className="flex items-center gap-2" reloadDocument data-testid="language-switcher">
      <AuthenticityTokenInput name="csrf" />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <label htmlFor={`language-${id}`} className="language-label">
        <Icon name="globe" size={20} />
        {t("nav.language")}
      </label>
      <select id={`language-${id}`} name="locale" defaultValue={locale === "en-US" ? undefined : locale} className="language-select">
        {SELECTABLE_LOCALES.map((value) => (
          <option key={value} value={value} lang={value}>
            {LOCALE_LABELS[value]}
          </option>
        ))}
      </select>
      <button type="submit" className="language-button">
        {t("nav.apply")}
        <span className="sr-only"> — {t("nav.changeLanguage")}</span>
      </button>
    </Form>
  );
}
