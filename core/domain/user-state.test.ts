import { describe, expect, it } from "vitest";
import {
  canAccessPharmacyManagement,
  fitsAudience,
  hasPointsAccess,
  isContractValid,
  isReadOnlyUser,
  isShopContext,
  type AudienceFit,
  type AudienceFlags,
  type AudienceProfile,
} from "./user-state.ts";

describe("isContractValid", () => {
  // 2025-06-15 at 12:00 in Paris.
  const now = new Date("2025-06-15T10:00:00Z");

  it.each<[string | null | undefined, boolean]>([
    [null, false],
    [undefined, false],
    ["", false],
    ["not a date", false],
    ["2025-02-30", false],
    ["2025-06-14", false],
    ["2025-06-15", true],
    ["2025-06-16", true],
    ["2030-01-01", true],
    ["2025-06-15 00:00:00", true],
    ["2025-06-15T00:00:00.000000Z", true],
    ["2025-06-14T23:59:59Z", false],
  ])("%j -> %s", (date, expected) => {
    expect(isContractValid(date, now)).toBe(expected);
  });

  it.each([
    ["2025-06-15T21:59:59Z", true],
    // Midnight in Paris is still 22:00 UTC on the 15th: the contract has ended.
    ["2025-06-15T22:00:00Z", false],
  ])("a contract ending 2025-06-15, at %s -> %s", (instant, expected) => {
    expect(isContractValid("2025-06-15", new Date(instant))).toBe(expected);
  });

  it("reads the day in another time zone when asked", () => {
    expect(isContractValid("2025-06-15", new Date("2025-06-15T22:30:00Z"), { timeZone: "UTC" })).toBe(true);
  });
});

describe("isReadOnlyUser", () => {
  it.each([
    ["readonly", true],
    ["shop", false],
    ["standard", false],
    ["READONLY", false],
    [null, false],
    [undefined, false],
  ])("%j -> %s", (contractType, expected) => {
    expect(isReadOnlyUser(contractType)).toBe(expected);
  });
});

describe("isShopContext", () => {
  it.each([
    [false, null, true],
    [false, "standard", true],
    [true, "shop", true],
    [true, "standard", false],
    [true, "readonly", false],
    [true, null, false],
  ])("loggedIn=%s contractType=%j -> %s", (loggedIn, contractType, expected) => {
    expect(isShopContext({ loggedIn, contractType })).toBe(expected);
  });
});

describe("hasPointsAccess", () => {
  it.each([
    [true, "app-1", "standard", true],
    [true, 42, "standard", true],
    [true, 0, "standard", true],
    [true, "app-1", null, true],
    [false, "app-1", "standard", false],
    [true, null, "standard", false],
    [true, undefined, "standard", false],
    [true, "", "standard", false],
    [true, "app-1", "shop", false],
  ])("loggedIn=%s appId=%j contractType=%j -> %s", (loggedIn, appId, contractType, expected) => {
    expect(hasPointsAccess({ loggedIn, appId, contractType })).toBe(expected);
  });
});

describe("canAccessPharmacyManagement", () => {
  it.each<[boolean, string[], boolean]>([
    [true, ["holder"], true],
    [true, ["referent"], true],
    [true, ["learner", "referent"], true],
    [true, ["learner"], false],
    [true, ["admin"], false],
    [true, [], false],
    [false, ["holder", "referent"], false],
  ])("loggedIn=%s roles=%j -> %s", (loggedIn, roles, expected) => {
    expect(canAccessPharmacyManagement({ loggedIn, roles })).toBe(expected);
  });
});

describe("fitsAudience", () => {
  const open: AudienceFlags = {
    pharmacistsOnly: false,
    nonPharmacistsOnly: false,
    holdersOnly: false,
    nonHoldersOnly: false,
  };
  const pharmacistHolder: AudienceProfile = { isPharmacist: true, isHolder: true };
  const pharmacistEmployee: AudienceProfile = { isPharmacist: true, isHolder: false };
  const assistant: AudienceProfile = { isPharmacist: false, isHolder: false };

  it.each<[Partial<AudienceFlags>, AudienceProfile | null, AudienceFit]>([
    [{}, pharmacistHolder, { ok: true }],
    [{}, assistant, { ok: true }],
    [{}, null, { ok: true }],
    [{ pharmacistsOnly: true }, pharmacistEmployee, { ok: true }],
    [{ pharmacistsOnly: true }, assistant, { ok: false, reason: "pharmacistsOnly" }],
    [{ nonPharmacistsOnly: true }, assistant, { ok: true }],
    [{ nonPharmacistsOnly: true }, pharmacistEmployee, { ok: false, reason: "nonPharmacistsOnly" }],
    [{ holdersOnly: true }, pharmacistHolder, { ok: true }],
    [{ holdersOnly: true }, pharmacistEmployee, { ok: false, reason: "holdersOnly" }],
    [{ nonHoldersOnly: true }, pharmacistEmployee, { ok: true }],
    [{ nonHoldersOnly: true }, pharmacistHolder, { ok: false, reason: "nonHoldersOnly" }],
    [{ pharmacistsOnly: true, holdersOnly: true }, pharmacistHolder, { ok: true }],
    [{ pharmacistsOnly: true, holdersOnly: true }, pharmacistEmployee, { ok: false, reason: "holdersOnly" }],
    [{ pharmacistsOnly: true, holdersOnly: true }, assistant, { ok: false, reason: "pharmacistsOnly" }],
    [{ pharmacistsOnly: true }, null, { ok: true, reason: "pharmacistsOnly" }],
    [{ holdersOnly: true, nonPharmacistsOnly: true }, null, { ok: true, reason: "nonPharmacistsOnly" }],
    [{ nonHoldersOnly: true }, null, { ok: true, reason: "nonHoldersOnly" }],
  ])("%j for %j -> %j", (flags, user, expected) => {
    expect(fitsAudience({ ...open, ...flags }, user)).toEqual(expected);
  });
});
