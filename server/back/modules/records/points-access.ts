import { hasPointsAccess } from "#core/domain/user-state.ts";
import type { Db } from "../../../db/client.ts";
import type { SessionState } from "../../context.ts";
import { getUserPayload, sessionUserPayload } from "../user/user.service.ts";

/** Points access (spec section 4) of the user in the account in use. */
export async function userPointsAccess(db: Db, userId: number, accountId: number | null): Promise<boolean> {
  return pointsAccessOf(await getUserPayload(db, userId, accountId));
}

/** The same for the request's session (its user payload loaded once per web request). */
export async function sessionPointsAccess(db: Db, session: SessionState): Promise<boolean> {
  return pointsAccessOf(await sessionUserPayload(db, session));
}

function pointsAccessOf(user: Awaited<ReturnType<typeof getUserPayload>>): boolean {
  if (!user.loggedIn) return false;
  return hasPointsAccess({ loggedIn: true, appId: user.appId, contractType: user.contractType });
}
