/**
 * The public sign-up of shop customers (issue 30 item 1, ADR 0109). A new address gets an account at once (a shop
 * customer: a personal shop contract and the billing details), unconfirmed: it may log in and fill its cart but not
 * pay until its owner follows the mailed link. An address that already has an account gets no second one: its owner
 * is told by mail that someone tried. The caller answers both the same way, so that nobody learns whether an
 * address is known.
 */
import type { SignUpInput } from "#core/contract/signup.ts";
import { normaliseTaxId, sellerCountryOf } from "#core/domain/billing.ts";
import { toParisDate } from "#core/domain/dates.ts";
import { AppError } from "../../http/app-error.ts";
import type { ServiceContext } from "../../service-context.ts";
import { hashPassword } from "../auth/password.ts";
import { consumeToken, issueToken, revokeUserTokens } from "../auth/tokens.ts";
import { upsertBillingProfile } from "../billing/billing.repository.ts";
import { isUniqueViolation } from "../enrolment/enrolment.service.ts";
import { findUserByEmail, findUserById, insertUser, updateUser, type UserRow } from "../user/user.repository.ts";
import { insertShopContract } from "./signup.repository.ts";

/** How long the new customer's shop contract runs, as the demo's shop customers' (a year). */
const SHOP_CONTRACT_DAYS = 365;

export type SignUpOutcome =
  /** A new account, and the token of its confirmation link. */
  | { kind: "created"; user: UserRow; token: string }
  /** The address already had an account: nothing was created; a new link when that account is still unconfirmed. */
  | { kind: "existing"; user: UserRow; token: string | null };

/** The sign-up on the request's brand (its key and language for the new account). */
export async function signUp(ctx: ServiceContext, input: SignUpInput): Promise<SignUpOutcome> {
  const { db, brand } = ctx;
  const now = ctx.now();
  // Hashed in both cases, so that the answer takes as long for a known address as for a new one.
  const passwordHash = await hashPassword(input.password, ctx.env.PASSWORD_HASH_COST);
  const existing = await findUserByEmail(db, input.email);
  if (existing) return existingAccount(ctx, existing, now);
  try {
    return await db.transaction(async (tx) => {
      const { id } = await insertUser(tx, {
        email: input.email,
        passwordHash,
        firstName: input.firstName,
        lastName: input.lastName,
        profession: input.profession,
        brand: brand.key,
        locale: brand.defaultLocale,
        emailConfirmedAt: null,
        createdAt: now,
        updatedAt: now,
      });
      await insertShopContract(tx, {
        userId: id,
        productName: "Boutique en ligne",
        validFrom: toParisDate(now),
        validUntil: toParisDate(new Date(now.getTime() + SHOP_CONTRACT_DAYS * 86_400_000)),
        signedAt: now,
      });
      await upsertBillingProfile(tx, {
        userId: id,
        companyName: input.companyName || null,
        address: input.address,
        postalCode: input.postalCode,
        city: input.city,
        country: sellerCountryOf(brand.key),
        taxId: input.taxId ? normaliseTaxId(input.taxId) : null,
        updatedAt: now,
      });
      const token = await issueToken(tx, { kind: "email_confirmation", userId: id, email: input.email }, now);
      const user = (await findUserById(tx, id))!;
      return { kind: "created" as const, user, token };
    });
  } catch (error) {
    // The same address signed up twice at once: the second finds the first's account.
    if (!isUniqueViolation(error)) throw error;
    const winner = await findUserByEmail(db, input.email);
    if (!winner) throw error;
    return existingAccount(ctx, winner, now);
  }
}

async function existingAccount(ctx: ServiceContext, user: UserRow, now: Date): Promise<SignUpOutcome> {
  if (user.emailConfirmedAt !== null) return { kind: "existing", user, token: null };
  return { kind: "existing", user, token: await newConfirmationToken(ctx, user.id, user.email, now) };
}

/** Only the newest link works: an older one (read late, or by someone else) is spent. */
async function newConfirmationToken(ctx: ServiceContext, userId: number, email: string, now: Date): Promise<string> {
  await revokeUserTokens(ctx.db, "email_confirmation", userId, now);
  return issueToken(ctx.db, { kind: "email_confirmation", userId, email }, now);
}

/**
 * Spends the link's token and confirms the address, in one transaction: of two uses, one wins; a used, replaced or
 * expired link, or one for an address the account no longer has, is refused (422) and changes nothing.
 */
export async function confirmEmail(ctx: ServiceContext, token: string): Promise<UserRow> {
  const now = ctx.now();
  const user = await ctx.db.transaction(async (tx) => {
    const used = await consumeToken(tx, "email_confirmation", token, now);
    const owner = used?.userId ? await findUserById(tx, used.userId) : undefined;
    if (!used || !owner || owner.email !== used.email)
      throw new AppError("VALIDATION", "invalidConfirmationToken", { fields: { token: ["invalidConfirmationToken"] } });
    if (owner.emailConfirmedAt === null) await updateUser(tx, owner.id, { emailConfirmedAt: now, updatedAt: now });
    return owner;
  });
  return (await findUserById(ctx.db, user.id))!;
}

/** The logged-in user whose address is still to confirm (409 once it is): read only, before any mail is counted. */
export async function requireUnconfirmedUser(ctx: ServiceContext, userId: number): Promise<UserRow> {
  const user = await findUserById(ctx.db, userId);
  if (!user) throw new AppError("UNAUTHENTICATED", "unauthenticated");
  if (user.emailConfirmedAt !== null) throw new AppError("CONFLICT", "emailAlreadyConfirmed");
  return user;
}

/** A new link for that user (the older ones are spent). */
export async function resendConfirmation(ctx: ServiceContext, user: UserRow): Promise<string> {
  return newConfirmationToken(ctx, user.id, user.email, ctx.now());
}

/** Checkout's guard: no order, so no invoice, before the address the invoice goes to is confirmed (409). */
export async function requireConfirmedEmail(ctx: ServiceContext, userId: number): Promise<void> {
  const user = await findUserById(ctx.db, userId);
  if (user && user.emailConfirmedAt === null) throw new AppError("CONFLICT", "shopEmailNotConfirmed", { data: { emailNotConfirmed: true } });
}
