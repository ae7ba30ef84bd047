import { Outlet, type MiddlewareFunction } from "react-router";
import { areaMiddleware } from "~/lib/area-guards.server";

/** The "learn" area: its rule (app/lib/area-guards.server.ts) guards every loader and action below. */
export const middleware: MiddlewareFunction<Response>[] = [areaMiddleware("learn")];

export default function Area() {
  return <Outlet />;
}
