import type { RouterContextProvider } from "react-router";
import type { UserPayload } from "../../../server/back/modules/user/user.service";
import { hasPointsAccess, isContractValid, isReadOnlyUser } from "#core/domain/user-state.ts";
import { requestStateContext } from "~/lib/context";

export type ProfileData = UserPayload & {
  gender: string | null;
  phone: string | null;
  mobilePhone: string | null;
  birthDate: string | null;
  professionalNumber: string | null;
};

export type ContractState = { state: "valid" | "expired"; validUntil: string | null; readOnly: boolean };

export async function loadProfile(context: Readonly<RouterContextProvider>): Promise<ProfileData> {
  return context.get(requestStateContext).back.get<ProfileData>("/user/profile");
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
