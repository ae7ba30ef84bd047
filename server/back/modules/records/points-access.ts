import { hasPointsAccess } from "#core/domain/user-state.ts";
import type { Db } from "../../../db/client.ts";
import { getUserPayload } from "../user/user.service.ts";

/** Points access (spec section 4) of the user in the account in use. */
export async function userPointsAccess(db: Db, userId: number, accountId: number | null): Promise<boolean> {
  const user = await getUserPayload(db, userId, accountId);
  if (!user.loggedIn) return false;
  return hasPointsAccess({ loggedIn: true, appId: user.appId, contractType: user.contractType });
}
