/**
 * The public sign-up of shop customers (issue 30 item 1, ADR 0109): one schema for the API (POST /api/signUp), the
 * sign-up page's form (with and without JavaScript) and the browser's checks. It asks who the customer is and, for
 * the invoices, the billing details of the seller's country (core/contract/billing.ts). Two fields are for robots:
 * `website`, a honeypot that people never see, and `formToken`, the signed time the form was shown.
 */
import { z } from "zod";
import type { BillingCountry } from "../domain/billing.ts";
import { EmailSchema, NewPasswordSchema } from "./auth.ts";
import { billingDetailsFields, requireTaxIdWhenDue } from "./billing.ts";
import { SIGN_UP_PROFESSIONS } from "../domain/sign-up.ts";

/** The sign-up under `country`'s billing rules (the brand's: sellerCountryOf). */
export function signUpSchema(country: BillingCountry) {
  return z
    .strictObject({
      firstName: z.string().trim().min(1).max(100),
      lastName: z.string().trim().min(1).max(100),
      email: EmailSchema,
      profession: z.enum(SIGN_UP_PROFESSIONS),
      password: NewPasswordSchema,
      passwordConfirmation: z.string().max(200),
      ...billingDetailsFields(country),
      acceptTerms: z.unknown().refine((value) => value === true || value === "on" || value === "true", { message: "termsRequired" }),
      /** The honeypot: hidden from people, so only a robot fills it. */
      website: z.string().max(200).optional(),
      /** GET /api/signUp/form's token: when the form was shown, signed. */
      formToken: z.string().min(1).max(200),
    })
    .superRefine(requireTaxIdWhenDue(country, "person"))
    .refine((v) => v.password === v.passwordConfirmation, { message: "passwordsDiffer", path: ["passwordConfirmation"] });
}
export type SignUpInput = z.infer<ReturnType<typeof signUpSchema>>;

/** POST /api/signUp/confirm: the token of the mailed link. */
export const ConfirmEmailSchema = z.strictObject({ token: z.string().min(1).max(200) });

// ------------------------------------------------------------------ responses (the `data` of each reply)

/** GET /api/signUp/form: the token the form posts back (it tells the API when the form was shown). */
export const SignUpFormSchema = z.strictObject({ formToken: z.string() });

/**
 * POST /api/signUp: the same answer whether the address was new or already had an account ("check your mail"), so
 * that the answer never tells whether an address is known.
 */
export const SignUpSentSchema = z.strictObject({ email: z.string() });

/** POST /api/signUp/resendConfirmation: a new link was mailed to the user's address. */
export const ConfirmationResentSchema = z.strictObject({ email: z.string() });
