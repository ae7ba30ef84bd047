import { isRouteErrorResponse, Outlet } from "react-router";
import type { Route } from "./+types/default";
import { describeRouteError, ErrorPage } from "~/components/layout/error-page";
import { PageChrome } from "~/components/layout/page-chrome";
import { useRootData } from "~/lib/use-root-data";
import { requirePageOnBrand } from "~/lib/area-guards.server";

/** Country pages of another brand answer 404 (app/i18n/pages.ts `brands`). */
export function loader(args: Route.LoaderArgs) {
  return requirePageOnBrand(args);
}

export default function DefaultLayout() {
  return (
    <PageChrome>
      <Outlet />
    </PageChrome>
  );
}

/** Errors of pages in this layout keep the header and footer (404 of an invalid training type, for instance). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const data = useRootData();
  const described = describeRouteError(error, Boolean(data?.isDevelopment));
  return (
    <PageChrome>
      <ErrorPage {...described} stack={isRouteErrorResponse(error) ? undefined : described.stack} />
    </PageChrome>
  );
}
