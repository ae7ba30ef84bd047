import type { FormEventHandler, ReactNode, Ref } from "react";
import { Form, useLocation } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { SubmitButton } from "~/components/ui/form-fields";
import { FormMessage } from "~/components/ui/form-message";
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

/**
 * The contact and survey forms' frame: a post form that starts fresh after the redirect of a success (a new location
 * key), its CSRF token, the form's message, the required-fields note and the honeypot, then the fields.
 */
export function PublicForm({
  form,
  formRef,
  message,
  className,
  testId,
  children,
}: {
  form: { id: string; onSubmit: FormEventHandler<HTMLFormElement> };
  formRef: Ref<HTMLFormElement>;
  message: string | null | undefined;
  className: string;
  testId: string;
  children: ReactNode;
}) {
  const { t } = useTranslation("content");
  const { key: locationKey } = useLocation();
  return (
    <Form key={locationKey} method="post" id={form.id} onSubmit={form.onSubmit} ref={formRef} className={className} noValidate data-testid={testId}>
      <AuthenticityTokenInput name="csrf" />
      <FormMessage message={message} />
      <p className="text-sm text-slate-700">{t("form.requiredNote")}</p>
      <Honeypot />
      {children}
    </Form>
  );
}
