// The sign-up form's choices, its field order and the cart's resend intent, apart from the schema
// (core/contract/signup.ts): pages read them when they render, and load the schema, with zod, only when someone works
// in the form (ADR 0136).

export const SIGN_UP_PROFESSIONS = ["pharmacist", "preparer", "assistant", "student", "other"] as const;

/** The fields of the form, in their order on the page (focus goes to the first with an error). */
export const SIGN_UP_FIELDS = [
  "firstName",
  "lastName",
  "email",
  "profession",
  "password",
  "passwordConfirmation",
  "companyName",
  "address",
  "postalCode",
  "city",
  "taxId",
  "acceptTerms",
] as const;

/** The `intent` of the cart's form that asks for a new confirmation link (POST /api/signUp/resendConfirmation). */
export const RESEND_CONFIRMATION_INTENT = "resendConfirmation";
