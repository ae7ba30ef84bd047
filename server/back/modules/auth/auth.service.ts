import type { Db } from "../../../db/client.ts";
import { AppError } from "../../http/app-error.ts";
import { findUserByEmail, type UserRow } from "../user/user.repository.ts";
import { DUMMY_PASSWORD_HASH, verifyPassword } from "./password.ts";
import { clearLoginFailures, isLoginBlocked, LOGIN_WINDOW_MINUTES, loginScopes, recordLoginFailure } from "./rate-limit.ts";
import type { LoginInput } from "./auth.schemas.ts";

/**
 * Checks credentials with a constant-time comparison (a dummy hash when the email is
 * unknown), and counts failures per account and per IP.
 */
export async function authenticate(db: Db, input: LoginInput, ip: string, now: Date): Promise<UserRow> {
  const scopes = loginScopes(input.email, ip);
  if (await isLoginBlocked(db, scopes, now)) {
    throw new AppError("RATE_LIMITED", "tooManyAttempts", { values: { minutes: LOGIN_WINDOW_MINUTES } });
  }
  const user = await findUserByEmail(db, input.email);
  const valid = await verifyPassword(input.password, user?.passwordHash ?? DUMMY_PASSWORD_HASH);
  if (!user || !valid) {
    await recordLoginFailure(db, scopes, now);
    throw new AppError("UNAUTHENTICATED", "invalidCredentials");
  }
  await clearLoginFailures(db, input.email);
  return user;
}
