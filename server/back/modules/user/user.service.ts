import type { Db } from "../../../db/client.ts";
import {
  findAdvisor,
  findContract,
  findUserById,
  listMemberships,
  type MembershipWithAccount,
} from "./user.repository.ts";
import type { GuestPayload, UserPayload } from "#core/contract/user.ts";
import type { SessionState } from "../../context.ts";
import { sessionRead } from "../../http/read-scope.ts";



/**
 * The account in use: the session's if the user is still a member, else the only
 * membership, else none (the user then has to choose).
 */
export function pickCurrentAccount(list: MembershipWithAccount[], sessionAccountId: number | null) {
  const active = list.filter((m) => m.isActive);
  return active.find((m) => m.account.id === sessionAccountId) ?? (active.length === 1 ? active[0] : undefined);
}

/**
 * The user payload of a request's session: loaded once per web request when the session came through its read
 * scope (server/back/http/read-scope.ts), every time otherwise.
 */
export function sessionUserPayload(db: Db, session: SessionState): Promise<UserPayload | GuestPayload> {
  return sessionRead(session, "userPayload", () => getUserPayload(db, session.userId, session.accountId));
}

export async function getUserPayload(db: Db, userId: number, sessionAccountId: number | null): Promise<UserPayload | GuestPayload> {
  const user = await findUserById(db, userId);
  if (!user) return { loggedIn: false };
  const memberships = await listMemberships(db, userId);
  const current = pickCurrentAccount(memberships, sessionAccountId);
  const [contract, advisor] = await Promise.all([
    findContract(db, userId, current?.account.id ?? null),
    findAdvisor(db, current?.account.advisorId ?? user.advisorId),
  ]);
  return {
    loggedIn: true,
    id: user.id,
    email: user.email,
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
    accounts: memberships
      .filter((m) => m.isActive)
      .map((m) => ({ id: m.account.id, name: m.account.name, city: m.account.city, role: m.role })),
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
