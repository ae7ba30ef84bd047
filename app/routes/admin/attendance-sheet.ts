import type { Route } from "./+types/attendance-sheet";
import { IdParam } from "#core/contract/ids.ts";
import { BackError } from "~/lib/back.server";
import { requestStateContext } from "~/lib/context";
import { notFound } from "~/lib/errors.server";

/** /admin/faceToFace/{sessionId}/attendance/{date}: the day's attendance sheet (PDF from the back API, ADR 0063). */
export async function loader({ params, url, context }: Route.LoaderArgs) {
  const id = IdParam.safeParse(params.sessionId ?? "");
  const day = /^\d{4}-\d{2}-\d{2}$/.test(params.date ?? "") ? params.date! : null;
  if (!id.success || !day) notFound(url.pathname);
  const { back } = context.get(requestStateContext);
  const file = await back.getFile(`/admin/sessions/${id.data}/attendance/${day}`).catch((error: unknown) => {
    if (error instanceof BackError && (error.status === 404 || error.status === 422)) notFound(url.pathname);
    throw error;
  });
  return new Response(file.body, {
    headers: {
      "content-type": "application/pdf",
      "content-disposition": file.headers.get("content-disposition") ?? "attachment",
      "cache-control": "private, no-store",
    },
  });
}
