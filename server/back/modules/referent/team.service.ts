import { randomBytes } from "node:crypto";
import { BRANDS, isBrandKey } from "#core/branding/brands.ts";
import type { AccountData, Team, TeamMember } from "#core/contract/referent.ts";
import { teamInvitationMail } from "../../../mail/referent-templates.ts";
import type { ServiceContext } from "../../service-context.ts";
import { AppError } from "../../http/app-error.ts";
import { hashToken, TOKEN_TTL_MS } from "../auth/tokens.ts";
import { isFinished } from "#core/domain/team-figures.ts";
import { memberProgress } from "#core/domain/team-progress.ts";
import { canChangeTeamAccess, teamAccessRefusal, type TeamRole } from "#core/domain/permissions.ts";
import type { ReferentScope } from "./referent-scope.ts";
import * as repo from "./team.repository.ts";

/** Invitation payloads carry the invited name (addApprenant) besides the account, role, brand and locale. */
export type InvitationPayload = { accountId: number; role: string; brand: string; locale: string; firstName?: string; lastName?: string };

export function readInvitationPayload(raw: string | null): Partial<InvitationPayload> {
  if (!raw) return {};
  try {
    const value: unknown = JSON.parse(raw);
    return value && typeof value === "object" ? (value as Partial<InvitationPayload>) : {};
  } catch {
    return {};
  }
}

/** GET dpec/allApprenants: the members of the account with status and progress, then the open invitations. */
export async function listTeam(ctx: ServiceContext, scope: ReferentScope): Promise<Team> {
  const members = await repo.listMembers(ctx.db, scope.accountId);
  const enrolments = await repo.listAccountEnrolments(
    ctx.db,
    scope.accountId,
    members.map((m) => m.userId),
  );
  const byUser = new Map<number, typeof enrolments>();
  for (const e of enrolments) byUser.set(e.userId, [...(byUser.get(e.userId) ?? []), e]);
  const list: TeamMember[] = members.map((m) => {
    const own = byUser.get(m.userId) ?? [];
    return {
      contactId: m.userId,
      invitationId: null,
      firstName: m.firstName,
      lastName: m.lastName,
      email: m.email,
      role: m.role as TeamMember["role"],
      status: m.isActive ? "active" : "inactive",
      isActive: m.isActive,
      canChangeAccess: canChangeTeamAccess(scope, { userId: m.userId, role: m.role as TeamRole, isActive: m.isActive }),
      trainings: own.length,
      finished: own.filter(isFinished).length,
      progress: memberProgress(own),
    };
  });
  const invitations = await repo.listOpenInvitations(ctx.db, scope.accountId, ctx.now());
  for (const invitation of invitations) {
    const payload = readInvitationPayload(invitation.payload);
    list.push({
      contactId: null,
      invitationId: invitation.id,
      firstName: payload.firstName ?? "",
      lastName: payload.lastName ?? "",
      email: invitation.email,
      role: "learner",
      status: "invited",
      isActive: false,
      canChangeAccess: false,
      trainings: 0,
      finished: 0,
      progress: 0,
    });
  }
  return { members: list, account: accountData(scope), readOnly: scope.readOnly };
}

// ------------------------------------------------------------------ changes (write scope)

function newInvitationSecret(): { raw: string; hash: string } {
  const raw = randomBytes(32).toString("base64url");
  return { raw, hash: hashToken(raw) };
}

export function invitationLink(origin: string, token: string): string {
  return `${origin}/abonnement/creer-mon-compte?token=${encodeURIComponent(token)}`;
}

async function sendInvitation(
  ctx: ServiceContext,
  scope: ReferentScope,
  input: { email: string; firstName: string; locale: string; token: string; origin: string },
): Promise<void> {
  const referent = await repo.findUserName(ctx.db, scope.userId);
  const brand = isBrandKey(scope.account.brand) ? BRANDS[scope.account.brand] : BRANDS.fr;
  await ctx.mailer.send({
    to: input.email,
    ...teamInvitationMail({
      brand,
      locale: input.locale,
      firstName: input.firstName,
      referent: referent ? `${referent.firstName} ${referent.lastName}` : scope.account.name,
      pharmacy: scope.account.name,
      link: invitationLink(input.origin, input.token),
    }),
  });
}

