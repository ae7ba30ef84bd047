import type { Context } from "hono";
import type { BackEnv } from "../../context.ts";
import { AppError } from "../../http/app-error.ts";
import { requireSession } from "../../http/guards.ts";
import type { AccountRow } from "../user/user.repository.ts";
import { pickCurrentAccount, sessionContract, sessionMemberships } from "../user/user.service.ts";

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
 * The holder-or-referent guard of the referent calls (spec section 6): 401 for a guest, 403 for anyone who is not a
 * holder or referent of the account in use; with `write`, 403 for a read-only contract too.
 */
export async function requireReferent(c: Context<BackEnv>, options: { write?: boolean } = {}): Promise<ReferentScope> {
  const session = requireSession(c);
  const { db } = c.var.deps;
  const current = pickCurrentAccount(await sessionMemberships(db, session), session.accountId);
  if (!current || (current.role !== "holder" && current.role !== "referent")) throw new AppError("FORBIDDEN", "referentOnly");
  const contract = await sessionContract(db, session, current);
  const readOnly = contract?.type === "readonly";
  if (options.write && readOnly) throw new AppError("FORBIDDEN", "readOnly");
  return { userId: session.userId, accountId: current.account.id, account: current.account, role: current.role, readOnly };
}
