import { canWrite } from "#core/domain/permissions.ts";
import type { AccountRow } from "../user/user.repository.ts";
import type { CallerFacts } from "../user/user.service.ts";

/**
 * Who a referent call acts for: the referent and the account in use (the session's, while the user is an active
 * holder or referent of it). Every referent query is scoped by `accountId`: another pharmacy's ids are not found.
 */
export type ReferentScope = {
  userId: number;
  accountId: number;
  account: AccountRow;
  role: "holder" | "referent";
  /** The account's contract is read-only: the referent sees everything and changes nothing. */
  readOnly: boolean;
};

/**
 * The scope of a caller the holder-or-referent rule let through (the `referent` and `referentWrite` accesses, spec
 * section 6): the account in use and the caller's role there.
 */
export function referentScope(facts: CallerFacts): ReferentScope {
  const current = facts.session ? facts.current : undefined;
  const role = current?.role;
  if (!facts.session || !current || (role !== "holder" && role !== "referent")) {
    throw new Error("a referent scope for a caller who is not a holder or referent of the account in use");
  }
  return { userId: facts.session.userId, accountId: current.account.id, account: current.account, role, readOnly: !canWrite(facts.user) };
}
