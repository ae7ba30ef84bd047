import { Outlet } from "react-router";
import { useRootData } from "~/lib/use-root-data";
import type { Route } from "./+types/connect-as-farline";
import { requirePageOnBrand } from "~/lib/area-guards.server";

/** Country pages of another brand answer 404 (app/i18n/pages.ts `brands`). */
export function loader(args: Route.LoaderArgs) {
  return requirePageOnBrand(args);
}

/** Arrival from another platform: a centred card while the session is being opened. */
export default function ConnectAsFarlineLayout() {
  const data = useRootData();
  return (
    <div className="flex min-h-screen items-center justify-center bg-slate-100 px-4">
      <div className="w-full max-w-md rounded-lg border-t-4 border-primary bg-white p-8 shadow">
        {data ? <img src={data.brand.logo} alt={data.brand.title} width={56} height={56} className="mx-auto mb-4" /> : null}
        <Outlet />
      </div>
    </div>
  );
}
