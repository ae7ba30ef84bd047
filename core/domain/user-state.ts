/** User states and permissions derived from the user record (spec sections 4 and 6). */
import { PARIS_TIME_ZONE, isIsoDate, toZonedDate } from "./dates.ts";

export const SHOP_CONTRACT_TYPE = "shop";
export const READONLY_CONTRACT_TYPE = "readonly";

export type ContractType = string | null | undefined;

/**
 * A contract is valid through the end of its contractValidDate, a calendar day ('yyyy-mm-dd', a time part is
 * ignored) read in the given time zone (Europe/Paris by default). Absent or unreadable dates are invalid.
 */
export function isContractValid(contractValidDate: string | null | undefined, now: Date, { timeZone = PARIS_TIME_ZONE }: { timeZone?: string } = {}): boolean {
  const day = contractValidDate?.slice(0, 10);
  if (!day || !isIsoDate(day)) return false;
  return toZonedDate(now, timeZone) <= day;
}

export function isReadOnlyUser(contractType: ContractType): boolean {
  return contractType === READONLY_CONTRACT_TYPE;
}

export function isShopContext({ loggedIn, contractType }: { loggedIn: boolean; contractType: ContractType }): boolean {
  return !loggedIn || contractType === SHOP_CONTRACT_TYPE;
}

export function hasPointsAccess({
  loggedIn,
  appId,
  contractType,
}: {
  loggedIn: boolean;
  appId: string | number | null | undefined;
  contractType: ContractType;
}): boolean {
  const hasAppId = appId !== null && appId !== undefined && String(appId).trim() !== "";
  return loggedIn && hasAppId && !isShopContext({ loggedIn, contractType });
}

export const PHARMACY_MANAGER_ROLES = ["holder", "referent"] as const;

export function canAccessPharmacyManagement({ loggedIn, roles }: { loggedIn: boolean; roles: readonly string[] }): boolean {
  return loggedIn && roles.some((role) => (PHARMACY_MANAGER_ROLES as readonly string[]).includes(role));
}

export type AudienceFlags = {
  pharmacistsOnly: boolean;
  nonPharmacistsOnly: boolean;
  holdersOnly: boolean;
  nonHoldersOnly: boolean;
};

export type AudienceReason = keyof AudienceFlags;

export type AudienceProfile = { isPharmacist: boolean; isHolder: boolean };

export type AudienceFit = { ok: true; reason?: AudienceReason } | { ok: false; reason: AudienceReason };

/**
 * Whether a user belongs to the training's audience. A guest (null) fits for display purposes, but gets the
 * first restricting flag as reason so the page can say who the training is for.
 */
export function fitsAudience(trainingFlags: AudienceFlags, user: AudienceProfile | null): AudienceFit {
  const checks: ReadonlyArray<[AudienceReason, (u: AudienceProfile) => boolean]> = [
    ["pharmacistsOnly", (u) => u.isPharmacist],
    ["nonPharmacistsOnly", (u) => !u.isPharmacist],
    ["holdersOnly", (u) => u.isHolder],
    ["nonHoldersOnly", (u) => !u.isHolder],
  ];
  for (const [reason, fits] of checks) {
    if (!trainingFlags[reason]) continue;
    if (!user) return { ok: true, reason };
    if (!fits(user)) return { ok: false, reason };
  }
  return { ok: true };
}
