import type { ReactNode } from "react";
import { SubmitButton } from "~/components/ui/form-fields";
import { Checkbox } from "~/components/ui/checkbox";
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

/** The closing part of the contact and survey forms: the required consent checkbox and the submit button. */
export function ConsentAndSubmit({
  consentLabel,
  submitLabel,
  checked,
  errors,
  focus,
}: {
  consentLabel: string;
  submitLabel: string;
  checked: boolean;
  errors: string[] | undefined;
  focus: boolean;
}) {
  const { t } = useTranslation("content");
  return (
    <>
      <Checkbox
        name="consent"
        label={<RequiredLabel>{consentLabel}</RequiredLabel>}
        assistiveText={t("contact.fields.consentHelp")}
        defaultChecked={checked}
        errorMessage={errors?.join(" ")}
        aria-required="true"
        autoFocus={focus || undefined}
      />
      <div>
        <SubmitButton>{submitLabel}</SubmitButton>
      </div>
    </>
  );
}
