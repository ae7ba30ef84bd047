/**
 * The buyer's billing details (ADR 0102): what an invoice prints besides the buyer's name. One schema for the API
 * (GET/POST /api/shop/billingDetails), the cart page's form (with and without JavaScript) and, later, the public
 * sign-up (issue 30). The rules are the buyer's country's (core/domain/billing.ts): postal code format, tax number
 * check, and whether a tax number is required.
 */
import { z } from "zod";
import { BILLING_COUNTRIES, isValidPostalCode, isValidTaxId, taxIdRequired, type BillingBuyer, type BillingCountry } from "../domain/billing.ts";

/**
 * The details a buyer gives, for a buyer of `country`: a pharmacy (its name is the account's: `companyName` is not
 * asked, and ignored) or a person (who may name a company). Optional fields may be posted empty.
 */
export function billingDetailsSchema(country: BillingCountry, buyer: BillingBuyer) {
  return z.strictObject(billingDetailsFields(country)).superRefine(requireTaxIdWhenDue(country, buyer));
}

/** The fields of the billing details under `country`'s rules (the public sign-up asks them too, ADR 0109). */
export function billingDetailsFields(country: BillingCountry) {
  return {
    companyName: z.string().trim().max(120).optional(),
    address: z.string().trim().min(1).max(200),
    postalCode: z
      .string()
      .trim()
      .min(1)
      .max(10)
      .refine((value) => isValidPostalCode(country, value), { message: "invalidPostalCode" }),
    city: z.string().trim().min(1).max(100),
    taxId: z
      .string()
      .trim()
      .max(30)
      .refine((value) => value === "" || isValidTaxId(country, value), { message: "invalidTaxId" })
      .optional(),
  };
}

/** The tax number is required when `country` requires it of this buyer (Spain always, Belgium for a company). */
export function requireTaxIdWhenDue(country: BillingCountry, buyer: BillingBuyer) {
  return (value: { companyName?: string; taxId?: string }, ctx: z.RefinementCtx) => {
    const companyName = buyer === "person" ? (value.companyName ?? null) : null;
    if (!value.taxId && taxIdRequired(country, buyer, companyName)) ctx.addIssue({ code: "custom", path: ["taxId"], message: "taxIdRequired" });
  };
}
export type BillingDetailsInput = z.infer<ReturnType<typeof billingDetailsSchema>>;

/** GET and POST /api/shop/billingDetails: whose details, under which country's rules, what is there and what is missing. */
export const BillingDetailsReplySchema = z.strictObject({
  buyer: z.enum(["pharmacy", "person"]),
  country: z.enum(BILLING_COUNTRIES),
  /** Whether this country requires the tax number of this buyer (Spain always, Belgium for a company). */
  taxIdRequired: z.boolean(),
  /** The pharmacy's name for a pharmacy; the person's company, if any. */
  companyName: z.string().nullable(),
  address: z.string().nullable(),
  postalCode: z.string().nullable(),
  city: z.string().nullable(),
  taxId: z.string().nullable(),
  /** What must still be given before checkout (empty: the invoice can be issued). */
  missing: z.array(z.enum(["address", "postalCode", "city", "taxId"])),
  /** False when the buyer may not change them (a pharmacy's, for a learner of it). */
  editable: z.boolean(),
});
export type BillingDetailsReply = z.infer<typeof BillingDetailsReplySchema>;
