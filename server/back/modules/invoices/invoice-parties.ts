/**
 * The two parties an invoice prints, as the invoice stores them when it is issued (a copy: a later change of the
 * seller's identity or of the buyer's address never alters an issued invoice). The seller is the brand's one legal
 * identity (core/branding/legal-identities.ts), in its own country's language; the buyer is a name and the billing
 * details each country requires (core/domain/billing.ts), in the invoice's language (ADR 0102). Labels come from
 * locales/<locale>/pdf.json.
 */
import { addressLine, legalIdentityOf, type LegalCountry } from "#core/branding/legal-identities.ts";
import type { Locale } from "#core/branding/brands.ts";
import type { BillingDetails } from "#core/domain/billing.ts";
import { fixedT } from "../../../i18n/i18n.ts";

/** The seller as an invoice stores it (the shape of `invoices.seller`). */
export type InvoiceSeller = { name: string; lines: string[]; legal: string[]; country: LegalCountry };

/** The buyer as an invoice stores it (the shape of `invoices.buyer`). */
export type InvoiceBuyer = { name: string; lines: string[] };

const COUNTRY_LOCALE: Record<LegalCountry, Locale> = { FR: "fr-FR", BE: "fr-BE", ES: "es-ES" };

/**
 * The language an invoice is printed in: Spanish for a Spanish seller or a buyer whose language is Spanish, else
 * French (Belgian formats for the Belgian seller).
 */
export function invoiceLocale(sellerCountry: LegalCountry, buyerLocale: string | null | undefined): Locale {
  if (sellerCountry === "ES" || (buyerLocale ?? "").startsWith("es")) return "es-ES";
  return COUNTRY_LOCALE[sellerCountry];
}

/** The brand's seller block, read from its legal identity: address, register, VAT number, then its declarations. */
export function invoiceSeller(brand: string): InvoiceSeller {
  const identity = legalIdentityOf(brand);
  const country = identity.address.country;
  const t = fixedT(COUNTRY_LOCALE[country], "pdf");
  const legal: string[] = [];
  if (identity.trainingDeclaration)
    legal.push(t("invoice.trainingDeclaration", { number: identity.trainingDeclaration.number, authority: identity.trainingDeclaration.authority }));
  if (identity.dpcRegistration) legal.push(t("invoice.dpcRegistration", { number: identity.dpcRegistration }));
  return {
    name: identity.legalName,
    lines: [
      `${addressLine(identity.address)}, ${t(`invoice.countries.${country}`)}`,
      identity.registration,
      `${t(`invoice.taxId.${country}`)} ${identity.vatNumber}`,
    ],
    legal,
    country,
  };
}

/**
 * The buyer block: the person's name, then the company (a pharmacy, or the person's own), the postal address (the
 * country when it is not the seller's), the tax number under its country's label, and the e-mail address.
 */
export function invoiceBuyer(input: {
  personName: string;
  email: string | null;
  details: BillingDetails;
  sellerCountry: LegalCountry;
  locale: Locale;
}): InvoiceBuyer {
  const { details } = input;
  const t = fixedT(input.locale, "pdf");
  const lines = [
    details.companyName,
    details.address,
    [details.postalCode, details.city].filter(Boolean).join(" "),
    details.country !== input.sellerCountry ? t(`invoice.countries.${details.country}`) : null,
    details.taxId ? `${t(`invoice.taxId.${details.country}`)} ${details.taxId}` : null,
    input.email,
  ];
  return { name: input.personName, lines: lines.filter((line): line is string => Boolean(line?.trim())) };
}
