/**
 * Who passes each named rule of core/domain/permissions.ts, by kind of user: the one table that the rules' unit test
 * (core/domain/permissions.test.ts), the API's authorization matrix (every endpoint by its access) and the pages'
 * guard matrix (every area page) read. Each kind is a French demo user of the seed (password demo1234).
 */
import type { PermissionName } from "#core/domain/permissions.ts";

export const USER_KINDS = {
  guest: null,
  learner: "learner@demo.test",
  readOnly: "readonly@demo.test",
  /** No pharmacy and no contract. */
  noPharmacy: "noaccount@demo.test",
  shop: "shop@demo.test",
  holder: "holder@demo.test",
  /** A referent of a pharmacy whose contract is read-only. */
  readOnlyReferent: "referent.readonly@demo.test",
  /** A member of two pharmacies, none in use. */
  multi: "multi@demo.test",
  /** An administrator, learner in a pharmacy. */
  admin: "admin@demo.test",
} as const;
export type UserKind = keyof typeof USER_KINDS;

export const ALL_KINDS = Object.keys(USER_KINDS) as UserKind[];

const loggedIn = ALL_KINDS.filter((kind) => kind !== "guest");

/** Per rule, the kinds of user who pass it; every other kind fails it. */
export const WHO_PASSES: Record<PermissionName, readonly UserKind[]> = {
  anyone: ALL_KINDS,
  isLoggedIn: loggedIn,
  isAdmin: ["admin"],
  needsAccountChoice: ["noPharmacy", "multi"],
  isHolderOrReferent: ["holder", "readOnlyReferent"],
  canShop: ["guest", "shop"],
  canWrite: loggedIn.filter((kind) => kind !== "readOnly" && kind !== "readOnlyReferent"),
  canWriteAsHolderOrReferent: ["holder"],
};

export function passes(kind: UserKind, rule: PermissionName): boolean {
  return WHO_PASSES[rule].includes(kind);
}
