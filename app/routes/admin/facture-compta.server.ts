import type { RouterContextProvider } from "react-router";
import { AccountingExportQuerySchema, ConfirmCheckFormSchema, PendingChecksQuerySchema } from "#core/contract/accounting.ts";
import { monthOf } from "#core/domain/accounting.ts";
import { toParisDate } from "#core/domain/dates.ts";
import { requestStateContext } from "~/lib/context";
import { backErrorReply, invalidReply, readSubmission } from "~/lib/forms.server";
import { parseFormData } from "~/lib/form-validation";
import { replyErrors } from "~/lib/form-reply";
import { pathOf } from "~/lib/paths.server";
import { redirectWithToast } from "~/lib/toast.server";
import { serverT } from "~/lib/translate.server";
import { accountingEndpoints } from "#core/contract/endpoints/accounting.ts";

type Context = Readonly<RouterContextProvider>;

export const EXPORT_FIELDS = ["brand", "from", "to", "format"] as const;

/**
 * factureCompta: the export form (its values from the query, the current month by default; after a refused export
 * the resource route sends the typed values back with `invalid=1`, and the errors are computed here) and the checks
 * waiting for confirmation, sorted and paged (`sort`, `dir`, `page` of the list pattern, ADR 0061; `brand` of the
 * query is the export form's), and the payments to refund.
 */
export async function loadFactureCompta(url: URL, context: Context) {
  const { back } = context.get(requestStateContext);
  const { sort, dir, page } = PendingChecksQuerySchema.parse(Object.fromEntries(url.searchParams));
  // The payments to refund (ADR 0101): their first page, newest first (this page's query sorts and pages the checks).
  const [checks, refunds] = await Promise.all([
    back.call(accountingEndpoints.pendingChecks, { query: { sort, dir, page } }),
    back.call(accountingEndpoints.refunds),
  ]);
  const month = monthOf(toParisDate(new Date()));
  const values = {
    brand: url.searchParams.get("brand") ?? "fr",
    from: url.searchParams.get("from") ?? month.from,
    to: url.searchParams.get("to") ?? month.to,
    format: url.searchParams.get("format") ?? "csv",
  };
  let exportErrors: Record<string, string[]> = {};
  if (url.searchParams.get("invalid") === "1") {
    const form = new FormData();
    for (const name of EXPORT_FIELDS) form.set(name, values[name]);
    const submission = parseFormData(form, AccountingExportQuerySchema, serverT(context, "common"));
    exportErrors = submission.status === "success" ? {} : replyErrors(submission.reply());
  }
  const confirm = Number(url.searchParams.get("confirm")) || null;
  return {
    title: serverT(context, "admin-tools")("compta.title"),
    checks: checks.items,
    paging: checks.paging,
    refunds: refunds.items,
    refundsTotal: refunds.paging.total,
    list: { sort, dir },
    values,
    exportErrors,
    confirm: checks.items.some((c) => c.orderId === confirm) ? confirm : null,
  };
}

export async function confirmCheckAction(request: Request, context: Context) {
  const { submission } = await readSubmission(request, context, ConfirmCheckFormSchema);
  if (submission.status !== "success") return invalidReply(submission);
  const { back } = context.get(requestStateContext);
  try {
    await back.call(accountingEndpoints.confirmCheck, { params: { id: submission.value.orderId } });
  } catch (error) {
    return backErrorReply(submission, error);
  }
  return redirectWithToast(pathOf(context, "admin-facture-compta"), { type: "success", message: serverT(context, "admin-tools")("compta.confirmed") });
}
