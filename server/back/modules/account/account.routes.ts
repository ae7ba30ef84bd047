import { Hono } from "hono";
import type { BackEnv } from "../../context.ts";
import { AppError } from "../../http/app-error.ts";
import { success } from "../../http/envelope.ts";
import { requireSession } from "../../http/guards.ts";
import { setSessionAccount, startSession } from "../../http/session.ts";
import { parseBody } from "../../http/validate.ts";
import { CreateAccountSchema, ConsentSchema, SetAccountSchema, UpdatePasswordSchema } from "#core/contract/auth.ts";
import { changePassword, isActiveMember } from "../auth/auth.service.ts";
import { otherPlatformReply } from "../auth/auth.routes.ts";
import { isSamePlatform } from "../auth/platform.ts";
import { findAccountById, findUserById } from "../user/user.repository.ts";
import { getUserPayload } from "../user/user.service.ts";
import { chooseAccount, createAccountFromInvitation, describeInvitation, recordConsent } from "./account.service.ts";

export const accountRoutes = new Hono<BackEnv>();

/**
 * Account choice: the account must be one of the user's; another host's account answers with a token. The host
 * decides the platform: the body's `platform` is accepted for the spec's sake but never trusted.
 */
accountRoutes.post("/user/setAccountId", async (c) => {
  const session = requireSession(c);
  const { db } = c.var.deps;
  const input = await parseBody(c, SetAccountSchema);
  if (!(await isActiveMember(db, session.userId, input.accountId))) throw new AppError("FORBIDDEN", "notAMember");
  const account = await findAccountById(db, input.accountId);
  if (account && !isSamePlatform(account.brand, c.var.brand.key)) {
    const user = await findUserById(db, session.userId);
    const reply = user && (await otherPlatformReply(c, { ...user, brand: account.brand }, account.id));
    if (reply) return reply;
    throw new AppError("FORBIDDEN", "otherPlatformUnavailable");
  }
  await setSessionAccount(c, input.accountId);
  await chooseAccount(db, session.userId, input.accountId);
  return success(c, await getUserPayload(db, session.userId, input.accountId), c.var.t("accountChosen"));
});

accountRoutes.post("/user/updatePassword", async (c) => {
  const session = requireSession(c);
  const input = await parseBody(c, UpdatePasswordSchema);
  await changePassword(
    c.var.deps.db,
    { userId: session.userId, currentSessionHash: session.idHash, currentPassword: input.currentPassword, password: input.password },
    c.var.deps.now(),
  );
  return success(c, null, c.var.t("passwordUpdated"));
});

/** Consent is recorded even for read-only users: it is a legal acknowledgement, not a change of data. */
accountRoutes.post("/user/consent", async (c) => {
  const session = requireSession(c);
  const input = await parseBody(c, ConsentSchema);
  const now = c.var.deps.now();
  await recordConsent(c.var.deps.db, session.userId, input.hasGivenConsent, now);
  return success(c, { hasGivenConsent: input.hasGivenConsent, mustGiveConsent: false }, c.var.t("consentSaved"));
});

accountRoutes.get("/invitation/:token", async (c) => {
  return success(c, await describeInvitation(c.var.deps.db, c.req.param("token"), c.var.deps.now()));
});

accountRoutes.post("/createAccount", async (c) => {
  const input = await parseBody(c, CreateAccountSchema);
  const { db, now } = c.var.deps;
  const created = await createAccountFromInvitation(db, input, now());
  const session = await startSession(c, created.userId, created.accountId);
  return success(c, await getUserPayload(db, created.userId, session.accountId), c.var.t("accountCreated"), 201);
});
