import type { Db } from "../../../db/client.ts";
import {
  findAdvisor,
  findPersonalContract,
  findUserById,
  listMemberships,
  type ContractRow,
  type MembershipWithAccount,
  type UserRow,
} from "./user.repository.ts";
import type { GuestPayload, UserPayload } from "#core/contract/user.ts";
import type { PermissionUser } from "#core/domain/permissions.ts";
import type { SessionState } from "../../context.ts";
import type { ServiceContext } from "../../service-context.ts";
import { SESSION_MEMBERSHIPS_READ, SESSION_USER_READ, sessionRead } from "../../http/read-scope.ts";

/**
 * The account in use: the session's if the user is still a member, else the only
 * membership, else none (the user then has to choose).
 */
export function pickCurrentAccount(list: MembershipWithAccount[], sessionAccountId: number | null) {
  const active = list.filter((m) => m.isActive);
  return active.find((m) => m.account.id === sessionAccountId) ?? (active.length === 1 ? active[0] : undefined);
}

/**
 * The reads of the session's own user, account memberships and contract: each made once per web request when the
 * session came through its read scope (server/back/http/read-scope.ts), every time otherwise. The access rules, the
 * user payload and the pages' calls all ask for these; through these functions one page render reads them once. The
 * user's row is the one read with the session (loadRequestSession), so a page render does not read it on its own.
 */
export function sessionUser(ctx: ServiceContext): Promise<UserRow | undefined> {
  const session = ctx.user;
  if (!session) return Promise.resolve(undefined);
  return sessionRead(session, SESSION_USER_READ, () => findUserById(ctx.db, session.userId));
}

function sessionMemberships(ctx: ServiceContext, session: SessionState): Promise<MembershipWithAccount[]> {
  return sessionRead(session, SESSION_MEMBERSHIPS_READ, () => listMemberships(ctx.db, session.userId));
}

function sessionPersonalContract(ctx: ServiceContext, session: SessionState): Promise<ContractRow | undefined> {
  return sessionRead(session, "personalContract", () => findPersonalContract(ctx.db, session.userId));
}

/** What the permission rules know of the caller (core/domain/permissions.ts), and the account in use with its contract. */
export type CallerFacts =
  | { session: null; user: { loggedIn: false } }
  | { session: SessionState; user: PermissionUser; current: MembershipWithAccount | undefined; contract: ContractRow | undefined };

/**
 * The facts the access rules read, from the request's session: its user, the account in use (as the user payload
 * picks it) and the contract in force there (the account's, else the user's own). Nothing is read for a guest.
 */
export async function callerFacts(ctx: ServiceContext): Promise<CallerFacts> {
  const session = ctx.user;
  if (!session) return { session: null, user: { loggedIn: false } };
  const [row, memberships] = await Promise.all([sessionUser(ctx), sessionMemberships(ctx, session)]);
  const current = pickCurrentAccount(memberships, session.accountId);
  const contract = current?.accountContract ?? (await sessionPersonalContract(ctx, session));
  const user: PermissionUser = {
    loggedIn: true,
    isAdmin: row?.isAdmin ?? false,
    contractType: contract?.type ?? null,
    establishment: current?.account ?? null,
    role: current?.role ?? null,
    isHolder: current?.role === "holder",
    isReferent: current?.role === "referent" || current?.role === "holder",
  };
  return { session, user, current, contract };
}

/** The user payload of a request's session (a guest's without one), loaded once per web request (see sessionUser). */
export function sessionUserPayload(ctx: ServiceContext): Promise<UserPayload | GuestPayload> {
  const session = ctx.user;
  if (!session) return Promise.resolve({ loggedIn: false });
  return sessionRead(session, "userPayload", () =>
    buildUserPayload(ctx.db, session.accountId, {
      user: () => sessionUser(ctx),
      memberships: () => sessionMemberships(ctx, session),
      personalContract: () => sessionPersonalContract(ctx, session),
    }),
  );
}

/** The user payload of a user in an account (another request's user, or the session's after it changed). */
export function getUserPayload(ctx: ServiceContext, userId: number, sessionAccountId: number | null): Promise<UserPayload | GuestPayload> {
  return buildUserPayload(ctx.db, sessionAccountId, {
    user: () => findUserById(ctx.db, userId),
    memberships: () => listMemberships(ctx.db, userId),
    personalContract: () => findPersonalContract(ctx.db, userId),
  });
}

type UserReads = {
  user(): Promise<UserRow | undefined>;
  memberships(): Promise<MembershipWithAccount[]>;
  personalContract(): Promise<ContractRow | undefined>;
};

async function buildUserPayload(db: Db, sessionAccountId: number | null, reads: UserReads): Promise<UserPayload | GuestPayload> {
  const user = await reads.user();
  if (!user) return { loggedIn: false };
  const memberships = await reads.memberships();
  const current = pickCurrentAccount(memberships, sessionAccountId);
  // The account's contract and advisor come with the memberships; the user's own only when the account has none.
  const contract = current?.accountContract ?? (await reads.personalContract());
  const advisor = current?.accountAdvisor ?? (await findAdvisor(db, user.advisorId));
  return {
    loggedIn: true,
    id: user.id,
    email: user.email,
    emailConfirmed: user.emailConfirmedAt !== null,
    firstName: user.firstName,
    lastName: user.lastName,
    profession: user.profession,
    isPharmacist: user.profession === "pharmacist",
    isAdmin: user.isAdmin,
    brand: user.brand,
    locale: user.locale,
    appId: user.appId,
    advisor: advisor
      ? {
          id: advisor.id,
          firstName: advisor.firstName,
          lastName: advisor.lastName,
          email: advisor.email,
          phone: advisor.phone,
          gender: advisor.gender === "M" ? "M" : "F",
          avatar: advisor.avatarPath,
        }
      : null,
    contractType: (contract?.type as UserPayload["contractType"]) ?? null,
    contractValidDate: contract?.validUntil ?? null,
    establishment: current
      ? {
          id: current.account.id,
          name: current.account.name,
          city: current.account.city,
          postalCode: current.account.postalCode,
          country: current.account.country,
        }
      : null,
    accounts: memberships.filter((m) => m.isActive).map((m) => ({ id: m.account.id, name: m.account.name, city: m.account.city, role: m.role })),
    productAccess: { canAccessTrainingPlan: current?.account.canAccessTrainingPlan ?? false },
    currentAccountId: current?.account.id ?? null,
    role: current?.role ?? null,
    isReferent: current?.role === "referent" || current?.role === "holder",
    isHolder: current?.role === "holder",
    isPartnerCareClient: user.isPartnerCareClient,
    mustGiveConsent: user.mustGiveConsent,
    hasGivenConsent: user.hasGivenConsent,
    avatar: user.avatarPath,
    preferences: { sortOption: user.sortOption, volume: user.volume },
  };
}
