import { redirect } from "react-router";
import type { Route } from "./+types/index";
import { getLoggedInUser } from "~/lib/current-user.server";
import { pathOf } from "~/lib/paths.server";

/**
 * The index of pharmacy management (spec section 2): the collective plan when the user may access the training
 * plan, else the contract. Legacy `?pharmaTab=N` links: 0 collective plan, 1 dashboard, 2 contract, 3 invoices,
 * 4 funding requests, 5 attestations (an unknown value is the index's own choice).
 */
const LEGACY_TABS: Record<string, string> = {
  "0": "pharmacy-training-plans",
  "1": "pharmacy-dashboard",
  "2": "pharmacy-contract",
  "3": "pharmacy-invoices",
  "4": "pharmacy-funding-requests",
  "5": "pharmacy-attestations",
};

export async function loader({ url, context }: Route.LoaderArgs) {
  const user = await getLoggedInUser(context);
  const canPlan = user.productAccess.canAccessTrainingPlan;
  const home = canPlan ? "pharmacy-training-plans" : "pharmacy-contract";
  const legacy = LEGACY_TABS[url.searchParams.get("pharmaTab") ?? ""];
  // The collective plan is only for accounts that have it: the legacy link then lands on the index's choice.
  const target = legacy && (legacy !== "pharmacy-training-plans" || canPlan) ? legacy : home;
  throw redirect(pathOf(context, target));
}

export default function PharmacyIndex() {
  return null;
}
