import { Outlet, type MiddlewareFunction } from "react-router";
import { areaMiddleware } from "~/lib/area-guards.server";

/** The "guest" area: its rule (app/lib/area-guards.server.ts) guards every loader and action below. */
export const middleware: MiddlewareFunction<Response>[] = [areaMiddleware("guest")];

export default function Area() {
  return <Outlet />;
}
