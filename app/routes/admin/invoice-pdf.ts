import type { Route } from "./+types/invoice-pdf";
import { IdParam } from "#core/contract/ids.ts";
import { requestStateContext } from "~/lib/context";
import { notFound, notFoundOn404 } from "~/lib/errors.server";
import { pdfDownload } from "~/lib/pdf-download.server";
import { accountingEndpoints } from "#core/contract/endpoints/accounting.ts";

/** /admin/factureCompta/invoices/{invoiceId}/pdf: any invoice or credit note of the store as its PDF (ADR 0094). */
export async function loader({ params, url, context }: Route.LoaderArgs) {
  const id = IdParam.safeParse(params.invoiceId ?? "");
  if (!id.success) notFound(url.pathname);
  const { back } = context.get(requestStateContext);
  return pdfDownload(await back.file(accountingEndpoints.invoicePdf, { params: { id: id.data } }).catch(notFoundOn404(url.pathname, [404, 422])));
}