/**
 * POST addApprenant: an invitation (a single-use token valid 30 days, role learner, the pharmacy's brand and
 * locale) and its mail, whose link opens the account creation. An address already in the team or already invited is
 * a 409; nothing is written then.
 */
export async function addApprenant(
  ctx: ServiceContext,
  scope: ReferentScope,
  input: { email: string; firstName: string; lastName: string },
  origin: string,
): Promise<{ invitationId: number; email: string }> {
  const now = ctx.now();
  if (await repo.findMemberByEmail(ctx.db, scope.accountId, input.email)) {
    throw new AppError("CONFLICT", "teamAlreadyMember", { fields: { email: ["teamAlreadyMember"] } });
  }
  if (await repo.findOpenInvitationByEmail(ctx.db, scope.accountId, input.email, now)) {
    throw new AppError("CONFLICT", "teamAlreadyInvited", { fields: { email: ["teamAlreadyInvited"] } });
  }
  const locale = brandLocale(scope.account.brand);
  const payload: InvitationPayload = {
    accountId: scope.accountId,
    role: "learner",
    brand: scope.account.brand,
    locale,
    firstName: input.firstName,
    lastName: input.lastName,
  };
  const secret = newInvitationSecret();
  const invitationId = await repo.insertInvitation(ctx.db, {
    accountId: scope.accountId,
    email: input.email,
    payload: JSON.stringify(payload),
    tokenHash: secret.hash,
    expiresAt: new Date(now.getTime() + TOKEN_TTL_MS.invitation),
    createdAt: now,
  });
  await sendInvitation(ctx, scope, { email: input.email, firstName: input.firstName, locale, token: secret.raw, origin });
  return { invitationId, email: input.email };
}

/** POST sendEmailToApprenant: the invitation again, with a new link (the previous one stops working). */
export async function resendInvitation(ctx: ServiceContext, scope: ReferentScope, invitationId: number, origin: string): Promise<{ email: string }> {
  const now = ctx.now();
  const invitation = await repo.findOpenInvitation(ctx.db, scope.accountId, invitationId, now);
  if (!invitation?.email) throw new AppError("NOT_FOUND", "teamInvitationNotFound");
  const payload = readInvitationPayload(invitation.payload);
  const secret = newInvitationSecret();
  await repo.renewInvitation(ctx.db, invitation.id, secret.hash, new Date(now.getTime() + TOKEN_TTL_MS.invitation));
  await sendInvitation(ctx, scope, {
    email: invitation.email,
    firstName: payload.firstName ?? "",
    locale: payload.locale ?? brandLocale(scope.account.brand),
    token: secret.raw,
    origin,
  });
  return { email: invitation.email };
}

/**
 * POST toggleApprenantActive: a member of the team (of this account only: 404 otherwise) is activated or
 * deactivated; a deactivated member no longer reaches the pharmacy. The team rule decides (core/domain/permissions.ts):
 * only the holder manages referents (403); the holder is never deactivated, nobody deactivates themself (409).
 */
export async function toggleApprenantActive(
  ctx: ServiceContext,
  scope: ReferentScope,
  contactId: number,
  isActive: boolean,
): Promise<{ name: string; isActive: boolean }> {
  const member = await repo.findMember(ctx.db, scope.accountId, contactId);
  if (!member) throw new AppError("NOT_FOUND", "teamMemberNotFound");
  const refusal = teamAccessRefusal(scope, { userId: member.userId, role: member.role as TeamRole }, isActive);
  if (refusal) throw new AppError(refusal === "teamOnlyHolderManagesReferents" ? "FORBIDDEN" : "CONFLICT", refusal);
  await repo.setMemberActive(ctx.db, scope.accountId, contactId, isActive);
  return { name: `${member.firstName} ${member.lastName}`, isActive };
}

/** POST editAccountDatas: the pharmacy's name and address. */
export async function editAccountDatas(
  ctx: ServiceContext,
  scope: ReferentScope,
  input: { name: string; address: string; postalCode: string; city: string },
): Promise<AccountData> {
  await repo.updateAccountData(ctx.db, scope.accountId, input);
  return { ...input, country: scope.account.country };
}

export function accountData(scope: ReferentScope): AccountData {
  const { name, address, postalCode, city, country } = scope.account;
  return { name, address, postalCode, city, country };
}

function brandLocale(brand: string): string {
  return isBrandKey(brand) ? BRANDS[brand].defaultLocale : "fr-FR";
}
