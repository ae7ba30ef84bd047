/**
 * Who may do what, as named rules over the user the API describes (GET /user): pure functions, the same for a page
 * guard (app/lib/area-guards.server.ts), an endpoint's access (ACCESS_RULES below, applied by the back API's
 * register) and anything else that asks. Spec section 6.
 */
import type { Access } from "../contract/endpoint.ts";
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

/** Anyone, guest or not: the rule of the API's public endpoints. */
export function anyone(): boolean {
  return true;
}

export function isLoggedIn(user: PermissionUser): boolean {
  return user.loggedIn;
}

export function isAdmin(user: PermissionUser): boolean {
  return user.loggedIn && user.isAdmin;
}

/** Shop customers have a personal shop contract and no pharmacy (ADR 0021). */
function isShopCustomer(user: PermissionUser): boolean {
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

/** Changes to the pharmacy in use: its holder or a referent, on a contract that is not read-only. */
export function canWriteAsHolderOrReferent(user: PermissionUser): boolean {
  return isHolderOrReferent(user) && canWrite(user);
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

/** The named rules over a PermissionUser, by name: the endpoints' access rules below and the tests' matrices. */
export const PERMISSIONS = {
  anyone,
  isLoggedIn,
  isAdmin,
  needsAccountChoice,
  isHolderOrReferent,
  canShop,
  canWrite,
  canWriteAsHolderOrReferent,
} as const;
export type PermissionName = keyof typeof PERMISSIONS;

/** The message key of the 403 a logged-in user who fails an endpoint's rule gets (server/back/i18n). */
export type AccessRefusal = "forbidden" | "readOnly" | "referentOnly";

/**
 * The rule each access of the API's endpoints names (core/contract/endpoint.ts), and what a logged-in user who fails
 * it is told; a guest who fails it gets a 401.
 */
export const ACCESS_RULES: Record<Access, { rule: PermissionName; refusal?: (user: PermissionUser) => AccessRefusal }> = {
  public: { rule: "anyone" },
  session: { rule: "isLoggedIn" },
  writable: { rule: "canWrite", refusal: () => "readOnly" },
  admin: { rule: "isAdmin", refusal: () => "forbidden" },
  referent: { rule: "isHolderOrReferent", refusal: () => "referentOnly" },
  // A holder or referent on a read-only contract is told that the contract, not the role, stands in the way.
  referentWrite: { rule: "canWriteAsHolderOrReferent", refusal: (user) => (isHolderOrReferent(user) ? "readOnly" : "referentOnly") },
  // The sender's signature, checked by the handler, stands for the caller.
  signature: { rule: "anyone" },
};
