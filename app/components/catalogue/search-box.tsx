import { useId } from "react";
import { useTranslation } from "~/i18n/react";
import { Form } from "react-router";
import { Icon } from "~/components/ui/icon";
import { cx } from "~/components/ui/cx";
import { usePagePath } from "~/i18n/use-page-path";

/**
 * The site search: a GET form to /recherche?q= (/buscar on Spanish paths), which redirects to
 * /recherche/{value}. Works without JavaScript. Strings come from the common namespace (search.*),
 * so it can sit in the header of every page.
 */
export function SearchBox({ defaultValue = "", className, autoFocus }: { defaultValue?: string; className?: string; autoFocus?: boolean }) {
  const { t } = useTranslation("common");
  const path = usePagePath();
  const id = useId();
  return (
    <Form
      method="get"
      action={path("search-form")}
      role="search"
      aria-label={t("search.label")}
      className={cx("flex items-stretch", className)}
      data-testid="search-box"
    >
      <label htmlFor={id} className="sr-only">
        {t("search.label")}
      </label>
      <input
        id={id}
        name="q"
        type="search"
        required
        maxLength={200}
        defaultValue={defaultValue}
        placeholder={t("search.placeholder")}
        autoFocus={autoFocus}
        className="min-h-11 w-full min-w-0 rounded-l-md border-2 border-r-0 border-slate-500 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-600"
      />
      <button
        type="submit"
        className="flex min-h-11 min-w-11 items-center justify-center rounded-r-md border-2 border-primary bg-primary px-3 text-white hover:border-primary-dark hover:bg-primary-dark"
      >
        <Icon name="search" size={20} />
        <span className="sr-only">{t("search.submit")}</span>
      </button>
    </Form>
  );
}
