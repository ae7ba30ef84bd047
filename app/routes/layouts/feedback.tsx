import { Link, Outlet } from "react-router";
import { useRootData } from "~/lib/use-root-data";
import type { Route } from "./+types/feedback";
import { requirePageOnBrand } from "~/lib/area-guards.server";

/** Country pages of another brand answer 404 (app/i18n/pages.ts `brands`). */
export function loader(args: Route.LoaderArgs) {
  return requirePageOnBrand(args);
}

/** A light frame for feedback forms reached from an e-mail: logo only, no navigation. */
export default function FeedbackLayout() {
  const data = useRootData();
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="h-1 bg-primary" aria-hidden="true" />
        <div className="mx-auto flex max-w-3xl items-center gap-3 px-4 py-4">
          {data ? (
            <Link to="/" className="flex items-center gap-3 rounded">
              <img src={data.brand.logo} alt="" width={40} height={40} />
              <span className="text-lg font-bold text-primary-dark">{data.brand.title}</span>
            </Link>
          ) : null}
        </div>
      </header>
      <div className="mx-auto max-w-3xl px-4 py-8">
        <Outlet />
      </div>
    </div>
  );
}
