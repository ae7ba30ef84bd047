import type { RouterContextProvider } from "react-router";
import type { ProfileData } from "#core/contract/profile.ts";
import type { UserPayload } from "#core/contract/user.ts";
import { hasPointsAccess, isContractValid, isReadOnlyUser } from "#core/domain/user-state.ts";
import { requestStateContext } from "~/lib/context";
import { profileEndpoints } from "#core/contract/endpoints/profile.ts";

export type { ProfileData } from "#core/contract/profile.ts";

export type ContractState = { state: "valid" | "expired"; validUntil: string | null; readOnly: boolean };

export async function loadProfile(context: Readonly<RouterContextProvider>): Promise<ProfileData> {
  return context.get(requestStateContext).back.call(profileEndpoints.profile);
}

/** Contract state computed on the server (one clock, no hydration mismatch). */
export function contractState(user: UserPayload, now = new Date()): ContractState {
  return {
    state: isContractValid(user.contractValidDate, now) ? "valid" : "expired",
    validUntil: user.contractValidDate?.slice(0, 10) ?? null,
    readOnly: isReadOnlyUser(user.contractType),
  };
}

export function pointsAccess(user: UserPayload): boolean {
  return hasPointsAccess({ loggedIn: true, appId: user.appId, contractType: user.contractType });
}
