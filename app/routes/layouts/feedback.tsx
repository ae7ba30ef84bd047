import { Outlet } from "react-router";
import { useRootData } from "~/lib/use-root-data";

/** A light frame for feedback forms reached from an e-mail: logo only, no navigation. */
export default function FeedbackLayout() {
  const data = useRootData();
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="mx-auto flex max-w-3xl items-center gap-2 px-4 py-4">
        {data ? <img src={data.brand.logo} alt={data.brand.title} width={40} height={40} /> : null}
      </header>
      <Outlet />
    </div>
  );
}
