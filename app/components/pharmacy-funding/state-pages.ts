import type { FundingState } from "#core/domain/funding-requests.ts";

/** The page id of each state's list (creation is on the overview). */
export const STATE_PAGES: Record<Exclude<FundingState, "creation">, string> = {
  in_progress: "pharmacy-funding-in-progress",
  financing: "pharmacy-funding-financing",
  report: "pharmacy-funding-report",
  reimbursement: "pharmacy-funding-reimbursement",
};
