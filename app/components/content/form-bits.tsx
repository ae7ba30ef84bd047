import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/react";

/** A label with its "(required)" marker, read with the label. */
export function RequiredLabel({ children }: { children: ReactNode }) {
  const { t } = useTranslation("content");
  return (
    <>
      {children} <span className="font-normal text-slate-700">({t("form.required")})</span>
    </>
  );
}

/**
 * The honeypot: a field nobody sees or reaches (display: none, out of the tab order and of the
 * accessibility tree). Bots that fill every field fill it too; the back API then keeps nothing.
 */
export function Honeypot() {
  const { t } = useTranslation("content");
  return (
    <div hidden>
      <label htmlFor="contact-website">{t("form.honeypot")}</label>
      <input id="contact-website" type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}
