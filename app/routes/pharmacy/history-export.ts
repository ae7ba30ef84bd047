import { redirect } from "react-router";
import type { Route } from "./+types/history-export";
import { BackError } from "~/lib/back.server";
import { requestStateContext } from "~/lib/context";
import { readFormData } from "~/lib/forms.server";
import { pathOf } from "~/lib/paths.server";
import { redirectWithToast } from "~/lib/toast.server";
import { referentEndpoints as referent } from "#core/contract/endpoints/referent.ts";

/**
 * The dashboard's team history export (ADR 0076): starts the export job and goes to its page, which shows the
 * progress and then offers the file (with or without JavaScript).
 */
export async function action({ request, context }: Route.ActionArgs) {
  await readFormData(request, context);
  const { back } = context.get(requestStateContext);
  try {
    const job = await back.call(referent.startHistoryExport, { body: {} });
    throw redirect(pathOf(context, "pharmacy-history-export-job", { jobId: String(job.id) }), 303);
  } catch (error) {
    if (error instanceof BackError) return redirectWithToast(pathOf(context, "pharmacy-dashboard"), { type: "error", message: error.message });
    throw error;
  }
}
