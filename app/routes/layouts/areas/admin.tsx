import { Outlet, type MiddlewareFunction } from "react-router";
import { AdminNav } from "~/components/admin/admin-nav";
import { areaMiddleware } from "~/lib/area-guards.server";

/**
 * The "admin" area: its rule (app/lib/area-guards.server.ts) guards every loader and action below, and every page
 * below shows the back office's menu (app/components/admin/admin-nav.tsx) above its own content.
 */
export const middleware: MiddlewareFunction<Response>[] = [areaMiddleware("admin")];

export default function Area() {
  return (
    <>
      <AdminNav />
      <Outlet />
    </>
  );
}
