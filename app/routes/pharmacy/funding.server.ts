/** Loaders and actions shared by the funding-request pages (ADR 0059). The area layout has checked the role. */
import type { RouterContextProvider } from "react-router";
import type { FundingRequest } from "#core/contract/funding-requests.ts";
import type { FundingState } from "#core/domain/funding-requests.ts";
import { requestStateContext } from "~/lib/context";
import { fundingRequestsEndpoints } from "#core/contract/endpoints/funding-requests.ts";

type Context = Readonly<RouterContextProvider>;

/** Page id (core/pages.ts) -> state: the four state pages share one route file, each language has its own paths. */
export const STATE_OF_PAGE: Record<string, Exclude<FundingState, "creation">> = {
  "pharmacy-funding-in-progress": "in_progress",
  "pharmacy-funding-financing": "financing",
  "pharmacy-funding-report": "report",
  "pharmacy-funding-reimbursement": "reimbursement",
};

export async function loadFundingList(context: Context, state?: FundingState): Promise<{ requests: FundingRequest[]; counts: Record<FundingState, number> }> {
  const { back } = context.get(requestStateContext);
  return back.call(fundingRequestsEndpoints.list, { query: { state } });
}
