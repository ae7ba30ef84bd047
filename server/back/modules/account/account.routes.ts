import { Hono } from "hono";
import { accountEndpoints as endpoints } from "#core/contract/endpoints/account.ts";
import type { BackEnv } from "../../context.ts";
import { AppError } from "../../http/app-error.ts";
import { ok, register } from "../../http/register.ts";
import { setSessionAccount, startSession } from "../../http/session.ts";
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
register(accountRoutes, endpoints.setAccount, async (c, { ctx, caller: session, body: input }) => {
  const { db } = c.get("deps");
  if (!(await isActiveMember(c.get("ctx"), session.userId, input.accountId))) throw new AppError("FORBIDDEN", "notAMember");
  const account = await findAccountById(db, input.accountId);
  if (account && !isSamePlatform(account.brand, c.get("brand").key)) {
    const user = await findUserById(db, session.userId);
    const reply = user && (await otherPlatformReply(c, { ...user, brand: account.brand }, account.id));
    if (reply) return reply;
    throw new AppError("FORBIDDEN", "otherPlatformUnavailable");
  }
  await setSessionAccount(c, input.accountId);
  await chooseAccount(ctx, session.userId, input.accountId);
  return ok(await getUserPayload(c.get("ctx"), session.userId, input.accountId), c.get("t")("accountChosen"));
});

register(accountRoutes, endpoints.updatePassword, async (c, { caller: session, body: input }) => {
  await changePassword(
    c.get("ctx"),
    { userId: session.userId, currentSessionHash: session.idHash, currentPassword: input.currentPassword, password: input.password },
    c.get("deps").now(),
  );
  return ok(null, c.get("t")("passwordUpdated"));
});

/** Consent is recorded even for read-only users: it is a legal acknowledgement, not a change of data. */
register(accountRoutes, endpoints.consent, async (c, { ctx, caller: session, body: input }) => {
  await recordConsent(ctx, session.userId, input.hasGivenConsent);
  return ok({ hasGivenConsent: input.hasGivenConsent, mustGiveConsent: false as const }, c.get("t")("consentSaved"));
});

register(accountRoutes, endpoints.invitation, async (_c, { ctx, params }) => ok(await describeInvitation(ctx, params.token)));

register(accountRoutes, endpoints.createAccount, async (c, { ctx, body: input }) => {
  const created = await createAccountFromInvitation(ctx, input);
  const session = await startSession(c, created.userId, created.accountId);
  return ok(await getUserPayload(ctx, created.userId, session.accountId), c.get("t")("accountCreated"), 201);
});
