/** Who may subscribe to a training through the learner space (spec sections 4 and 6). */
import { fitsAudience, isContractValid, isReadOnlyUser, SHOP_CONTRACT_TYPE, type AudienceFlags, type ContractType } from "./user-state.ts";

export type EligibilityUser = {
  contractType: ContractType;
  contractValidDate: string | null | undefined;
  isPharmacist: boolean;
  /** Holds the holder role on the account in use. */
  isHolder: boolean;
};

export type EligibilityTraining = AudienceFlags & {
  noContractRequired: boolean;
  /** Costs nothing: anyone allowed to follow it subscribes, shop customers too. */
  free: boolean;
  /** Sold in the shop. */
  availableOnStore: boolean;
};

export type EligibilityRefusal =
  "readOnly" | "shopContext" | "notInStore" | "contractInvalid" | "pharmacistsOnly" | "nonPharmacistsOnly" | "holdersOnly" | "nonHoldersOnly";

export type Eligibility = { allowed: true } | { allowed: false; reason: EligibilityRefusal };

/**
 * Whether a logged-in user may subscribe, checked in this order: read-only contract, shop context (shop customers
 * buy a paid training in the shop, or learn it is not sold there; a free one they subscribe to like anyone, issue 29),
 * contract validity (unless the training needs no contract), then the audience flags.
 */
export function subscriptionEligibility(user: EligibilityUser, training: EligibilityTraining, now: Date): Eligibility {
  if (isReadOnlyUser(user.contractType)) return { allowed: false, reason: "readOnly" };
  if (user.contractType === SHOP_CONTRACT_TYPE && !training.free) {
    return { allowed: false, reason: training.availableOnStore ? "shopContext" : "notInStore" };
  }
  if (!training.noContractRequired && !isContractValid(user.contractValidDate, now)) return { allowed: false, reason: "contractInvalid" };
  const fit = fitsAudience(training, { isPharmacist: user.isPharmacist, isHolder: user.isHolder });
  if (!fit.ok) return { allowed: false, reason: fit.reason };
  return { allowed: true };
}
