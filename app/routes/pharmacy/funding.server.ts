/** Loaders and actions shared by the funding-request pages (ADR 0059). The area layout has checked the role. */
import type { RouterContextProvider } from "react-router";
import { FundingRequestListSchema, type FundingRequest } from "#core/contract/funding-requests.ts";
import type { FundingState } from "#core/domain/funding-requests.ts";
import { requestStateContext } from "~/lib/context";

type Context = Readonly<RouterContextProvider>;

/** Last path segment -> state (the four state pages share one route file). */
export const STATE_OF_SEGMENT: Record<string, Exclude<FundingState, "creation">> = {
  "en-cours": "in_progress",
  financement: "financing",
  rapport: "report",
  remboursement: "reimbursement",
};

export async function loadFundingList(context: Context, state?: FundingState): Promise<{ requests: FundingRequest[]; counts: Record<FundingState, number> }> {
  const { back } = context.get(requestStateContext);
  return back.get("/referent/dpec", FundingRequestListSchema, { state });
}
