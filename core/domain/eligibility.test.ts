import { describe, expect, it } from "vitest";
import { subscriptionEligibility, type EligibilityTraining, type EligibilityUser, type Eligibility } from "./eligibility.ts";

// 2025-06-15 at 12:00 in Paris.
const now = new Date("2025-06-15T10:00:00Z");

const user = (overrides: Partial<EligibilityUser> = {}): EligibilityUser => ({
  contractType: "standard",
  contractValidDate: "2026-01-01",
  isPharmacist: true,
  isHolder: false,
  ...overrides,
});

const training = (overrides: Partial<EligibilityTraining> = {}): EligibilityTraining => ({
  pharmacistsOnly: false,
  nonPharmacistsOnly: false,
  holdersOnly: false,
  nonHoldersOnly: false,
  noContractRequired: false,
  free: false,
  availableOnStore: true,
  ...overrides,
});

describe("subscriptionEligibility", () => {
  it.each<[string, EligibilityUser, EligibilityTraining, Eligibility]>([
    ["valid standard contract, no flags", user(), training(), { allowed: true }],
    ["read-only contract", user({ contractType: "readonly" }), training(), { allowed: false, reason: "readOnly" }],
    [
      "read-only wins over an expired contract",
      user({ contractType: "readonly", contractValidDate: null }),
      training(),
      { allowed: false, reason: "readOnly" },
    ],
    ["shop customer", user({ contractType: "shop" }), training(), { allowed: false, reason: "shopContext" }],
    [
      "shop customer even without contract requirement",
      user({ contractType: "shop" }),
      training({ noContractRequired: true }),
      { allowed: false, reason: "shopContext" },
    ],
    [
      "shop customer on a paid training not sold in the shop",
      user({ contractType: "shop" }),
      training({ availableOnStore: false }),
      { allowed: false, reason: "notInStore" },
    ],
    ["shop customer on a free training not in the store", user({ contractType: "shop" }), training({ free: true, availableOnStore: false }), { allowed: true }],
    ["shop customer on a free training in the store", user({ contractType: "shop" }), training({ free: true }), { allowed: true }],
    [
      "shop customer on a free training keeps the audience flags",
      user({ contractType: "shop", isPharmacist: false }),
      training({ free: true, pharmacistsOnly: true }),
      { allowed: false, reason: "pharmacistsOnly" },
    ],
    [
      "shop customer with an ended contract on a free training that needs one",
      user({ contractType: "shop", contractValidDate: "2025-06-14" }),
      training({ free: true }),
      { allowed: false, reason: "contractInvalid" },
    ],
    ["read-only wins over a free training", user({ contractType: "readonly" }), training({ free: true }), { allowed: false, reason: "readOnly" }],
    ["no contract at all", user({ contractType: null, contractValidDate: null }), training(), { allowed: false, reason: "contractInvalid" }],
    ["expired contract", user({ contractValidDate: "2025-06-14" }), training(), { allowed: false, reason: "contractInvalid" }],
    ["contract ending today", user({ contractValidDate: "2025-06-15" }), training(), { allowed: true }],
    ["expired contract, training needs none", user({ contractValidDate: "2020-01-01" }), training({ noContractRequired: true }), { allowed: true }],
    ["pharmacist on pharmacists only", user(), training({ pharmacistsOnly: true }), { allowed: true }],
    ["preparer on pharmacists only", user({ isPharmacist: false }), training({ pharmacistsOnly: true }), { allowed: false, reason: "pharmacistsOnly" }],
    ["pharmacist on non-pharmacists only", user(), training({ nonPharmacistsOnly: true }), { allowed: false, reason: "nonPharmacistsOnly" }],
    ["preparer on non-pharmacists only", user({ isPharmacist: false }), training({ nonPharmacistsOnly: true }), { allowed: true }],
    ["learner on holders only", user(), training({ holdersOnly: true }), { allowed: false, reason: "holdersOnly" }],
    ["holder on holders only", user({ isHolder: true }), training({ holdersOnly: true }), { allowed: true }],
    ["holder on non-holders only", user({ isHolder: true }), training({ nonHoldersOnly: true }), { allowed: false, reason: "nonHoldersOnly" }],
    [
      "contract checked before audience",
      user({ isPharmacist: false, contractValidDate: null }),
      training({ pharmacistsOnly: true }),
      { allowed: false, reason: "contractInvalid" },
    ],
  ])("%s", (_label, u, t, expected) => {
    expect(subscriptionEligibility(u, t, now)).toEqual(expected);
  });
});
