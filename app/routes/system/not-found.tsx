import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { ErrorPage } from "~/components/layout/error-page";

/** Unmatched paths: "Page not found: {path}" with a 404 status. */
export function loader({ request }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  throw data(`Page not found: ${pathname}`, { status: 404 });
}

export default function NotFound() {
  return <ErrorPage status={404} />;
}
