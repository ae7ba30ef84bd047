/**
 * The buyer's legal data an invoice must carry (issue 28 item 8, ADR 0102), and the checks of its numbers. Which
 * fields a country requires: a postal address everywhere (France: art. 242 nonies A of annex II of the CGI); in Spain
 * the buyer's NIF too (factura completa, art. 6.1.d of Real Decreto 1619/2012); in Belgium the VAT number of a company
 * buyer (B2B invoices, art. 5 § 1 of royal decree no. 1). Pure: the contract schema, the service and the seed use it.
 */
import { legalIdentityOf } from "../branding/legal-identities.ts";
import type { VatCountry } from "./vat.ts";

export const BILLING_COUNTRIES = ["FR", "BE", "ES"] as const satisfies readonly VatCountry[];
export type BillingCountry = (typeof BILLING_COUNTRIES)[number];

/** The seller's country, whose rules the buyer's details follow: the brand's legal identity's. */
export function sellerCountryOf(brand: string): BillingCountry {
  return legalIdentityOf(brand).address.country;
}

/** Who is invoiced: a pharmacy (a company: its account's data) or a person buying for themselves. */
export type BillingBuyer = "pharmacy" | "person";

/** What an invoice prints of its buyer, besides the person's name. */
export type BillingDetails = {
  /** A person's company, when they buy for one (a pharmacy's name is the account's). */
  companyName: string | null;
  address: string | null;
  postalCode: string | null;
  city: string | null;
  country: BillingCountry;
  /** French or Belgian VAT number, Spanish NIF, normalised (upper case, no separators). */
  taxId: string | null;
};

export type BillingField = "address" | "postalCode" | "city" | "taxId";

/** Upper case without spaces, dots, dashes or slashes: "be 0123.456.749" -> "BE0123456749". */
export function normaliseTaxId(value: string): string {
  return value.toUpperCase().replace(/[\s.\-/]/g, "");
}

const DNI_LETTERS = "TRWAGMYFPDXBNJZSQVHLCKE";
const CIF_CONTROL_LETTERS = "JABCDEFGHI";

/**
 * A Spanish NIF: a DNI (8 digits and the letter of their remainder by 23), a NIE (X, Y or Z standing for 0, 1 or 2,
 * 7 digits and the same letter), or a company's CIF (its letter, 7 digits and a control digit or letter).
 */
export function isValidSpanishTaxId(raw: string): boolean {
  const value = normaliseTaxId(raw);
  const dni = /^(\d{8})([A-Z])$/.exec(value);
  if (dni) return DNI_LETTERS[Number(dni[1]) % 23] === dni[2];
  const nie = /^([XYZ])(\d{7})([A-Z])$/.exec(value);
  if (nie) return DNI_LETTERS[Number(`${"XYZ".indexOf(nie[1])}${nie[2]}`) % 23] === nie[3];
  const cif = /^([ABCDEFGHJNPQRSUVW])(\d{7})([0-9A-J])$/.exec(value);
  if (!cif) return false;
  const digits = cif[2].split("").map(Number);
  // Digits in odd places (1st, 3rd...) are doubled and their figures added; digits in even places are added as they are.
  const sum = digits.reduce((total, digit, index) => total + (index % 2 === 0 ? Math.floor((digit * 2) / 10) + ((digit * 2) % 10) : digit), 0);
  const control = (10 - (sum % 10)) % 10;
  return cif[3] === String(control) || cif[3] === CIF_CONTROL_LETTERS[control];
}

/** A Belgian VAT (enterprise) number: BE, then 0 or 1 and 9 digits whose last two are 97 minus the first eight mod 97. */
export function isValidBelgianVatNumber(raw: string): boolean {
  const match = /^BE([01]\d{7})(\d{2})$/.exec(normaliseTaxId(raw));
  return match !== null && 97 - (Number(match[1]) % 97) === Number(match[2]);
}

/** A French VAT number: FR, a two-digit key, then the SIREN (9 digits), the key being (12 + 3 × (SIREN mod 97)) mod 97. */
export function isValidFrenchVatNumber(raw: string): boolean {
  const match = /^FR(\d{2})(\d{9})$/.exec(normaliseTaxId(raw));
  return match !== null && (12 + 3 * (Number(match[2]) % 97)) % 97 === Number(match[1]);
}

/** The buyer's tax number as its country writes it: FR and BE VAT numbers, the Spanish NIF. */
export function isValidTaxId(country: BillingCountry, value: string): boolean {
  if (country === "ES") return isValidSpanishTaxId(value);
  if (country === "BE") return isValidBelgianVatNumber(value);
  return isValidFrenchVatNumber(value);
}

const POSTAL_CODES: Record<BillingCountry, RegExp> = {
  // Départements 01 to 95, overseas 97 and 98.
  FR: /^(?:0[1-9]|[1-8]\d|9[0-57-8])\d{3}$/,
  BE: /^[1-9]\d{3}$/,
  // Provinces 01 to 52.
  ES: /^(?:0[1-9]|[1-4]\d|5[0-2])\d{3}$/,
};

export function isValidPostalCode(country: BillingCountry, value: string): boolean {
  return POSTAL_CODES[country].test(value.trim());
}

/**
 * Whether the buyer's tax number must be on an invoice of a seller of `sellerCountry`: always in Spain, for a company
 * in Belgium, never in France.
 */
export function taxIdRequired(sellerCountry: BillingCountry, buyer: BillingBuyer, companyName: string | null): boolean {
  if (sellerCountry === "ES") return true;
  if (sellerCountry === "BE") return buyer === "pharmacy" || Boolean(companyName?.trim());
  return false;
}

/** The fields still missing before a seller of `sellerCountry` can invoice this buyer (none: checkout may go on). */
export function missingBillingFields(details: BillingDetails | null, buyer: BillingBuyer, sellerCountry: BillingCountry): BillingField[] {
  const missing: BillingField[] = [];
  if (!details?.address?.trim()) missing.push("address");
  if (!details?.postalCode?.trim()) missing.push("postalCode");
  if (!details?.city?.trim()) missing.push("city");
  if (taxIdRequired(sellerCountry, buyer, details?.companyName ?? null) && !details?.taxId?.trim()) missing.push("taxId");
  return missing;
}
