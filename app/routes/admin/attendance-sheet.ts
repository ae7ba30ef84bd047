import type { Route } from "./+types/attendance-sheet";
import { requestStateContext } from "~/lib/context";
import { notFound, notFoundOn404 } from "~/lib/errors.server";
import { requireIdParam } from "~/lib/id-param.server";
import { pdfDownload } from "~/lib/pdf-download.server";
import { adminSessionsEndpoints } from "#core/contract/endpoints/admin-sessions.ts";

/** /admin/faceToFace/{sessionId}/attendance/{date}: the day's attendance sheet (PDF from the back API, ADR 0063). */
export async function loader({ params, url, context }: Route.LoaderArgs) {
  const id = requireIdParam(params.sessionId, url);
  const day = /^\d{4}-\d{2}-\d{2}$/.test(params.date ?? "") ? params.date! : null;
  if (!day) notFound(url.pathname);
  const { back } = context.get(requestStateContext);
  return pdfDownload(await back.file(adminSessionsEndpoints.attendanceSheet, { params: { id, day } }).catch(notFoundOn404(url.pathname, [404, 422])));
}
