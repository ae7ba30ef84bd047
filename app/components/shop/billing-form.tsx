import { Form } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { BillingDetailsReply } from "#core/contract/billing.ts";
import { SubmitButton, TextField, firstErrorField, useFocusFirstError } from "~/components/ui/form-fields";
import { FormMessage } from "~/components/ui/form-message";
import { useTranslation } from "~/i18n/react";
import { formView, useSchemaForm } from "~/lib/forms";
import type { FormReply } from "~/lib/form-reply";

const FIELD_ORDER = ["companyName", "address", "postalCode", "city", "taxId"];

/**
 * The buyer's billing details at checkout (ADR 0102): the fields the seller's country asks (a postal address; a NIF
 * in Spain; a company's VAT number in Belgium), checked in the browser with the API's schema and again by the API.
 * Posts `intent=billing` to the cart page: it works without JavaScript (the server answers the errors).
 */
export function BillingForm({ billing, result }: { billing: BillingDetailsReply; result: FormReply | null }) {
  const { t } = useTranslation("shop");
  const [form] = useSchemaForm(() => import("#core/contract/billing.ts").then((m) => m.billingDetailsSchema(billing.country, billing.buyer)), result, {
    id: "billing",
  });
  const { message, errors, value, submitted } = formView(form);
  const formRef = useFocusFirstError(result);
  const first = firstErrorField(errors, FIELD_ORDER);
  const field = (name: "companyName" | "address" | "postalCode" | "city" | "taxId") => ({
    name,
    errors: errors[name],
    autoFocus: first === name ? true : undefined,
    defaultValue: submitted ? value(name) : (billing[name] ?? ""),
  });
  const taxLabel = billing.taxIdRequired ? t(`billing.taxIdRequired.${billing.country}`) : t(`billing.taxId.${billing.country}`);
  return (
    <Form method="post" id={form.id} onSubmit={form.onSubmit} ref={formRef} noValidate className="flex flex-col gap-3" data-testid="billing-form">
      <AuthenticityTokenInput name="csrf" />
      <input type="hidden" name="intent" value="billing" />
      <FormMessage message={Object.keys(errors).length ? undefined : message} />
      {billing.buyer === "person" ? <TextField {...field("companyName")} label={t("billing.companyName")} autoComplete="organization" maxLength={120} /> : null}
      <TextField {...field("address")} label={t("billing.address")} autoComplete="street-address" required maxLength={200} />
      <div className="grid gap-3 sm:grid-cols-[12rem_1fr]">
        <TextField {...field("postalCode")} label={t("billing.postalCode")} autoComplete="postal-code" inputMode="numeric" required maxLength={10} />
        <TextField {...field("city")} label={t("billing.city")} autoComplete="address-level2" required maxLength={100} />
      </div>
      <TextField {...field("taxId")} label={taxLabel} required={billing.taxIdRequired} maxLength={30} />
      <div>
        <SubmitButton>{t("billing.save")}</SubmitButton>
      </div>
    </Form>
  );
}
