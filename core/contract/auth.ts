import { z } from "zod";
import { Id, IdParam } from "./ids.ts";

export const EmailSchema = z.string().trim().toLowerCase().min(1).max(254).pipe(z.email());

/** At least 8 characters with a letter and a digit; the message key is translated by the API. */
export const NewPasswordSchema = z
  .string()
  .max(200)
  .refine((value) => value.length >= 8 && /\p{L}/u.test(value) && /\d/.test(value), { message: "passwordPolicy" });

export const LoginSchema = z.strictObject({
  email: EmailSchema,
  password: z.string().min(1).max(200),
  platform: z.string().max(40).optional(),
  remember: z.union([z.boolean(), z.enum(["on", "true", "false"])]).optional(),
});
export type LoginInput = z.infer<typeof LoginSchema>;

export const PasswordResetSchema = z
  .strictObject({
    token: z.string().min(1).max(200),
    password: NewPasswordSchema,
    passwordConfirmation: z.string().max(200),
  })
  .refine((v) => v.password === v.passwordConfirmation, { message: "passwordsDiffer", path: ["passwordConfirmation"] });

export const UpdatePasswordSchema = z
  .strictObject({
    currentPassword: z.string().min(1).max(200),
    password: NewPasswordSchema,
    passwordConfirmation: z.string().max(200),
  })
  .refine((v) => v.password === v.passwordConfirmation, { message: "passwordsDiffer", path: ["passwordConfirmation"] });

export const ConnectAsSchema = z.strictObject({
  contactId: Id,
  token: z.string().min(1).max(200),
  accountId: Id.optional(),
});

export const SetAccountSchema = z.strictObject({
  accountId: Id,
  platform: z.string().max(40).optional(),
});

export const CreateAccountSchema = z
  .strictObject({
    token: z.string().min(1).max(200),
    email: EmailSchema,
    firstName: z.string().trim().min(1).max(100),
    lastName: z.string().trim().min(1).max(100),
    profession: z.enum(["pharmacist", "preparer", "assistant", "student", "other"]),
    password: NewPasswordSchema,
    passwordConfirmation: z.string().max(200),
    acceptTerms: z.union([z.literal(true), z.literal("on"), z.literal("true")]),
  })
  .refine((v) => v.password === v.passwordConfirmation, { message: "passwordsDiffer", path: ["passwordConfirmation"] });

export const ConsentSchema = z.strictObject({
  hasGivenConsent: z.union([z.boolean(), z.enum(["true", "false", "on"]).transform((v) => v !== "false")]),
});

// ------------------------------------------------------------------ responses (the `data` of each reply)
// POST /login, /connectAs, /user/setAccountId and /createAccount answer with the user (UserSchema, contract/user.ts).

/** GET /passwordReset/check/:token. */
export const ResetTokenCheckSchema = z.strictObject({ valid: z.boolean() });

/** GET /validateEmail/:email. */
export const EmailCheckSchema = z.strictObject({ valid: z.literal(true) });

/** GET /invitation/:token: who the invitation is for. */
export const InvitationSchema = z.strictObject({
  /** Null for an invitation that lets the invitee choose the address. */
  email: z.string().nullable(),
  /** The names the holder typed when inviting (issue 30 item 9), null when none: the form starts with them. */
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  accountId: z.number().nullable(),
  role: z.enum(["learner", "referent", "holder"]),
  brand: z.string(),
  locale: z.string(),
});
export type InvitationPayload = Omit<z.infer<typeof InvitationSchema>, "email">;
/** The forgotten-password form (the API takes the address in its path: /passwordReset/sendMail/:email). */
export const ForgotPasswordSchema = z.strictObject({ email: EmailSchema });

/**
 * The consent dialog's form: a hidden "false" and the checkbox's "true" (or "on") may both be posted; consent is
 * given when any value but "false" is. Anything else is not a choice.
 */
export const ConsentFormSchema = z.strictObject({
  hasGivenConsent: z
    .preprocess((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]), z.array(z.enum(["true", "false", "on"])))
    .transform((values) => values.some((value) => value !== "false")),
});

/** The account-choice form: the chosen pharmacy's id, as posted (text). */
export const SetAccountFormSchema = z.strictObject({ accountId: IdParam });

/** The arrival form of another platform's login (hidden fields; `accountId` only when the link named one). */
export const ConnectAsFormSchema = z.strictObject({
  contactId: IdParam,
  token: z.string().min(1).max(200),
  accountId: IdParam.optional(),
});
