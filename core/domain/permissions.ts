/**
 * Who may do what, as named rules over the user the API describes (GET /user): pure functions, the same for a page
 * guard (app/lib/area-guards.server.ts) and anything else that asks. Spec section 6.
 */
import { canAccessPharmacyManagement, isReadOnlyUser, isShopContext } from "./user-state.ts";

/** The facts of the user the rules read (a subset of the API's user payload). */
export type PermissionUser =
  | { loggedIn: false }
  | {
      loggedIn: true;
      isAdmin: boolean;
      contractType: string | null;
      establishment: unknown;
      role: string | null;
      isHolder: boolean;
      isReferent: boolean;
    };

export function isLoggedIn(user: PermissionUser): boolean {
  return user.loggedIn;
}

export function isGuest(user: PermissionUser): boolean {
  return !user.loggedIn;
}

export function isAdmin(user: PermissionUser): boolean {
  return user.loggedIn && user.isAdmin;
}

/** Shop customers have a personal shop contract and no pharmacy (ADR 0021). */
export function isShopCustomer(user: PermissionUser): boolean {
  return user.loggedIn && isShopContext({ loggedIn: true, contractType: user.contractType });
}

/**
 * A logged-in user without establishment must choose an account first; admins and shop customers act on their own
 * and never do.
 */
export function needsAccountChoice(user: PermissionUser): boolean {
  return user.loggedIn && user.establishment === null && !user.isAdmin && !isShopCustomer(user);
}

/**
 * Several pharmacies and none in use (issue 29): the account choice comes first, whoever the user is. One pharmacy
 * needs no choice (the API takes it as the one in use); none leaves nothing to choose (needsAccountChoice says what
 * the guarded areas do then).
 */
export function mustChooseAccount(user: { loggedIn: false } | { loggedIn: true; currentAccountId: number | null; accounts: readonly unknown[] }): boolean {
  return user.loggedIn && user.currentAccountId === null && user.accounts.length > 1;
}

/** The learner areas (account, learning): logged in, with a pharmacy chosen when one is needed. */
export function canUseLearnerArea(user: PermissionUser): boolean {
  return user.loggedIn && !needsAccountChoice(user);
}

/** Pharmacy management: a holder or a referent of the pharmacy in use. */
export function isHolderOrReferent(user: PermissionUser): boolean {
  if (!user.loggedIn) return false;
  const roles = [user.role, user.isHolder ? "holder" : null, user.isReferent ? "referent" : null].filter((r): r is string => Boolean(r));
  return canAccessPharmacyManagement({ loggedIn: true, roles });
}

/** The shop: guests and shop-contract users. */
export function canShop(user: PermissionUser): boolean {
  return isShopContext({ loggedIn: user.loggedIn, contractType: user.loggedIn ? user.contractType : null });
}

/** The areas beyond the learner's, in the order the header's user menu and the profile link them. */
export const MANAGEMENT_AREAS = ["pharmacy", "admin"] as const;
export type ManagementArea = (typeof MANAGEMENT_AREAS)[number];

/**
 * The management areas this user may enter, by the rules their pages' guards apply (issue 30): pharmacy management
 * for a holder or referent of the pharmacy in use, the administration for an administrator.
 */
export function enterableAreas(user: PermissionUser): ManagementArea[] {
  const may: Record<ManagementArea, (u: PermissionUser) => boolean> = { pharmacy: isHolderOrReferent, admin: isAdmin };
  return MANAGEMENT_AREAS.filter((area) => may[area](user));
}

/** Changes to one's own data (a read-only contract only reads). */
export function canWrite(user: PermissionUser): boolean {
  return user.loggedIn && !isReadOnlyUser(user.contractType);
}

// ------------------------------------------------------------------------------------------- the pharmacy's team

export type TeamRole = "holder" | "referent" | "learner";

/** Why a change of a team member's access is refused (the API's message key), or null when it is allowed. */
export type TeamAccessRefusal = "teamHolderStaysActive" | "teamOnlyHolderManagesReferents" | "teamCannotDeactivateSelf";

/**
 * Who may activate or deactivate a member of the pharmacy's team (issue 28): the holder is never deactivated (they
 * own the pharmacy, and a deactivated holder could not undo it); only the holder manages referents; the holder and
 * the referents manage learners; nobody deactivates themself. Activating the holder stays possible: it is the way
 * back for a holder deactivated before this rule.
 */
export function teamAccessRefusal(
  actor: { userId: number; role: "holder" | "referent" },
  member: { userId: number; role: TeamRole },
  isActive: boolean,
): TeamAccessRefusal | null {
  if (member.role === "holder") return isActive ? null : "teamHolderStaysActive";
  if (member.userId === actor.userId) return isActive ? null : "teamCannotDeactivateSelf";
  if (member.role === "referent" && actor.role !== "holder") return "teamOnlyHolderManagesReferents";
  return null;
}

/** Whether the team page offers to change a member's access (to the other state than the current one). */
export function canChangeTeamAccess(
  actor: { userId: number; role: "holder" | "referent" },
  member: { userId: number; role: TeamRole; isActive: boolean },
): boolean {
  return teamAccessRefusal(actor, member, !member.isActive) === null;
}

/** The named rules, for tables and matrices (tests, docs). */
export const PERMISSIONS = {
  isLoggedIn,
  isGuest,
  isAdmin,
  isShopCustomer,
  needsAccountChoice,
  canUseLearnerArea,
  isHolderOrReferent,
  canShop,
  canWrite,
} as const;
export type PermissionName = keyof typeof PERMISSIONS;
