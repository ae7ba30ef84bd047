import { Outlet, type MiddlewareFunction } from "react-router";
import type { Route } from "./+types/pharmacy";
import { areaMiddleware } from "~/lib/area-guards.server";
import { getLoggedInUser } from "~/lib/current-user.server";

/** The "pharmacy" area: its rule (app/lib/area-guards.server.ts) guards every loader and action below. */
export const middleware: MiddlewareFunction<Response>[] = [areaMiddleware("pharmacy")];

/**
 * What every pharmacy tab shows around its page (app/components/pharmacy/pharmacy-tabs.tsx): the pharmacy's name,
 * which tabs the account has, and whether its contract is read-only. From the request's one user lookup.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const user = await getLoggedInUser(context);
  return {
    pharmacyName: user.establishment?.name ?? "",
    canAccessTrainingPlan: user.productAccess.canAccessTrainingPlan,
    readOnly: user.contractType === "readonly",
    isSpanish: user.establishment?.country === "ES",
  };
}

export default function Area() {
  return <Outlet />;
}
