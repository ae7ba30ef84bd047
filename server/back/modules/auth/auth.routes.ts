import { Hono, type Context } from "hono";
import { authEndpoints as endpoints } from "#core/contract/endpoints/auth.ts";
import type { BackEnv } from "../../context.ts";
import { failure } from "../../http/envelope.ts";
import { parseInput } from "../../http/validate.ts";
import { destroySession, startSession } from "../../http/session.ts";
import { clientIp } from "../../http/client-ip.ts";
import { ok, register } from "../../http/register.ts";
import { takeMailAllowance } from "./mail-allowance.ts";
import { passwordResetMail } from "../../../mail/templates.ts";
import { AppError } from "../../http/app-error.ts";
import { getUserPayload, pickCurrentAccount } from "../user/user.service.ts";
import { findAccountById, findUserById, listMemberships, type UserRow } from "../user/user.repository.ts";
import { EmailSchema } from "#core/contract/auth.ts";
import { authenticate, consumeConnectToken, issueConnectToken, isPasswordResetTokenValid, requestPasswordReset, resetPassword } from "./auth.service.ts";
import { isSamePlatform } from "./platform.ts";
import { publicOriginFor } from "../../http/request-host.ts";
import { BRANDS, isBrandKey } from "#core/branding/brands.ts";

export const authRoutes = new Hono<BackEnv>();

/**
 * An account that belongs to another brand's host is not logged in here: the reply is an
 * Error carrying a single-use token, and the page sends the browser to that host.
 */
export async function otherPlatformReply(c: Context<BackEnv>, user: UserRow, accountId: number | null, options: { remember?: boolean } = {}) {
  const { now } = c.get("deps");
  const origin = publicOriginFor(c, user.brand);
  if (!origin) return null;
  const token = await issueConnectToken(c.get("ctx"), user.id, accountId, now(), options);
  return failure(c, 409, c.get("t")("otherPlatform"), { token, contactId: user.id, accountId, platformUrl: origin });
}

/**
 * Opens the session on this host when it is the platform of the session's account (or of the user, without
 * one); otherwise answers with the token for the right host. The client's `platform` field is never trusted.
 */
async function openSessionHere(c: Context<BackEnv>, user: UserRow, accountId: number | null, options: { remember?: boolean }) {
  const { db } = c.get("deps");
  const account = accountId === null ? undefined : await findAccountById(db, accountId);
  const brand = account?.brand ?? user.brand;
  if (!isSamePlatform(brand, c.get("brand").key)) {
    const reply = await otherPlatformReply(c, { ...user, brand }, accountId, options);
    if (reply) return reply;
    throw new AppError("FORBIDDEN", "otherPlatformUnavailable");
  }
  const session = await startSession(c, user.id, accountId, options);
  return ok(await getUserPayload(c.get("ctx"), user.id, session.accountId), c.get("t")("loggedIn"));
}

register(authRoutes, endpoints.login, async (c, { body: input }) => {
  const { db, now } = c.get("deps");
  const user = await authenticate(c.get("ctx"), c.get("deps").loginFailures, input, clientIp(c), now());
  const current = pickCurrentAccount(await listMemberships(db, user.id), user.currentAccountId);
  const remember = input.remember === true || input.remember === "on" || input.remember === "true";
  return openSessionHere(c, user, current?.account.id ?? null, { remember });
});

register(authRoutes, endpoints.logout, async (c) => {
  await destroySession(c);
  return ok({ loggedIn: false as const }, c.get("t")("loggedOut"));
});

/**
 * Arrival on this host with a cross-platform token: opens the session. The account asked for must be one of
 * the contact's (checked before the token is spent), so that nobody borrows another pharmacy's contract.
 */
register(authRoutes, endpoints.connectAs, async (c, { body: input }) => {
  const { db, now } = c.get("deps");
  const arrival = await consumeConnectToken(c.get("ctx"), input.contactId, input.token, now(), input.accountId);
  const user = await findUserById(db, arrival.userId);
  if (!user) throw new AppError("UNAUTHENTICATED", "invalidConnectToken");
  return openSessionHere(c, user, arrival.accountId, { remember: arrival.remember });
});

/**
 * Same reply whether or not the address has an account (no enumeration). A GET that sends a mail: it needs the
 * CSRF header like a POST, and each address gets a few mails per window (counted for every address).
 */
register(authRoutes, endpoints.sendPasswordReset, async (c, { params }) => {
  const { now, mailer } = c.get("deps");
  const email = parseInput(EmailSchema, params.email, c.get("t"));
  await takeMailAllowance(c.get("deps").loginFailures, `reset:${email}`, now(), "tooManyResetMails");
  const issued = await requestPasswordReset(c.get("ctx"), email, now());
  if (issued) {
    const { user, token } = issued;
    const origin = publicOriginFor(c, user.brand) ?? publicOriginFor(c, c.get("brand").key) ?? "";
    const path = user.locale === "es-ES" ? "/restablecer-mi-contrasena/" : "/reinitialiser-mon-mot-de-passe/";
    const brand = isBrandKey(user.brand) ? BRANDS[user.brand] : c.get("brand");
    try {
      await mailer.send({
        to: user.email,
        ...passwordResetMail({ brand, locale: user.locale, firstName: user.firstName, link: `${origin}${path}${token}` }),
      });
    } catch (error) {
      c.get("logger").error({ err: error }, "password reset mail not sent");
    }
  }
  return ok(null, c.get("t")("passwordResetSent"));
});

register(authRoutes, endpoints.checkResetToken, async (c, { params }) => {
  const valid = await isPasswordResetTokenValid(c.get("ctx"), params.token, c.get("deps").now());
  return ok({ valid }, valid ? c.get("t")("ok") : c.get("t")("invalidResetToken"));
});

register(authRoutes, endpoints.resetPassword, async (c, { body: input }) => {
  const user = await resetPassword(c.get("ctx"), input.token, input.password, c.get("deps").now());
  // The owner proved access to the mailbox: a login paused by failed attempts opens again.
  await c.get("deps").loginFailures.clear(user.email);
  return ok(null, c.get("t")("passwordUpdated"));
});

/**
 * Checks the form of an address only: whether an account uses it is never told here (anyone could ask). The
 * invitation-bound createAccount says so, to the holder of an invitation (ADR 0023).
 */
register(authRoutes, endpoints.validateEmail, async (c, { params }) => {
  parseInput(EmailSchema, params.email, c.get("t"));
  return ok({ valid: true as const }, c.get("t")("emailWellFormed"));
});
