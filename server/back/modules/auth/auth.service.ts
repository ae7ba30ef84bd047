import type { ServiceContext } from "../../service-context.ts";
import { AppError } from "../../http/app-error.ts";
import { deleteUserSessions } from "../../http/session.repository.ts";
import { findUserByEmail, findUserById, updateUser, type UserRow } from "../user/user.repository.ts";
import { findActiveMembership } from "./auth.repository.ts";
import { dummyPasswordHash, hashPassword, verifyPassword } from "./password.ts";
import { accountScope, LOGIN_WINDOW_MINUTES, loginScopes, type LoginFailureStore } from "./rate-limit.ts";
import { consumeToken, findValidToken, issueToken, revokeUserTokens } from "./tokens.ts";
import type { LoginInput } from "#core/contract/auth.ts";

/**
 * Checks credentials with a constant-time comparison (a dummy hash when the email is unknown). The attempt is
 * counted per account and per IP before the password is checked, in one atomic step (ADR 0017), and given back
 * when the password was right. A full account limit answers with the way out: resetting the password.
 */
export async function authenticate(ctx: ServiceContext, failures: LoginFailureStore, input: LoginInput, ip: string, now: Date): Promise<UserRow> {
  const scopes = loginScopes(input.email, ip);
  const blockedBy = await failures.acquire(scopes, now);
  if (blockedBy === accountScope(input.email)) {
    throw new AppError("RATE_LIMITED", "accountLoginPaused", { values: { minutes: LOGIN_WINDOW_MINUTES }, data: { resetPassword: true } });
  }
  if (blockedBy) throw new AppError("RATE_LIMITED", "tooManyAttempts", { values: { minutes: LOGIN_WINDOW_MINUTES } });
  const user = await findUserByEmail(ctx.db, input.email);
  const valid = await verifyPassword(input.password, user?.passwordHash ?? dummyPasswordHash(ctx.env.PASSWORD_HASH_COST));
  if (!user || !valid) throw new AppError("UNAUTHENTICATED", "invalidCredentials");
  await failures.release(
    scopes.filter((scope) => scope !== accountScope(input.email)),
    now,
  );
  await failures.clear(input.email);
  return user;
}

/** A reset token for an existing account, or null: the caller answers the same either way. */
export async function requestPasswordReset(ctx: ServiceContext, email: string, now: Date): Promise<{ user: UserRow; token: string } | null> {
  const user = await findUserByEmail(ctx.db, email);
  if (!user) return null;
  // Only the latest link works: a mail read late (or by someone else) must not outlive a newer request.
  await revokeUserTokens(ctx.db, "password_reset", user.id, now);
  const token = await issueToken(ctx.db, { kind: "password_reset", userId: user.id }, now);
  return { user, token };
}

/** Whether a reset link can still be used, read-only: the token is not spent (the reset page asks on load). */
export async function isPasswordResetTokenValid(ctx: ServiceContext, token: string, now: Date): Promise<boolean> {
  return (await findValidToken(ctx.db, "password_reset", token, now)) !== undefined;
}

/** Sets the new password and closes every open session of that user. */
export async function resetPassword(ctx: ServiceContext, token: string, password: string, now: Date): Promise<UserRow> {
  const row = await consumeToken(ctx.db, "password_reset", token, now);
  const user = row?.userId ? await findUserById(ctx.db, row.userId) : undefined;
  if (!user) throw new AppError("VALIDATION", "invalidResetToken", { fields: { token: ["invalidResetToken"] } });
  await revokeUserTokens(ctx.db, "password_reset", user.id, now);
  await updateUser(ctx.db, user.id, { passwordHash: await hashPassword(password, ctx.env.PASSWORD_HASH_COST), updatedAt: now });
  await deleteUserSessions(ctx.db, user.id);
  return user;
}

/** Changes the password after checking the current one; other sessions are closed. */
export async function changePassword(
  ctx: ServiceContext,
  input: { userId: number; currentSessionHash: string; currentPassword: string; password: string },
  now: Date,
): Promise<void> {
  const user = await findUserById(ctx.db, input.userId);
  if (!user || !(await verifyPassword(input.currentPassword, user.passwordHash))) {
    throw new AppError("VALIDATION", "invalidInput", { fields: { currentPassword: ["wrongCurrentPassword"] } });
  }
  await updateUser(ctx.db, user.id, { passwordHash: await hashPassword(input.password, ctx.env.PASSWORD_HASH_COST), updatedAt: now });
  await deleteUserSessions(ctx.db, user.id, input.currentSessionHash);
}

/** Cross-platform arrival: a short-lived single-use token bound to the contact (and whether to remember them). */
export async function issueConnectToken(
  ctx: ServiceContext,
  userId: number,
  accountId: number | null,
  now: Date,
  options: { remember?: boolean } = {},
): Promise<string> {
  return issueToken(ctx.db, { kind: "cross_platform", userId, accountId, payload: options.remember ? "remember" : null }, now);
}

/**
 * Spends a cross-platform token of this contact. The account asked for (or the token's) must be one of the
 * contact's active memberships: checked before the token is spent, so a refused request changes nothing.
 */
export async function consumeConnectToken(
  ctx: ServiceContext,
  contactId: number,
  token: string,
  now: Date,
  requestedAccountId?: number,
): Promise<{ userId: number; accountId: number | null; remember: boolean }> {
  const valid = await findValidToken(ctx.db, "cross_platform", token, now);
  // The token must belong to this contact before it is spent.
  if (!valid || valid.userId !== contactId) throw new AppError("UNAUTHENTICATED", "invalidConnectToken");
  const accountId = requestedAccountId ?? valid.accountId;
  if (accountId !== null && !(await isActiveMember(ctx, contactId, accountId))) throw new AppError("FORBIDDEN", "notAMember");
  const used = await consumeToken(ctx.db, "cross_platform", token, now);
  if (!used) throw new AppError("UNAUTHENTICATED", "invalidConnectToken");
  return { userId: contactId, accountId, remember: used.payload === "remember" };
}

/** Whether the user is an active member of that account. */
export async function isActiveMember(ctx: ServiceContext, userId: number, accountId: number): Promise<boolean> {
  return Boolean(await findActiveMembership(ctx.db, userId, accountId));
}
