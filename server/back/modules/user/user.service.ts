import type { Db } from "../../../db/client.ts";
import {
  findAdvisor,
  findContract,
  findUserById,
  listMemberships,
  type MembershipWithAccount,
} from "./user.repository.ts";

export type GuestPayload = { loggedIn: false };

/** The User of spec section 3, plus a few derived fields the pages need. */
export type UserPayload = {
  loggedIn: true;
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  profession: string;
  isPharmacist: boolean;
  isAdmin: boolean;
  brand: string;
  locale: string;
  appId: string | null;
  advisor: { id: number; firstName: string; lastName: string; email: string; phone: string | null; gender: "M" | "F"; avatar: string } | null;
  contractType: "standard" | "shop" | "readonly" | null;
  contractValidDate: string | null;
  establishment: { id: number; name: string; city: string | null; postalCode: string | null; country: string } | null;
  accounts: { id: number; name: string; city: string | null; role: string }[];
  productAccess: { canAccessTrainingPlan: boolean };
  currentAccountId: number | null;
  role: string | null;
  isReferent: boolean;
  isHolder: boolean;
  isPartnerCareClient: boolean;
  mustGiveConsent: boolean;
  hasGivenConsent: boolean | null;
  avatar: string | null;
  preferences: { sortOption: string | null; volume: number };
};

/**
 * The account in use: the session's if the user is still a member, else the only
 * membership, else none (the user then has to choose).
 */
export function pickCurrentAccount(list: MembershipWithAccount[], sessionAccountId: number | null) {
  const active = list.filter((m) => m.isActive);
  return active.find((m) => m.account.id === sessionAccountId) ?? (active.length === 1 ? active[0] : undefined);
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
