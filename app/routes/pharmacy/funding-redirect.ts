import { redirect } from "react-router";
import type { Route } from "./+types/funding-redirect";
import { pathOf } from "~/lib/paths.server";

/** The route that leads to the current funding-request page (spec 2), keeping its query. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { search } = new URL(request.url);
  return redirect(`${pathOf(context, "pharmacy-funding-requests")}${search}`);
}
