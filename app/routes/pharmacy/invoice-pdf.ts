import type { Route } from "./+types/invoice-pdf";
import { notFound } from "~/lib/errors.server";

/** The PDF of one invoice of the pharmacy (a download, no page). */
export async function loader({ url }: Route.LoaderArgs) {
  notFound(url.pathname);
  return null;
}
