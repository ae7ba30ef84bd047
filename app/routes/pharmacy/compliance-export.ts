import type { Route } from "./+types/compliance-export";
import { requestStateContext } from "~/lib/context";
import { notFound } from "~/lib/errors.server";
import { complianceTeamEndpoints as endpoints } from "#core/contract/endpoints/compliance-team.ts";

/**
 * The team compliance status as a download (ADR 0126), CSV or xlsx: a plain link, so it works with and without
 * JavaScript; through the web tier so the file is in the page's language (the visitor's chosen locale, not only
 * the browser's Accept-Language).
 */
export async function loader({ params, url, context }: Route.LoaderArgs) {
  if (params.format !== "csv" && params.format !== "xlsx") notFound(url.pathname);
  const { back } = context.get(requestStateContext);
  const file = await back.file(params.format === "csv" ? endpoints.exportCsv : endpoints.exportXlsx);
  return new Response(file.body, {
    headers: {
      "content-type": file.headers.get("content-type") ?? "application/octet-stream",
      "content-disposition": file.headers.get("content-disposition") ?? "attachment",
      "cache-control": "private, no-store",
    },
  });
}
