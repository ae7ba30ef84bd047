import { describe, expect, test } from "vitest";
import { PERMISSIONS, type PermissionName, type PermissionUser } from "./permissions.ts";

const pharmacy = { id: 1, name: "Pharmacie du Centre" };
const member = (overrides: Partial<Extract<PermissionUser, { loggedIn: true }>> = {}): PermissionUser => ({
  loggedIn: true,
  isAdmin: false,
  contractType: "standard",
  establishment: pharmacy,
  role: "member",
  isHolder: false,
  isReferent: false,
  ...overrides,
});

const USERS: Record<string, PermissionUser> = {
  guest: { loggedIn: false },
  learner: member(),
  "learner without pharmacy": member({ establishment: null }),
  holder: member({ isHolder: true }),
  "referent (role)": member({ role: "referent" }),
  "read-only learner": member({ contractType: "readonly" }),
  "shop customer": member({ contractType: "shop", establishment: null, role: null }),
  "admin without pharmacy": member({ isAdmin: true, establishment: null, role: null }),
};

// Rows: users; columns: rules. One line per user says everything that user may do.
const TABLE: Record<string, Record<PermissionName, boolean>> = {
  guest: { isLoggedIn: false, isGuest: true, isAdmin: false, isShopCustomer: false, needsAccountChoice: false, canUseLearnerArea: false, isHolderOrReferent: false, canShop: true, canWrite: false },
  learner: { isLoggedIn: true, isGuest: false, isAdmin: false, isShopCustomer: false, needsAccountChoice: false, canUseLearnerArea: true, isHolderOrReferent: false, canShop: false, canWrite: true },
  "learner without pharmacy": { isLoggedIn: true, isGuest: false, isAdmin: false, isShopCustomer: false, needsAccountChoice: true, canUseLearnerArea: false, isHolderOrReferent: false, canShop: false, canWrite: true },
  holder: { isLoggedIn: true, isGuest: false, isAdmin: false, isShopCustomer: false, needsAccountChoice: false, canUseLearnerArea: true, isHolderOrReferent: true, canShop: false, canWrite: true },
  "referent (role)": { isLoggedIn: true, isGuest: false, isAdmin: false, isShopCustomer: false, needsAccountChoice: false, canUseLearnerArea: true, isHolderOrReferent: true, canShop: false, canWrite: true },
  "read-only learner": { isLoggedIn: true, isGuest: false, isAdmin: false, isShopCustomer: false, needsAccountChoice: false, canUseLearnerArea: true, isHolderOrReferent: false, canShop: false, canWrite: false },
  "shop customer": { isLoggedIn: true, isGuest: false, isAdmin: false, isShopCustomer: true, needsAccountChoice: false, canUseLearnerArea: true, isHolderOrReferent: false, canShop: true, canWrite: true },
  "admin without pharmacy": { isLoggedIn: true, isGuest: false, isAdmin: true, isShopCustomer: false, needsAccountChoice: false, canUseLearnerArea: true, isHolderOrReferent: false, canShop: false, canWrite: true },
};

describe("permissions: every named rule for every kind of user", () => {
  test("the table covers every rule and every user", () => {
    for (const row of Object.values(TABLE)) expect(Object.keys(row).sort()).toEqual(Object.keys(PERMISSIONS).sort());
    expect(Object.keys(TABLE).sort()).toEqual(Object.keys(USERS).sort());
  });

  const cells = Object.entries(TABLE).flatMap(([user, row]) => Object.entries(row).map(([rule, expected]) => [user, rule as PermissionName, expected] as const));
  test.each(cells)("%s: %s is %s", (user, rule, expected) => {
    expect(PERMISSIONS[rule](USERS[user]!)).toBe(expected);
  });
});
