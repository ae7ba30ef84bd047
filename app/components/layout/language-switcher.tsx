import { useTranslation } from "react-i18next";
import { Form, useLocation } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { LOCALE_LABELS, SELECTABLE_LOCALES } from "~/i18n/config";
import { useRootData } from "~/lib/use-root-data";

/**
 * Posts the chosen locale; the action remembers it and redirects to the same page in
 * that language. A plain form, so it works without JavaScript (the button applies it).
 */
export function LanguageSwitcher() {
  const { t } = useTranslation("common");
  const locale = useRootData()?.locale ?? "fr-FR";
  const location = useLocation();
  return (
    <Form method="post" action="/locale" className="flex items-center gap-2" reloadDocument>
      <AuthenticityTokenInput name="csrf" />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <label htmlFor="language-select" className="text-sm">
        {t("nav.language")}
      </label>
      <select
        id="language-select"
        name="locale"
        defaultValue={locale}
        className="rounded border border-slate-400 px-2 py-1 text-sm"
        onChange={(event) => event.currentTarget.form?.requestSubmit()}
      >
        {SELECTABLE_LOCALES.map((value) => (
          <option key={value} value={value} lang={value}>
            {LOCALE_LABELS[value]}
          </option>
        ))}
      </select>
      <noscript>
        <button type="submit" className="rounded border border-slate-400 px-2 py-1 text-sm">
          {t("nav.apply")}
        </button>
      </noscript>
    </Form>
  );
}
