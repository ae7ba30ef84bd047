import type { Route } from "./+types/invoices-zip";
import { BackError } from "~/lib/back.server";
import { requestStateContext } from "~/lib/context";
import { parseSubmission, readFormData } from "~/lib/forms.server";
import { pathOf } from "~/lib/paths.server";
import { redirectWithToast } from "~/lib/toast.server";
import { InvoicesZipFormSchema } from "#core/contract/referent.ts";
import { referentEndpoints as referent } from "#core/contract/endpoints/referent.ts";

/**
 * The invoices tab's ZIP download (a resource route: its answer is the file). Posted by a plain form, so it works
 * with and without JavaScript; a choice of no invoice goes back to the tab with the message as a toast.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readFormData(request, context);
  const submission = parseSubmission(formData, context, InvoicesZipFormSchema);
  const back = pathOf(context, "pharmacy-invoices");
  if (submission.status !== "success") {
    const message =
      Object.values(submission.error ?? {})
        .flat()
        .filter(Boolean)[0] ?? "";
    return redirectWithToast(back, { type: "error", message });
  }
  const { back: api } = context.get(requestStateContext);
  try {
    const file = await api.file(referent.invoicesZip, { body: { factures: submission.value.factures } });
    return new Response(file.body, {
      headers: {
        "content-type": file.headers.get("content-type") ?? "application/zip",
        "content-disposition": file.headers.get("content-disposition") ?? 'attachment; filename="factures.zip"',
      },
    });
  } catch (error) {
    if (error instanceof BackError) return redirectWithToast(back, { type: "error", message: error.message });
    throw error;
  }
}
