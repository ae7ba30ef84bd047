import { z } from "zod";

// ------------------------------------------------------------------ responses (the `data` of each reply)

/** GET /user for a visitor without a session. */
export const GuestSchema = z.strictObject({ loggedIn: z.literal(false) });
export type GuestPayload = z.infer<typeof GuestSchema>;

const AdvisorSchema = z.strictObject({
  id: z.number(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  gender: z.enum(["M", "F"]),
  avatar: z.string(),
});

/** The User of spec section 3, plus a few derived fields the pages need. */
export const UserSchema = z.strictObject({
  loggedIn: z.literal(true),
  id: z.number(),
  email: z.string(),
  /** Whether the address is confirmed (ADR 0109): a public sign-up pays only once it is. */
  emailConfirmed: z.boolean(),
  firstName: z.string(),
  lastName: z.string(),
  profession: z.string(),
  isPharmacist: z.boolean(),
  isAdmin: z.boolean(),
  brand: z.string(),
  locale: z.string(),
  appId: z.string().nullable(),
  advisor: AdvisorSchema.nullable(),
  contractType: z.enum(["standard", "shop", "readonly"]).nullable(),
  contractValidDate: z.string().nullable(),
  establishment: z
    .strictObject({ id: z.number(), name: z.string(), city: z.string().nullable(), postalCode: z.string().nullable(), country: z.string() })
    .nullable(),
  accounts: z.array(z.strictObject({ id: z.number(), name: z.string(), city: z.string().nullable(), role: z.string() })),
  productAccess: z.strictObject({ canAccessTrainingPlan: z.boolean() }),
  currentAccountId: z.number().nullable(),
  role: z.string().nullable(),
  isReferent: z.boolean(),
  isHolder: z.boolean(),
  isPartnerCareClient: z.boolean(),
  mustGiveConsent: z.boolean(),
  hasGivenConsent: z.boolean().nullable(),
  avatar: z.string().nullable(),
  preferences: z.strictObject({ sortOption: z.string().nullable(), volume: z.number() }),
});
export type UserPayload = z.infer<typeof UserSchema>;

/** GET /user: the user, or `{loggedIn: false}`. */
export const CurrentUserSchema = z.discriminatedUnion("loggedIn", [UserSchema, GuestSchema]);

/** GET /user/isLogged. */
export const IsLoggedSchema = z.strictObject({ loggedIn: z.boolean() });
