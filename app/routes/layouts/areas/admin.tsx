import { Outlet, type MiddlewareFunction } from "react-router";
import { areaMiddleware } from "~/lib/area-guards.server";

/** The "admin" area: its rule (app/lib/area-guards.server.ts) guards every loader and action below. No page is
 * in this area yet: routes.ts nests the first one here. */
export const middleware: MiddlewareFunction<Response>[] = [areaMiddleware("admin")];

export default function Area() {
  return <Outlet />;
}
