/** The shop's mails to the buyer, in the buyer's language (texts in locales/<locale>/mail.json) and the brand's layout. */
import type { Brand } from "#core/branding/brands.ts";
import { addressLine } from "#core/branding/legal-identities.ts";
import type { ChequeInstructions } from "#core/domain/cheque-instructions.ts";
import { formatMoney } from "#core/domain/money.ts";
import { fixedT, serverLocale } from "../i18n/i18n.ts";
import { render, type Mail } from "./templates.ts";

/** The order confirmation, once paid; the caller attaches the invoice. */
export function orderConfirmationMail(input: {
  brand: Brand;
  locale: string;
  firstName: string;
  invoiceNumber: string;
  totalWithVatCents: number;
  currency: string;
  trainings: string[];
}): Mail {
  const locale = serverLocale(input.locale);
  const t = fixedT(locale, "mail", "orderConfirmation");
  const total = formatMoney(input.totalWithVatCents, input.currency, locale);
  const paragraphs = [t("greeting", { name: input.firstName }), t("body", { total }), ...input.trainings.map((name) => `• ${name}`), t("invoice")];
  return { subject: t("subject", { brand: input.brand.title, number: input.invoiceNumber }), ...render(input.brand, paragraphs) };
}

/**
 * The cheque order is made: what the buyer has to do (ADR 0106): whom to pay, how much, the order number to write on
 * the back of the cheque and where to send it, as the order page shows them.
 */
export function chequeInstructionsMail(input: {
  brand: Brand;
  locale: string;
  firstName: string;
  orderId: number;
  cheque: ChequeInstructions;
  trainings: string[];
}): Mail {
  const locale = serverLocale(input.locale);
  const t = fixedT(locale, "mail", "chequeInstructions");
  const { cheque } = input;
  const amount = formatMoney(cheque.amountCents, cheque.currency, locale);
  const paragraphs = [
    t("greeting", { name: input.firstName }),
    t("body", { order: input.orderId, amount }),
    ...input.trainings.map((name) => `• ${name}`),
    t("howTo"),
    t("payee", { payee: cheque.payee }),
    t("amount", { amount }),
    t("reference", { order: cheque.reference }),
    t("address", { payee: cheque.payee, address: addressLine(cheque.address) }),
  ];
  return { subject: t("subject", { brand: input.brand.title, order: input.orderId }), ...render(input.brand, paragraphs) };
}
