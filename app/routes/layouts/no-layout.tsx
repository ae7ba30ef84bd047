import { Outlet } from "react-router";
import type { Route } from "./+types/no-layout";
import { requirePageOnBrand } from "~/lib/area-guards.server";

/** Country pages of another brand answer 404 (app/i18n/pages.ts `brands`). */
export function loader(args: Route.LoaderArgs) {
  return requirePageOnBrand(args);
}

/** Pages without site chrome (landing pages). */
export default function NoLayout() {
  return <Outlet />;
}
