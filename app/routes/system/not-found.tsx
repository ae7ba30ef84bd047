import { notFound } from "~/lib/errors.server";
import type { Route } from "./+types/not-found";
import { ErrorPage } from "~/components/layout/error-page";

/** Unmatched paths: "Page not found: {path}" with a 404 status. */
export function loader({ request }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  notFound(pathname);
}

export default function NotFound() {
  return <ErrorPage status={404} />;
}
