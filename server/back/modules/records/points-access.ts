import { hasPointsAccess } from "#core/domain/user-state.ts";
import type { Db } from "../../../db/client.ts";
import type { ServiceContext } from "../../service-context.ts";
import { findPersonalContract, findUserById, listMemberships } from "../user/user.repository.ts";
import { pickCurrentAccount, sessionUserPayload } from "../user/user.service.ts";

/** Points access (spec section 4) of the user in the account in use: their app id and the contract in force there. */
export async function userPointsAccess(db: Db, userId: number, accountId: number | null): Promise<boolean> {
  const [user, memberships] = await Promise.all([findUserById(db, userId), listMemberships(db, userId)]);
  if (!user) return false;
  const current = pickCurrentAccount(memberships, accountId);
  const contract = current?.accountContract ?? (await findPersonalContract(db, userId));
  return hasPointsAccess({ loggedIn: true, appId: user.appId, contractType: contract?.type ?? null });
}

/** The same for the request's session (its user payload loaded once per web request). */
export async function sessionPointsAccess(ctx: ServiceContext): Promise<boolean> {
  const user = await sessionUserPayload(ctx);
  return user.loggedIn && hasPointsAccess({ loggedIn: true, appId: user.appId, contractType: user.contractType });
}
