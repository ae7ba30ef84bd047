import { Hono, type Context } from "hono";
import type { BackEnv } from "../../context.ts";
import { failure, success } from "../../http/envelope.ts";
import { EmptyBody } from "../../http/ids.ts";
import { parseBody, parseInput } from "../../http/validate.ts";
import { destroySession, startSession } from "../../http/session.ts";
import { clientIp } from "../../http/client-ip.ts";
import { passwordResetMail } from "../../../mail/templates.ts";
import { eq } from "drizzle-orm";
import { accounts } from "../../../db/schema/index.ts";
import { AppError } from "../../http/app-error.ts";
import { getUserPayload, pickCurrentAccount } from "../user/user.service.ts";
import { findUserById, listMemberships, type UserRow } from "../user/user.repository.ts";
import { ConnectAsSchema, EmailSchema, LoginSchema, PasswordResetSchema } from "./auth.schemas.ts";
import {
  authenticate,
  consumeConnectToken,
  isEmailAvailable,
  issueConnectToken,
  isPasswordResetTokenValid,
  requestPasswordReset,
  resetPassword,
} from "./auth.service.ts";
import { isSamePlatform, platformOrigin } from "./platform.ts";
import { BRANDS, isBrandKey } from "../../../../app/branding/brands.ts";

export const authRoutes = new Hono<BackEnv>();

/**
 * An account that belongs to another brand's host is not logged in here: the reply is an
 * Error carrying a single-use token, and the page sends the browser to that host.
 */
export async function otherPlatformReply(c: Context<BackEnv>, user: UserRow, accountId: number | null, options: { remember?: boolean } = {}) {
  const { db, now, env, brandHosts } = c.var.deps;
  const origin = platformOrigin(user.brand, brandHosts, c.req.header("x-forwarded-host") ?? c.req.header("host") ?? "", env.PUBLIC_URL_SCHEME);
  if (!origin) return null;
  const token = await issueConnectToken(db, user.id, accountId, now(), options);
  return failure(c, 409, c.var.t("otherPlatform"), { token, contactId: user.id, accountId, platformUrl: origin });
}

/**
 * Opens the session on this host when it is the platform of the session's account (or of the user, without
 * one); otherwise answers with the token for the right host. The client's `platform` field is never trusted.
 */
async function openSessionHere(c: Context<BackEnv>, user: UserRow, accountId: number | null, options: { remember?: boolean }) {
  const { db } = c.var.deps;
  const account = accountId === null ? undefined : (await db.select().from(accounts).where(eq(accounts.id, accountId)).limit(1))[0];
  const brand = account?.brand ?? user.brand;
  if (!isSamePlatform(brand, c.var.brand.key)) {
    const reply = await otherPlatformReply(c, { ...user, brand }, accountId, options);
    if (reply) return reply;
    throw new AppError("FORBIDDEN", "otherPlatformUnavailable");
  }
  const session = await startSession(c, user.id, accountId, options);
  return success(c, await getUserPayload(db, user.id, session.accountId), c.var.t("loggedIn"));
}

authRoutes.post("/login", async (c) => {
  const { db, now } = c.var.deps;
  const input = await parseBody(c, LoginSchema);
  const user = await authenticate(db, c.var.deps.loginFailures, input, clientIp(c), now());
  const current = pickCurrentAccount(await listMemberships(db, user.id), user.currentAccountId);
  const remember = input.remember === true || input.remember === "on" || input.remember === "true";
  return openSessionHere(c, user, current?.account.id ?? null, { remember });
});

authRoutes.post("/logout", async (c) => {
  await parseBody(c, EmptyBody);
  await destroySession(c);
  return success(c, { loggedIn: false }, c.var.t("loggedOut"));
});

/**
 * Arrival on this host with a cross-platform token: opens the session. The account asked for must be one of
 * the contact's (checked before the token is spent), so that nobody borrows another pharmacy's contract.
 */
authRoutes.post("/connectAs", async (c) => {
  const { db, now } = c.var.deps;
  const input = await parseBody(c, ConnectAsSchema);
  const arrival = await consumeConnectToken(db, input.contactId, input.token, now(), input.accountId);
  const user = await findUserById(db, arrival.userId);
  if (!user) throw new AppError("UNAUTHENTICATED", "invalidConnectToken");
  return openSessionHere(c, user, arrival.accountId, { remember: arrival.remember });
});

/** Same reply whether or not the address has an account (no enumeration). */
authRoutes.get("/passwordReset/sendMail/:email", async (c) => {
  const { db, now, mailer, env, brandHosts } = c.var.deps;
  const email = parseInput(EmailSchema, c.req.param("email"), c.var.t);
  const issued = await requestPasswordReset(db, email, now());
  if (issued) {
    const { user, token } = issued;
    const origin =
      platformOrigin(user.brand, brandHosts, c.req.header("x-forwarded-host") ?? c.req.header("host") ?? "", env.PUBLIC_URL_SCHEME) ?? "";
    const path = user.locale === "es-ES" ? "/restablecer-mi-contrasena/" : "/reinitialiser-mon-mot-de-passe/";
    const brand = isBrandKey(user.brand) ? BRANDS[user.brand] : c.var.brand;
    try {
      await mailer.send({
        to: user.email,
        ...passwordResetMail({ brand, locale: user.locale, firstName: user.firstName, link: `${origin}${path}${token}` }),
      });
    } catch (error) {
      c.var.logger.error({ err: error }, "password reset mail not sent");
    }
  }
  return success(c, null, c.var.t("passwordResetSent"));
});

/** GET /back/api/passwordReset/check/:token: can this reset link still be used? Read-only, the token is not spent. */
authRoutes.get("/passwordReset/check/:token", async (c) => {
  const valid = await isPasswordResetTokenValid(c.var.deps.db, c.req.param("token"), c.var.deps.now());
  return success(c, { valid }, valid ? c.var.t("ok") : c.var.t("invalidResetToken"));
});

authRoutes.post("/passwordReset", async (c) => {
  const input = await parseBody(c, PasswordResetSchema);
  const user = await resetPassword(c.var.deps.db, input.token, input.password, c.var.deps.now());
  // The owner proved access to the mailbox: a login paused by failed attempts opens again.
  await c.var.deps.loginFailures.clear(user.email);
  return success(c, null, c.var.t("passwordUpdated"));
});

authRoutes.get("/validateEmail/:email", async (c) => {
  const email = parseInput(EmailSchema, c.req.param("email"), c.var.t);
  const available = await isEmailAvailable(c.var.deps.db, email);
  return success(c, { available }, c.var.t(available ? "emailAvailable" : "emailTaken"));
});
