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
        className="search-field"
      />
      <button type="submit" className="search-button">
        <Icon name="search" size={20} />
        <span className="sr-only">{t("search.submit")}</span>
      </button>
    </Form>
  );
}
