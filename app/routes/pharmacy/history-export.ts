import type { Route } from "./+types/history-export";
import { BackError } from "~/lib/back.server";
import { requestStateContext } from "~/lib/context";
import { readFormData } from "~/lib/forms.server";
import { pathOf } from "~/lib/paths.server";
import { redirectWithToast } from "~/lib/toast.server";

/** The dashboard's team history export (a resource route: its answer is the spreadsheet file). */
export async function action({ request, context }: Route.ActionArgs) {
  await readFormData(request, context);
  const { back } = context.get(requestStateContext);
  try {
    const file = await back.postForFile("/referent/history/export", {});
    return new Response(file.body, {
      headers: {
        "content-type": file.headers.get("content-type") ?? "text/csv; charset=utf-8",
        "content-disposition": file.headers.get("content-disposition") ?? 'attachment; filename="historique.csv"',
      },
    });
  } catch (error) {
    if (error instanceof BackError) return redirectWithToast(pathOf(context, "pharmacy-dashboard"), { type: "error", message: error.message });
    throw error;
  }
}
