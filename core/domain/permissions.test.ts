import { describe, expect, test } from "vitest";
import { ALL_KINDS, passes, WHO_PASSES, type UserKind } from "../../tests/support/permission-table.ts";
import {
  ACCESS_RULES,
  enterableAreas,
  isHolderOrReferent,
  mustChooseAccount,
  needsAccountChoice,
  PERMISSIONS,
  type ManagementArea,
  type PermissionName,
  type PermissionUser,
} from "./permissions.ts";

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

/** Each kind of user of the shared table (tests/support/permission-table.ts), as the API describes its demo user. */
const USERS: Record<UserKind, PermissionUser> = {
  guest: { loggedIn: false },
  learner: member(),
  readOnly: member({ contractType: "readonly" }),
  noPharmacy: member({ contractType: null, establishment: null, role: null }),
  shop: member({ contractType: "shop", establishment: null, role: null }),
  holder: member({ role: "holder", isHolder: true, isReferent: true }),
  readOnlyReferent: member({ contractType: "readonly", role: "referent", isReferent: true }),
  multi: member({ contractType: null, establishment: null, role: null }),
  admin: member({ isAdmin: true }),
};

describe("permissions: every named rule for every kind of user", () => {
  test("the table names every rule", () => {
    expect(Object.keys(WHO_PASSES).sort()).toEqual(Object.keys(PERMISSIONS).sort());
  });

  const cells = ALL_KINDS.flatMap((kind) => (Object.keys(PERMISSIONS) as PermissionName[]).map((rule) => [kind, rule, passes(kind, rule)] as const));
  test.each(cells)("%s: %s is %s", (kind, rule, expected) => {
    expect(PERMISSIONS[rule](USERS[kind])).toBe(expected);
  });

  test("an administrator or a shop customer without pharmacy acts on their own: no account choice", () => {
    expect(needsAccountChoice(member({ isAdmin: true, establishment: null, role: null }))).toBe(false);
    expect(needsAccountChoice(USERS.shop)).toBe(false);
  });

  test("a referent by the role alone manages the pharmacy", () => {
    expect(isHolderOrReferent(member({ role: "referent" }))).toBe(true);
  });
});

describe("the rule of each endpoint access, and what a logged-in user who fails it is told", () => {
  test.each([
    ["writable", "readOnly", "readOnly"],
    ["admin", "learner", "forbidden"],
    ["referent", "learner", "referentOnly"],
    ["referentWrite", "learner", "referentOnly"],
    ["referentWrite", "readOnlyReferent", "readOnly"],
  ] as const)("%s refuses %s: %s", (access, kind, refusal) => {
    const { rule, refusal: refusalOf } = ACCESS_RULES[access];
    expect(PERMISSIONS[rule](USERS[kind])).toBe(false);
    expect(refusalOf?.(USERS[kind])).toBe(refusal);
  });
});

describe("the management areas a user may enter (the header's user menu and the profile link them)", () => {
  const EXPECTED: Record<UserKind, ManagementArea[]> = {
    guest: [],
    learner: [],
    readOnly: [],
    noPharmacy: [],
    shop: [],
    holder: ["pharmacy"],
    readOnlyReferent: ["pharmacy"],
    multi: [],
    admin: ["admin"],
  };
  test.each(Object.entries(EXPECTED) as [UserKind, ManagementArea[]][])("%s: %j", (kind, areas) => {
    expect(enterableAreas(USERS[kind])).toEqual(areas);
  });
  test("an administrator without pharmacy enters the administration", () => {
    expect(enterableAreas(member({ isAdmin: true, establishment: null, role: null }))).toEqual(["admin"]);
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
