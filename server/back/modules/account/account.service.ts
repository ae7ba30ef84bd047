import { AppError } from "../../http/app-error.ts";
import type { ServiceContext } from "../../service-context.ts";
import { hashPassword } from "../auth/password.ts";
import { consumeToken, findValidToken } from "../auth/tokens.ts";
import { findUserByEmail, insertMembership, insertUser, updateUser } from "../user/user.repository.ts";
import type { InvitationPayload } from "#core/contract/auth.ts";

export function parseInvitationPayload(payload: string | null): InvitationPayload {
  const parsed = JSON.parse(payload ?? "{}") as Partial<InvitationPayload>;
  return {
    accountId: typeof parsed.accountId === "number" ? parsed.accountId : null,
    role: parsed.role === "referent" || parsed.role === "holder" ? parsed.role : "learner",
    brand: parsed.brand ?? "fr",
    locale: parsed.locale ?? "fr-FR",
    firstName: typeof parsed.firstName === "string" && parsed.firstName ? parsed.firstName : null,
    lastName: typeof parsed.lastName === "string" && parsed.lastName ? parsed.lastName : null,
  };
}

export async function describeInvitation(ctx: ServiceContext, token: string) {
  const row = await findValidToken(ctx.db, "invitation", token, ctx.now());
  if (!row) throw new AppError("NOT_FOUND", "invalidInvitation");
  return { email: row.email, ...parseInvitationPayload(row.payload) };
}

/**
 * Creates the user from a valid invitation, in one transaction with the token's use, so
 * an invitation can create one account only.
 */
export async function createAccountFromInvitation(
  ctx: ServiceContext,
  input: { token: string; email: string; firstName: string; lastName: string; profession: string; password: string },
): Promise<{ userId: number; accountId: number | null }> {
  const { db } = ctx;
  const now = ctx.now();
  const invitation = await findValidToken(db, "invitation", input.token, now);
  if (!invitation) throw new AppError("VALIDATION", "invalidInvitation", { fields: { token: ["invalidInvitation"] } });
  if (await findUserByEmail(db, input.email)) throw new AppError("VALIDATION", "invalidInput", { fields: { email: ["emailTaken"] } });
  const payload = parseInvitationPayload(invitation.payload);
  const passwordHash = await hashPassword(input.password, ctx.env.PASSWORD_HASH_COST);
  return db.transaction(async (tx) => {
    const used = await consumeToken(tx, "invitation", input.token, now);
    if (!used) throw new AppError("VALIDATION", "invalidInvitation", { fields: { token: ["invalidInvitation"] } });
    const user = await insertUser(tx, {
      email: input.email,
      passwordHash,
      firstName: input.firstName,
      lastName: input.lastName,
      profession: input.profession,
      brand: payload.brand,
      locale: payload.locale,
      currentAccountId: payload.accountId,
      createdAt: now,
      updatedAt: now,
    });
    if (payload.accountId !== null) {
      await insertMembership(tx, { userId: user.id, accountId: payload.accountId, role: payload.role, createdAt: now });
    }
    return { userId: user.id, accountId: payload.accountId };
  });
}

/** The account the user works in from now on (the session's is set by the route). */
export async function chooseAccount(ctx: ServiceContext, userId: number, accountId: number): Promise<void> {
  await updateUser(ctx.db, userId, { currentAccountId: accountId });
}

/** Consent is recorded even for read-only users: it is a legal acknowledgement, not a change of data. */
export async function recordConsent(ctx: ServiceContext, userId: number, hasGivenConsent: boolean): Promise<void> {
  const now = ctx.now();
  await updateUser(ctx.db, userId, { hasGivenConsent, mustGiveConsent: false, consentAt: now, updatedAt: now });
}
