import type { Route } from "./+types/build-manifest";
import { serverConfigContext } from "~/lib/context";

/** Polled by open pages to notice a new deployment. */
export function loader({ context }: Route.LoaderArgs) {
  const { buildId } = context.get(serverConfigContext);
  return Response.json({ buildId }, { headers: { "Cache-Control": "no-store" } });
}
