import { describe, expect, test } from "vitest";
import { enterableAreas, mustChooseAccount, PERMISSIONS, type ManagementArea, type PermissionName, type PermissionUser } from "./permissions.ts";

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
  guest: {
    isLoggedIn: false,
    isGuest: true,
    isAdmin: false,
    isShopCustomer: false,
    needsAccountChoice: false,
    canUseLearnerArea: false,
    isHolderOrReferent: false,
    canShop: true,
    canWrite: false,
  },
  learner: {
    isLoggedIn: true,
    isGuest: false,
    isAdmin: false,
    isShopCustomer: false,
    needsAccountChoice: false,
    canUseLearnerArea: true,
    isHolderOrReferent: false,
    canShop: false,
    canWrite: true,
  },
  "learner without pharmacy": {
    isLoggedIn: true,
    isGuest: false,
    isAdmin: false,
    isShopCustomer: false,
    needsAccountChoice: true,
    canUseLearnerArea: false,
    isHolderOrReferent: false,
    canShop: false,
    canWrite: true,
  },
  holder: {
    isLoggedIn: true,
    isGuest: false,
    isAdmin: false,
    isShopCustomer: false,
    needsAccountChoice: false,
    canUseLearnerArea: true,
    isHolderOrReferent: true,
    canShop: false,
    canWrite: true,
  },
  "referent (role)": {
    isLoggedIn: true,
    isGuest: false,
    isAdmin: false,
    isShopCustomer: false,
    needsAccountChoice: false,
    canUseLearnerArea: true,
    isHolderOrReferent: true,
    canShop: false,
    canWrite: true,
  },
  "read-only learner": {
    isLoggedIn: true,
    isGuest: false,
    isAdmin: false,
    isShopCustomer: false,
    needsAccountChoice: false,
    canUseLearnerArea: true,
    isHolderOrReferent: false,
    canShop: false,
    canWrite: false,
  },
  "shop customer": {
    isLoggedIn: true,
    isGuest: false,
    isAdmin: false,
    isShopCustomer: true,
    needsAccountChoice: false,
    canUseLearnerArea: true,
    isHolderOrReferent: false,
    canShop: true,
    canWrite: true,
  },
  "admin without pharmacy": {
    isLoggedIn: true,
    isGuest: false,
    isAdmin: true,
    isShopCustomer: false,
    needsAccountChoice: false,
    canUseLearnerArea: true,
    isHolderOrReferent: false,
    canShop: false,
    canWrite: true,
  },
};

describe("permissions: every named rule for every kind of user", () => {
  test("the table covers every rule and every user", () => {
    for (const row of Object.values(TABLE)) expect(Object.keys(row).sort()).toEqual(Object.keys(PERMISSIONS).sort());
    expect(Object.keys(TABLE).sort()).toEqual(Object.keys(USERS).sort());
  });

  const cells = Object.entries(TABLE).flatMap(([user, row]) =>
    Object.entries(row).map(([rule, expected]) => [user, rule as PermissionName, expected] as const),
  );
  test.each(cells)("%s: %s is %s", (user, rule, expected) => {
    expect(PERMISSIONS[rule](USERS[user]!)).toBe(expected);
  });
});

describe("the management areas a user may enter (the header's user menu and the profile link them)", () => {
  const EXPECTED: Record<string, ManagementArea[]> = {
    guest: [],
    learner: [],
    "learner without pharmacy": [],
    holder: ["pharmacy"],
    "referent (role)": ["pharmacy"],
    "read-only learner": [],
    "shop customer": [],
    "admin without pharmacy": ["admin"],
  };
  test.each(Object.entries(EXPECTED))("%s: %j", (user, areas) => {
    expect(enterableAreas(USERS[user]!)).toEqual(areas);
  });
  test("an administrator who also manages the pharmacy in use enters both, pharmacy first", () => {
    expect(enterableAreas(member({ isAdmin: true, role: "referent" }))).toEqual(["pharmacy", "admin"]);
  });
});

describe("mustChooseAccount: several pharmacies and none in use", () => {
  const two = [{ id: 1 }, { id: 2 }];
  test.each([
    ["guest", { loggedIn: false } as const, false],
    ["two pharmacies, none in use", { loggedIn: true, currentAccountId: null, accounts: two } as const, true],
    ["two pharmacies, one in use", { loggedIn: true, currentAccountId: 2, accounts: two } as const, false],
    ["one pharmacy, none in use (the API takes it)", { loggedIn: true, currentAccountId: null, accounts: [{ id: 1 }] } as const, false],
    ["no pharmacy (nothing to choose)", { loggedIn: true, currentAccountId: null, accounts: [] } as const, false],
  ])("%s: %s", (_label, user, expected) => {
    expect(mustChooseAccount(user)).toBe(expected);
  });
});
