import { data } from "react-router";
import type { Route } from "./+types/training";
import { ErrorPage } from "~/components/layout/error-page";
import { isTrainingType } from "~/domain/training-types";

/**
 * /{trainingType}/{slug}: only the ten training types match; any other first segment is
 * "Page Not Found: {path}". The course page itself comes with the catalogue.
 */
export function loader({ params, request }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  if (!isTrainingType(params.trainingType)) throw data(`Page Not Found: ${pathname}`, { status: 404 });
  throw data(`Page not found: ${pathname}`, { status: 404 });
}

export default function Training() {
  return <ErrorPage status={404} />;
}
